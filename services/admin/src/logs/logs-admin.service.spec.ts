import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminReferenceEvents, AdminReferenceSubjects as S, Role, type AdminLogDto, type ListPage } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

describe('logs in the back office', () => {
  let h: ServiceHarness;
  let db: Db;
  const admin = () => ({
    ...callerContext({ userId: 90, roles: [Role.ADMIN_LOGS] }),
    user: { id: 90, uuid: 'u', login: 'carla', sessionId: 's' },
  });

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
  });
  afterAll(() => h.close());

  it('lists the logs, last occurrence first, with severity, module, occurrences and counter', async () => {
    const page = await h.call<ListPage<AdminLogDto>>(S.logsList, admin(), {});
    expect(page.rows.map((l) => l.id)).toEqual(['3', '1', '2', '4']);
    expect(page.rows[1]).toMatchObject({
      severity: 'error',
      module: 'huby',
      message: 'Carrier web service call failed (GLS): timeout after 30 s',
      messageKey: 'carrierTimeout',
      messageParams: { carrier: 'GLS', seconds: 30 },
      counter: 14,
      firstAt: '2026-11-20T07:12:00.000Z',
      lastAt: '2026-11-24T16:45:00.000Z',
      ackAt: null,
    });
  });

  it('filters by severity, module, message, acknowledgement and last occurrence', async () => {
    const ids = async (filter: object) => (await h.call<ListPage<AdminLogDto>>(S.logsList, admin(), { filter })).rows.map((l) => l.id);
    expect(await ids({ severity: ['error', 'critical'] })).toEqual(['3', '1']);
    expect(await ids({ module: 'fever' })).toEqual(['2']);
    expect(await ids({ q: 'FEED' })).toEqual(['3']);
    // A parameter's value is found too (the carrier of a carrier's timeout).
    expect(await ids({ q: 'gls' })).toEqual(['1']);
    expect(await ids({ lastFrom: '2026-11-24', lastTo: '2026-11-24' })).toEqual(['1']);
    await expect(h.call(S.logsList, admin(), { filter: { lastFrom: '2026-13-45' } })).rejects.toMatchObject({ key: 'invalidDate' });
    await expect(h.call(S.logsList, admin(), { filter: { severity: ['fatal'] } })).rejects.toMatchObject({ key: 'validationFailed' });
  });

  it('acknowledges several logs with the user, the date and a comment; the event keeps before and after', async () => {
    const answer = await h.call(S.logsAcknowledge, admin(), { ids: ['2', 4], comment: 'Sonde remplacée' });
    expect(answer).toEqual({ acknowledged: ['2', '4'] });
    const log = await h.call<AdminLogDto>(S.logGet, admin(), { id: '2' });
    expect(log).toMatchObject({ ackUser: 'carla', ackComment: 'Sonde remplacée' });
    expect(Date.now() - Date.parse(log.ackAt!)).toBeLessThan(60_000);
    const [{ payload }] = await db.system.query<{ payload: { before: AdminLogDto; after: AdminLogDto } }>(
      `SELECT payload FROM outbox WHERE type = $1 AND payload->>'entity' = 'log' AND payload->>'id' = '2'`,
      [AdminReferenceEvents.changed],
    );
    expect(payload.before.ackUser).toBeNull();
    expect(payload.after.ackUser).toBe('carla');
    const open = await h.call<ListPage<AdminLogDto>>(S.logsList, admin(), { filter: { acknowledged: false } });
    expect(open.rows.map((l) => l.id)).toEqual(['3', '1']);
  });

  it('keeps the first acknowledgement of a log acknowledged twice', async () => {
    const other = { ...admin(), user: { id: 91, uuid: 'v', login: 'other', sessionId: 't' } };
    expect(await h.call(S.logsAcknowledge, other, { ids: ['2'] })).toEqual({ acknowledged: [] });
    expect((await h.call<AdminLogDto>(S.logGet, admin(), { id: 2 })).ackUser).toBe('carla');
  });

  it('answers 404 for an unknown log, refuses bad ids and other roles', async () => {
    await expect(h.call(S.logsAcknowledge, admin(), { ids: ['999'] })).rejects.toMatchObject({ key: 'objectNotFound' });
    await expect(h.call(S.logGet, admin(), { id: 'x' })).rejects.toMatchObject({ key: 'objectNotFound' });
    await expect(h.call(S.logsAcknowledge, admin(), { ids: [] })).rejects.toMatchObject({ fields: { ids: 'required' } });
    await expect(h.call(S.logsAcknowledge, admin(), { ids: ['1; DROP'] })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(h.call(S.logsList, callerContext({ roles: [Role.ADMIN_TEMPLATE] }), {})).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });

  it('shows a depositor’s administrator no log (logs name no depositor): empty list, 404, nothing acknowledged', async () => {
    const adminOfA = { ...callerContext({ userId: 92, roles: [Role.ADMIN_LOGS], depositorIds: [1] }), user: admin().user };
    expect(await h.call<ListPage<AdminLogDto>>(S.logsList, adminOfA, {})).toMatchObject({ rows: [], total: 0 });
    await expect(h.call(S.logGet, adminOfA, { id: 1 })).rejects.toMatchObject({ key: 'objectNotFound' });
    await expect(h.call(S.logsAcknowledge, adminOfA, { ids: ['3'] })).rejects.toMatchObject({ key: 'objectNotFound' });
    expect(await h.call(S.logsAcknowledge, adminOfA, { ids: ['1', '3'] })).toEqual({ acknowledged: [] });
    expect((await h.call<AdminLogDto>(S.logGet, admin(), { id: 3 })).ackAt).toBeNull();
  });
});
