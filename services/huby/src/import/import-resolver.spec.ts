import { describe, expect, it } from '@jest/globals';
import type { Db } from '@portal/db';
import { callerContext } from '@portal/testing';
import type { Depositors } from '../depositors/depositors';
import { HubyImportResolver } from './import-resolver';

const resolver = (ctx: ReturnType<typeof callerContext>, rows: { id: number; code: string }[] = []) =>
  new HubyImportResolver(
    { scopedQuery: async () => rows } as unknown as Db,
    { byIds: async () => new Map() } as unknown as Depositors,
    ctx,
  );

describe('order import codes allowed to the caller (spec §5)', () => {
  it('allows the activities and stores of a depositor the caller is restricted to, and any of an unrestricted one', () => {
    const r = resolver(callerContext({ depositorIds: [1, 2], activityKeys: ['1:ACT1'], storeKeys: ['1:STORE1', '1:STORE2'] }));
    expect(r.allowed(1, 'activity', 'ACT1')).toBe(true);
    expect(r.allowed(1, 'activity', 'ACT2')).toBe(false);
    expect(r.allowed(1, 'store', 'STORE2')).toBe(true);
    expect(r.allowed(1, 'store', 'STORE3')).toBe(false);
    expect(r.allowed(2, 'activity', 'ANY')).toBe(true);
    expect(resolver(callerContext({ all: true })).allowed(1, 'activity', 'ACT9')).toBe(true);
  });

  it("answers notAuthorized for a depositor outside the caller's scope, even when the code exists", async () => {
    expect(await resolver(callerContext({ depositorIds: [1] }), [{ id: 2, code: 'DEMO-B' }]).depositor('DEMO-B')).toBe('notAuthorized');
    expect(await resolver(callerContext({ depositorIds: [1] }), []).depositor('NOPE')).toBe('notAuthorized');
    expect(await resolver(callerContext({ depositorIds: [1] }), [{ id: 1, code: 'DEMO-A' }]).depositor('DEMO-A')).toEqual({
      id: 1,
      code: 'DEMO-A',
    });
  });
});
