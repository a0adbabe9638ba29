import { FULL_SCOPE } from '@portal/contracts';
import { inScope, scopeSql } from './scope';

describe('scope helper', () => {
  const scope = { all: false, depositorIds: [1, 2], activityIds: [], storeIds: [7] };

  it('narrows to the allowed depositors and, when the user has a list, stores', () => {
    expect(scopeSql(scope, { depositor: 'o.depositor_id', activity: 'o.activity_id', store: 'o.store_id' })).toEqual({
      sql: 'o.depositor_id IN (:...s_depositor) AND o.store_id IN (:...s_store)',
      params: { s_depositor: [1, 2], s_store: [7] },
    });
  });

  it('denies by default: no allowed depositor matches nothing', () => {
    expect(scopeSql({ ...scope, depositorIds: [] }, { depositor: 'd.id' }).sql).toBe('1 = 0');
  });

  it('skips every condition for a full scope', () => {
    expect(scopeSql(FULL_SCOPE, { depositor: 'd.id', store: 's.id' })).toEqual({ sql: '', params: {} });
    expect(inScope(FULL_SCOPE, 99)).toBe(true);
    expect(inScope(scope, 2)).toBe(true);
    expect(inScope(scope, 3)).toBe(false);
    expect(inScope(scope, null)).toBe(false);
  });
});
