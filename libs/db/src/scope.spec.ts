import { depositorScope, EMPTY_SCOPE, FULL_SCOPE, type Scope } from '@portal/contracts';
import { inScope, scopeConditions, type ScopeColumns } from './scope';

/** The conditions with their parameters written inline, to read them as SQL. */
function sql(scope: Scope, columns: ScopeColumns): string[] {
  const params: unknown[] = [];
  return scopeConditions(scope, columns, (v) => {
    params.push(v);
    return `$${params.length}`;
  }).map((c) => c.replace(/\$(\d+)/g, (_, n: string) => JSON.stringify(params[Number(n) - 1])));
}

describe('scope rule', () => {
  const columns = { depositor: 'o.depositor_id', platform: 'o.platform_id', activity: 'o.activity_code', store: 'o.store_code' };

  it('narrows to the allowed depositors only when nothing else is restricted', () => {
    expect(sql(depositorScope([1, 2]), columns)).toEqual(['o.depositor_id = ANY([1,2]::int[])']);
  });

  it('denies by default: no allowed depositor matches nothing', () => {
    expect(sql(EMPTY_SCOPE, { depositor: 'd.id' })).toEqual(['d.id = ANY([]::int[])']);
  });

  it('restricts activities and stores per depositor, platforms when the user narrowed to some', () => {
    const scope = { ...depositorScope([1, 2]), platformIds: [8], activityKeys: ['1:ECOM'], storeKeys: ['2:M02', '2:M03'] };
    expect(sql(scope, columns)).toEqual([
      'o.depositor_id = ANY([1,2]::int[])',
      'o.platform_id = ANY([8]::int[])',
      '((o.depositor_id = 1::int AND o.activity_code = "ECOM"::text) OR o.depositor_id = ANY([2]::int[]))',
      '((o.depositor_id = 2::int AND o.store_code = ANY(["M02","M03"]::text[])) OR o.depositor_id = ANY([1]::int[]))',
    ]);
  });

  it('writes a depositor restricted in full without the others, codes holding the separator kept whole', () => {
    const scope = { ...depositorScope([1]), activityKeys: ['1:ECOM', '1:B2B:EU'] };
    expect(sql(scope, columns)).toEqual([
      'o.depositor_id = ANY([1]::int[])',
      '((o.depositor_id = 1::int AND o.activity_code = ANY(["ECOM","B2B:EU"]::text[])))',
    ]);
  });

  it('leaves out the dimensions a row does not carry', () => {
    const scope = { ...depositorScope([1]), platformIds: [8], activityKeys: ['1:ECOM'] };
    expect(sql(scope, { depositor: 'i.depositor_id' })).toEqual(['i.depositor_id = ANY([1]::int[])']);
  });

  it('filters the back office rows by their ids', () => {
    expect(sql({ ...depositorScope([1]), activityIds: [3] }, { depositor: 'a.depositor_id', activityId: 'a.id' })).toEqual([
      'a.depositor_id = ANY([1]::int[])',
      'a.id = ANY([3]::int[])',
    ]);
  });

  it('skips every condition for a full scope', () => {
    expect(sql(FULL_SCOPE, columns)).toEqual([]);
    expect(inScope(FULL_SCOPE, 99)).toBe(true);
    expect(inScope(depositorScope([1, 2]), 2)).toBe(true);
    expect(inScope(depositorScope([1, 2]), 3)).toBe(false);
    expect(inScope(depositorScope([1, 2]), null)).toBe(false);
  });
});
