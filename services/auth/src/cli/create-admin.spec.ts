import { verifyPassword } from '@portal/auth';
import { Db, dropDatabase } from '@portal/db';
import { freshDatabaseBase } from '@portal/testing';
import { AUTH_MIGRATIONS } from '../auth.module';
import { adminPasswordProblems, createAdmin } from './create-admin';

describe('first administrator command', () => {
  const url = `${freshDatabaseBase()}_auth_cli`;
  let db: Db;
  beforeAll(async () => {
    db = await Db.open({ service: 'auth', entities: [], migrations: AUTH_MIGRATIONS, url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase(url);
  });

  it('refuses weak passwords with what is missing', () => {
    expect(adminPasswordProblems('Short1a', 'ops')).toContain('at least 12 characters');
    expect(adminPasswordProblems('alllowercase123', 'ops')).toContain('upper and lower case letters');
    expect(adminPasswordProblems('NoDigitsAtAllHere', 'ops')).toContain('at least one digit');
    expect(adminPasswordProblems('Xops-Warehouse-2026', 'ops')).toContain('not containing the login');
    expect(adminPasswordProblems('Portal2026Portal', 'ops')).toContain('not a common or guessable word');
    expect(adminPasswordProblems('Quai-7-Entrepot-Lyon', 'ops')).toEqual([]);
  });

  it('creates an ADMIN account, then resets it: new password, unblocked, sessions ended, roles kept', async () => {
    expect(await createAdmin(db, 'ops', 'ops@provider.example', 'Quai-7-Entrepot-Lyon')).toBe('created');
    const [user] = await db.system.query<{ id: number; roles: string[]; password_hash: string }>(
      `SELECT id, roles, password_hash FROM users WHERE login = 'ops'`,
    );
    expect(user.roles).toEqual(['ADMIN']);
    expect(await verifyPassword(user.password_hash, 'Quai-7-Entrepot-Lyon')).toBe(true);

    await db.system.query(
      `UPDATE users SET roles = '{STOCK_USER}', blocked_until = now() + interval '1 hour', failed_logins = 5 WHERE id = $1`,
      [user.id],
    );
    await db.system.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES (gen_random_uuid(), $1, now() + interval '1 hour')`, [
      user.id,
    ]);
    expect(await createAdmin(db, 'OPS', 'ops@provider.example', 'Autre-Quai-9-Lyon')).toBe('reset');
    const [after] = await db.system.query<{ roles: string[]; password_hash: string; blocked_until: Date | null; failed_logins: number }>(
      `SELECT roles, password_hash, blocked_until, failed_logins FROM users WHERE id = $1`,
      [user.id],
    );
    expect([...after.roles].sort()).toEqual(['ADMIN', 'STOCK_USER']);
    expect(after.blocked_until).toBeNull();
    expect(after.failed_logins).toBe(0);
    expect(await verifyPassword(after.password_hash, 'Autre-Quai-9-Lyon')).toBe(true);
    const [{ open }] = await db.system.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
      [user.id],
    );
    expect(open).toBe(0);
  });
});
