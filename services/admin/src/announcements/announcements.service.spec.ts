import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSubjects, type AnnouncementDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

const DAY = 24 * 3600_000;

describe('announcements', () => {
  let h: ServiceHarness;
  let db: Db;
  const ids: Record<string, number> = {};

  const insert = async (name: string, values: { message: object; type: string; priority: number; startsAt: Date; endsAt: Date | null }) => {
    const [row] = await db.system.query<{ id: number }>(
      `INSERT INTO announcements (message, type, timeout, priority, starts_at, ends_at) VALUES ($1, $2, 0, $3, $4, $5) RETURNING id`,
      [JSON.stringify(values.message), values.type, values.priority, values.startsAt, values.endsAt],
    );
    ids[name] = row.id;
  };

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
    const now = Date.now();
    await insert('future', { message: { fr: 'futur' }, type: 'info', priority: 99, startsAt: new Date(now + DAY), endsAt: null });
    await insert('ended', {
      message: { fr: 'fini' },
      type: 'info',
      priority: 99,
      startsAt: new Date(now - 2 * DAY),
      endsAt: new Date(now - DAY),
    });
    await insert('frenchOnly', {
      message: { fr: 'seulement en français' },
      type: 'info',
      priority: 10,
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + DAY),
    });
  });
  afterAll(() => h.close());

  /** A reader who may download proofs of delivery in bulk: the demo's announcement 2 is for them. */
  const list = (ctx = callerContext({ userId: 21, roles: ['USER_BULK_POD'] })) =>
    h.call<AnnouncementDto[]>(AdminSubjects.announcements, ctx);

  it('lists the announcements live now, by priority (highest first) then id', async () => {
    const result = await list();
    expect(result.map((a) => a.id)).toEqual([1, ids.frenchOnly, 2]);
    expect(result[2]).toEqual({
      id: 2,
      type: 'info',
      timeout: 15000,
      priority: 5,
      startsAt: '2024-01-01T00:00:00.000Z',
      endsAt: null,
      message: 'Nouveau : les preuves de livraison sont désormais téléchargeables en lot depuis Tracer Route.',
    });
  });

  it('shows news of a feature only to those who hold its right (an administrator sees it all)', async () => {
    expect((await list(callerContext({ userId: 23, roles: ['TRACERROUTE_USER'] }))).map((a) => a.id)).toEqual([1, ids.frenchOnly]);
    expect((await list(callerContext({ userId: 23, roles: ['ADMIN'] }))).map((a) => a.id)).toEqual([1, ids.frenchOnly, 2]);
  });

  it('leaves out announcements not started yet or already ended', async () => {
    const result = (await list()).map((a) => a.id);
    expect(result).not.toContain(ids.future);
    expect(result).not.toContain(ids.ended);
    expect(result).not.toContain(3); // demo maintenance of June 2024
  });

  it('gives the message in the caller’s language, French when missing', async () => {
    const en = await list(callerContext({ userId: 22, locale: 'en_US', roles: ['USER_BULK_POD'] }));
    expect(en.find((a) => a.id === 2)?.message).toBe('New: proofs of delivery can now be downloaded in bulk from Tracer Route.');
    expect(en.find((a) => a.id === ids.frenchOnly)?.message).toBe('seulement en français');
    const de = await list(callerContext({ userId: 22, locale: 'de_DE', roles: ['USER_BULK_POD'] }));
    expect(de.find((a) => a.id === 2)?.message).toMatch(/^Neu: /);
  });

  it('hides an announcement for that user only, idempotently', async () => {
    const alice = callerContext({ userId: 31, roles: ['USER_BULK_POD'] });
    const bob = callerContext({ userId: 32, roles: ['USER_BULK_POD'] });
    expect(await h.call(AdminSubjects.hideAnnouncement, alice, { id: 1 })).toEqual({ ok: true });
    expect(await h.call(AdminSubjects.hideAnnouncement, alice, { id: '1' })).toEqual({ ok: true });
    expect((await list(alice)).map((a) => a.id)).toEqual([ids.frenchOnly, 2]);
    expect((await list(bob)).map((a) => a.id)).toEqual([1, ids.frenchOnly, 2]);
    const [{ count }] = await db.system.query<{ count: string }>(`SELECT count(*) FROM announcement_hidden WHERE user_id = 31`);
    expect(Number(count)).toBe(1);
  });

  it('answers 404 objectNotFound for an unknown announcement', async () => {
    await expect(h.call(AdminSubjects.hideAnnouncement, callerContext({ userId: 31 }), { id: 9999 })).rejects.toMatchObject({
      key: 'objectNotFound',
    });
  });

  it('rejects an id that is not a positive integer', async () => {
    await expect(h.call(AdminSubjects.hideAnnouncement, callerContext({}), { id: 'abc' })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { id: 'integer' },
    });
    await expect(h.call(AdminSubjects.hideAnnouncement, callerContext({}), {})).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(h.call(AdminSubjects.hideAnnouncement, callerContext({}), { id: 1e12 })).rejects.toMatchObject({ fields: { id: 'max' } });
  });

  it('refuses to hide for a caller without a user (nobody to remember it for)', async () => {
    const system = { ...callerContext({ roles: ['ADMIN'], all: true }), user: undefined };
    await expect(h.call(AdminSubjects.hideAnnouncement, system, { id: 1 })).rejects.toMatchObject({ key: 'permissionDenied' });
    expect((await list(system)).map((a) => a.id)).toEqual([1, ids.frenchOnly, 2]);
  });
});
