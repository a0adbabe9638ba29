import { auditActor, auditDiff, auditSafe } from './audit';
import { FULL_SCOPE, type CallerContext } from './context';

describe('audit trail records', () => {
  it('masks secrets and keeps the rest as it is', () => {
    expect(auditSafe({ login: 'alice', password_hash: '$argon2id$…', apiKey: 'k-1', token: null, roles: ['PGT_USER'] })).toEqual({
      login: 'alice',
      password_hash: '••••',
      apiKey: '••••',
      token: null,
      roles: ['PGT_USER'],
    });
    expect(auditSafe(null)).toBeNull();
  });

  it('lists the fields that differ, JSON-equal values left out', () => {
    expect(auditDiff({ title: 'A', statuses: [1, 2], note: null }, { title: 'B', statuses: [1, 2], extra: 3 })).toEqual([
      { field: 'extra', before: null, after: 3 },
      { field: 'title', before: 'A', after: 'B' },
    ]);
    expect(auditDiff(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1 }]);
  });

  it('tells a provider’s administrator from a depositor’s user', () => {
    const base = { requestId: 'r', roles: [], locale: 'fr_FR', timezone: 'Europe/Paris' };
    const user = { id: 2, uuid: 'u', login: 'alice', sessionId: 's' };
    expect(auditActor({ ...base, user, scope: { ...FULL_SCOPE } } as CallerContext)).toMatchObject({ provider: true, depositorIds: [] });
    expect(auditActor({ ...base, user, scope: { ...FULL_SCOPE, all: false, depositorIds: [1, 2] } } as CallerContext)).toEqual({
      userId: 2,
      login: 'alice',
      client: null,
      provider: false,
      depositorIds: [1, 2],
    });
  });
});
