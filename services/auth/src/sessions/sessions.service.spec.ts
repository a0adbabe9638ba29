import { TokenService } from '@portal/auth';
import {
  AppError,
  AuthSubjects,
  EMPTY_SCOPE,
  Role,
  systemContext,
  UI_PREFERENCE_DEFAULTS,
  type CallerContext,
  type LoginResponse,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, DEMO_USERS, seedAuthDemo } from '../demo/seed';
import type { ResolvedSession } from './sessions.repository';

describe('sessions (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  let db: Db;
  const anon = systemContext('test');

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await seedAuthDemo(db);
  });
  afterAll(() => h.close());

  const login = (loginName: string, password = DEMO_PASSWORD) =>
    h.call<LoginResponse>(AuthSubjects.login, anon, { login: loginName, password });
  const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
  const resolve = (token: string) =>
    h.call<ResolvedSession>(AuthSubjects.resolveSession, anon, { sessionId: claims(token).sid, userUuid: claims(token).sub });
  const ctxOf = async (token: string): Promise<CallerContext> => ({ requestId: 'r', ...(await resolve(token)) });

  it('logs in by login or e-mail and answers the user without any secret', async () => {
    const byLogin = await login('alice');
    const byEmail = await login('ALICE.MARTIN@demo-a.example');
    expect(byLogin.user.login).toBe('alice');
    expect(byEmail.user.uuid).toBe(byLogin.user.uuid);
    expect(byLogin.user.theme).toBe('dark');
    expect(byLogin.user.etiquette_format).toBe('PDF');
    expect(byLogin.user.preferences).toEqual(UI_PREFERENCE_DEFAULTS);
    expect(JSON.stringify(byLogin)).not.toMatch(/argon2|password_?hash|failed/i);
  });

  it('refuses a wrong pair with loginFailed, unknown login included', async () => {
    await expect(login('alice', 'Wrong-pass1')).rejects.toMatchObject({ key: 'loginFailed', status: 401 });
    await expect(login('nobody-here')).rejects.toMatchObject({ key: 'loginFailed', status: 401 });
    await login('alice'); // resets alice's failure count
  });

  it('blocks an account for 15 minutes after 5 failures, with the seconds left', async () => {
    for (let i = 0; i < 4; i++) await expect(login('bob', 'Wrong-pass1')).rejects.toMatchObject({ key: 'loginFailed' });
    const fifth = await login('bob', 'Wrong-pass1').catch((e: AppError) => e);
    expect(fifth).toMatchObject({ key: 'accountBlocked', status: 423 });
    expect((fifth as AppError).params?.seconds).toBeGreaterThan(890);
    // Even the right password is refused while blocked.
    await expect(login('bob')).rejects.toMatchObject({ key: 'accountBlocked' });
    const [row] = await db.system.query<{ type: string }>(`SELECT type FROM outbox WHERE type = 'auth.user.account-blocked'`);
    expect(row).toBeDefined();
    await db.system.query(`UPDATE users SET blocked_until = now() - interval '1 second' WHERE login = 'bob'`);
    await expect(login('bob')).resolves.toMatchObject({ user: { login: 'bob' } });
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) await expect(login('carla', 'Wrong-pass1')).rejects.toMatchObject({ key: 'loginFailed' });
    await db.system.query(`UPDATE users SET failure_window_start = now() - interval '16 minutes' WHERE login = 'carla'`);
    await expect(login('carla', 'Wrong-pass1')).rejects.toMatchObject({ key: 'loginFailed' });
    await login('carla');
  });

  it('resolves a session into roles and scope; ADMIN gets the full scope', async () => {
    const alice = await resolve((await login('alice')).token);
    expect(alice.scope).toEqual({ ...EMPTY_SCOPE, depositorIds: [1, 2] });
    expect(alice.roles).toEqual(expect.arrayContaining([Role.PGT_USER, Role.FEVER_USER]));
    const admin = await resolve((await login('admin')).token);
    expect(admin.scope.all).toBe(true);
  });

  it('adds the roles of role groups', async () => {
    await db.system.query(
      `INSERT INTO user_role_groups (user_id, group_id) SELECT u.id, g.id FROM users u, role_groups g WHERE u.login = 'bob' AND g.code = 'TRANSPORT'`,
    );
    const bob = await resolve((await login('bob')).token);
    expect(bob.roles).toEqual(expect.arrayContaining([Role.PGT_USER, Role.STOCK_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER]));
    await db.system.query(`DELETE FROM user_role_groups`);
  });

  it('ends a session on logout, with every token of it (one renewed by the gateway included)', async () => {
    const { token } = await login('alice');
    const ctx = await ctxOf(token);
    const renewed = h.get(TokenService).sign({ sid: ctx.user!.sessionId, sub: ctx.user!.uuid });
    await expect(resolve(renewed)).resolves.toMatchObject({ user: { sessionId: claims(token).sid } });
    await h.call(AuthSubjects.logout, ctx);
    await expect(resolve(token)).rejects.toMatchObject({ key: 'tokenDismiss', status: 401 });
    await expect(resolve(renewed)).rejects.toMatchObject({ key: 'tokenDismiss' });
  });

  it("refuses a session presented with another user's uuid, an expired session and a disabled user", async () => {
    const { token } = await login('alice');
    await expect(
      h.call(AuthSubjects.resolveSession, anon, { sessionId: claims(token).sid, userUuid: DEMO_USERS[2].uuid }),
    ).rejects.toMatchObject({ key: 'tokenDismiss' });
    await db.system.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [claims(token).sid]);
    await expect(resolve(token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    const other = await login('carla');
    await db.system.query(`UPDATE users SET disabled = true WHERE login = 'carla'`);
    await expect(resolve(other.token)).rejects.toMatchObject({ key: 'tokenDismiss' });
    await expect(login('carla')).rejects.toMatchObject({ key: 'loginFailed' });
    await db.system.query(`UPDATE users SET disabled = false WHERE login = 'carla'`);
  });

  it('checks roles on the bus too: a user without ADMIN_USERS cannot reset a password', async () => {
    const ctx = await ctxOf((await login('bob')).token);
    await expect(h.call(AuthSubjects.adminResetPassword, ctx, { uuid: DEMO_USERS[1].uuid })).rejects.toMatchObject({
      key: 'permissionDenied',
      status: 403,
    });
  });
});
