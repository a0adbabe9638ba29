import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminReferenceEvents,
  AdminReferenceSubjects as S,
  Role,
  type AdminActivityDto,
  type AdminDepositorDto,
  type AdminPlatformDto,
  type AdminStoreDto,
  type ListPage,
  type ReferenceChangedEvent,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

/** The provider's back office: ADMIN_DEPOSITOR for depositors, ADMIN_LIST for platforms, activities and stores. */
describe('reference lists in the back office', () => {
  let h: ServiceHarness;
  let db: Db;
  // carla's shape: the provider's administrators, without depositors of their own (they reach every depositor).
  const depositorAdmin = () => callerContext({ userId: 70, roles: [Role.ADMIN_DEPOSITOR], depositorIds: [] });
  const listAdmin = () => callerContext({ userId: 71, roles: [Role.ADMIN_LIST], depositorIds: [] });
  // DEMO-A's own administrator: reaches DEMO-A only.
  const adminOfA = () => callerContext({ userId: 73, roles: [Role.ADMIN_DEPOSITOR, Role.ADMIN_LIST], depositorIds: [1] });
  const user = () => callerContext({ userId: 72, roles: [Role.PGT_USER], depositorIds: [1] });

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    db = h.app.get<Db>(Db);
    await seedAdminDemo(db);
  });
  afterAll(() => h.close());

  const events = async (entity: string, id: string | number) =>
    (
      await db.system.query<{ payload: ReferenceChangedEvent }>(
        `SELECT payload FROM outbox WHERE type = $1 AND payload->>'entity' = $2 AND payload->>'id' = $3 ORDER BY occurred_at`,
        [AdminReferenceEvents.changed, entity, String(id)],
      )
    ).map((r) => r.payload);

  describe('depositors', () => {
    it('lists every depositor to ADMIN_DEPOSITOR whatever their own depositors, with counts and a search', async () => {
      const page = await h.call<ListPage<AdminDepositorDto>>(S.depositorsList, depositorAdmin(), {});
      expect(page.total).toBe(3);
      expect(page.rows[0]).toMatchObject({ id: 1, code: 'DEMO-A', activities: 3, stores: 3, logoUpdatedAt: null });
      const found = await h.call<ListPage<AdminDepositorDto>>(S.depositorsList, depositorAdmin(), { filter: { q: 'demo-b' } });
      expect(found.rows.map((d) => d.code)).toEqual(['DEMO-B']);
    });

    it('creates and edits a depositor, each change on the outbox with who, before and after', async () => {
      const created = await h.call<AdminDepositorDto>(S.depositorCreate, depositorAdmin(), {
        code: ' demo-z ',
        label: 'Zeta Pharma',
        action_delay_on_address: '30',
      });
      expect(created).toMatchObject({ code: 'DEMO-Z', label: 'Zeta Pharma', action_delay_on_address: 30, activities: 0 });
      const edited = await h.call<AdminDepositorDto>(S.depositorUpdate, depositorAdmin(), {
        id: String(created.id),
        values: { code: 'DEMO-Z', label: 'Zeta Pharma Lyon', action_delay_on_address: null },
      });
      expect(edited).toMatchObject({ label: 'Zeta Pharma Lyon', action_delay_on_address: null });
      const [create, update] = await events('depositor', created.id);
      expect(create).toMatchObject({ action: 'created', before: null, depositorIds: [created.id], by: { userId: 70, login: 'test' } });
      expect(update).toMatchObject({
        action: 'updated',
        before: { label: 'Zeta Pharma', action_delay_on_address: 30 },
        after: { label: 'Zeta Pharma Lyon', action_delay_on_address: null },
      });
      expect(Date.parse(update.at)).toBeGreaterThan(0);
    });

    it('refuses a code already taken with depositorCodeAlreadyExists, and writes nothing', async () => {
      await expect(h.call(S.depositorCreate, depositorAdmin(), { code: 'DEMO-A', label: 'x' })).rejects.toMatchObject({
        key: 'depositorCodeAlreadyExists',
      });
      await expect(
        h.call(S.depositorUpdate, depositorAdmin(), { id: 2, values: { code: 'DEMO-A', label: 'Demo B' } }),
      ).rejects.toMatchObject({ key: 'depositorCodeAlreadyExists' });
      const [{ code }] = await db.system.query<{ code: string }>(`SELECT code FROM depositors WHERE id = 2`);
      expect(code).toBe('DEMO-B');
    });

    it('checks the §5 code and the fields', async () => {
      await expect(h.call(S.depositorCreate, depositorAdmin(), { code: 'démo a', label: '' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { code: 'invalidFormat', label: 'required' },
      });
      await expect(
        h.call(S.depositorCreate, depositorAdmin(), { code: 'OK', label: 'x', action_delay_on_address: 1e9 }),
      ).rejects.toMatchObject({ fields: { action_delay_on_address: 'max' } });
    });

    it('answers 404 for an unknown or forged id', async () => {
      for (const id of [999, 'abc', '1e3', -1, 2 ** 40]) {
        await expect(h.call(S.depositorGet, depositorAdmin(), { id })).rejects.toMatchObject({ key: 'objectNotFound' });
      }
    });

    it('refuses other roles with permissionDenied (ADMIN_LIST included)', async () => {
      for (const ctx of [user(), listAdmin()]) {
        await expect(h.call(S.depositorsList, ctx, {})).rejects.toMatchObject({ key: 'permissionDenied' });
        await expect(h.call(S.depositorCreate, ctx, { code: 'NOPE', label: 'x' })).rejects.toMatchObject({ key: 'permissionDenied' });
      }
    });
  });

  describe('platforms, activities and stores', () => {
    it('creates a platform, refuses its code twice, refuses deleting one that holds stores', async () => {
      const p = await h.call<AdminPlatformDto>(S.platformCreate, listAdmin(), { code: 'CDG9', label: 'Roissy 9', town: 'Roissy' });
      expect(p).toMatchObject({ code: 'CDG9', stores: 0 });
      await expect(h.call(S.platformCreate, listAdmin(), { code: 'cdg9', label: 'x', town: 'y' })).rejects.toMatchObject({
        key: 'platformCodeAlreadyExists',
      });
      const s = await h.call<AdminStoreDto>(S.storeCreate, listAdmin(), {
        depositorId: 2,
        platformId: p.id,
        code: 'MAG-CDG9',
        label: 'Roissy',
      });
      expect(s).toMatchObject({ depositorCode: 'DEMO-B', platformCode: 'CDG9' });
      await expect(h.call(S.platformDelete, listAdmin(), { id: p.id })).rejects.toMatchObject({
        key: 'platformInUse',
        params: { stores: 1 },
      });
      await h.call(S.storeDelete, listAdmin(), { id: s.id });
      expect(await h.call(S.platformDelete, listAdmin(), { id: p.id })).toEqual({ ok: true });
      const [deleted] = (await events('platform', p.id)).filter((e) => e.action === 'deleted');
      expect(deleted).toMatchObject({ before: { code: 'CDG9' }, after: null });
    });

    it('keeps activity and store codes unique per depositor only', async () => {
      const b2b = await h.call<AdminActivityDto>(S.activityCreate, listAdmin(), { depositorId: 3, code: 'RETAIL', label: 'Retail' });
      expect(b2b).toMatchObject({ depositorId: 3, depositorCode: 'DEMO-C' });
      await expect(h.call(S.activityCreate, listAdmin(), { depositorId: 3, code: 'RETAIL', label: 'x' })).rejects.toMatchObject({
        key: 'activityCodeAlreadyExists',
      });
      await expect(h.call(S.activityCreate, listAdmin(), { depositorId: 2, code: 'RETAIL', label: 'x' })).resolves.toMatchObject({
        depositorId: 2,
      });
      await expect(h.call(S.storeCreate, listAdmin(), { depositorId: 1, code: 'MAG-LYS1', label: 'x' })).rejects.toMatchObject({
        key: 'storeCodeAlreadyExists',
      });
    });

    it('refuses a depositor or a platform that does not exist', async () => {
      await expect(h.call(S.activityCreate, listAdmin(), { depositorId: 999, code: 'X', label: 'x' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { depositorId: 'unknownCode' },
      });
      await expect(h.call(S.storeCreate, listAdmin(), { depositorId: 1, platformId: 999, code: 'X', label: 'x' })).rejects.toMatchObject({
        fields: { platformId: 'unknownCode' },
      });
    });

    it('filters activities and stores by depositor, every depositor for the provider’s administrator', async () => {
      const stores = await h.call<ListPage<AdminStoreDto>>(S.storesList, listAdmin(), { filter: { depositorId: 2 } });
      expect(stores.rows.every((s) => s.depositorId === 2)).toBe(true);
      expect(stores.total).toBeGreaterThan(0);
      await expect(h.call(S.storesList, listAdmin(), { filter: { depositorId: 'x' } })).rejects.toMatchObject({ key: 'validationFailed' });
    });

    it('refuses ADMIN_DEPOSITOR and plain users with permissionDenied', async () => {
      for (const ctx of [user(), depositorAdmin()]) {
        await expect(h.call(S.platformsList, ctx, {})).rejects.toMatchObject({ key: 'permissionDenied' });
        await expect(h.call(S.activityDelete, ctx, { id: 1 })).rejects.toMatchObject({ key: 'permissionDenied' });
      }
    });
  });

  describe('a depositor’s administrator (DEMO-A) reaches DEMO-A only', () => {
    const codes = (page: ListPage<{ code: string }>) => page.rows.map((r) => r.code);

    it('lists and reads only DEMO-A; DEMO-B answers 404 like an unknown depositor, and creating a depositor is refused', async () => {
      const page = await h.call<ListPage<AdminDepositorDto>>(S.depositorsList, adminOfA(), {});
      expect([page.total, codes(page)]).toEqual([1, ['DEMO-A']]);
      expect(await h.call<AdminDepositorDto>(S.depositorGet, adminOfA(), { id: 1 })).toMatchObject({ code: 'DEMO-A' });
      await expect(h.call(S.depositorGet, adminOfA(), { id: 2 })).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(h.call(S.depositorUpdate, adminOfA(), { id: 2, values: { code: 'DEMO-B', label: 'Taken' } })).rejects.toMatchObject({
        key: 'objectNotFound',
      });
      await expect(h.call(S.depositorCreate, adminOfA(), { code: 'DEMO-NEW', label: 'x' })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      const rows = await db.system.query<{ code: string; label: string }>(
        `SELECT code, label FROM depositors WHERE id = 2 OR code = 'DEMO-NEW'`,
      );
      expect(rows).toEqual([{ code: 'DEMO-B', label: expect.not.stringMatching('Taken') }]);
      // The provider's administrator still sees both.
      expect((await h.call<ListPage<AdminDepositorDto>>(S.depositorsList, depositorAdmin(), {})).rows.map((d) => d.id)).toEqual(
        expect.arrayContaining([1, 2]),
      );
    });

    it('edits DEMO-A’s own record', async () => {
      const [a] = await db.system.query<{ label: string }>(`SELECT label FROM depositors WHERE id = 1`);
      const edited = await h.call<AdminDepositorDto>(S.depositorUpdate, adminOfA(), { id: 1, values: { code: 'DEMO-A', label: a.label } });
      expect(edited).toMatchObject({ id: 1, label: a.label });
    });

    it('lists, reads and changes only DEMO-A’s activities and stores; DEMO-B’s answer 404', async () => {
      const activities = await h.call<ListPage<AdminActivityDto>>(S.activitiesList, adminOfA(), {});
      expect(activities.total).toBeGreaterThan(0);
      expect(activities.rows.every((a) => a.depositorId === 1)).toBe(true);
      expect((await h.call<ListPage<AdminStoreDto>>(S.storesList, adminOfA(), { filter: { depositorId: 2 } })).total).toBe(0);
      const [ofB] = await db.system.query<{ id: number }>(`SELECT id FROM activities WHERE depositor_id = 2 ORDER BY id LIMIT 1`);
      const [storeOfB] = await db.system.query<{ id: number }>(`SELECT id FROM stores WHERE depositor_id = 2 ORDER BY id LIMIT 1`);
      await expect(h.call(S.activityGet, adminOfA(), { id: ofB.id })).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(
        h.call(S.activityUpdate, adminOfA(), { id: ofB.id, values: { depositorId: 2, code: 'HIJACK', label: 'x' } }),
      ).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(h.call(S.activityDelete, adminOfA(), { id: ofB.id })).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(h.call(S.storeDelete, adminOfA(), { id: storeOfB.id })).rejects.toMatchObject({ key: 'objectNotFound' });
      expect(await db.system.query(`SELECT 1 FROM activities WHERE id = $1 AND code <> 'HIJACK'`, [ofB.id])).toHaveLength(1);
      expect(await db.system.query(`SELECT 1 FROM stores WHERE id = $1`, [storeOfB.id])).toHaveLength(1);
    });

    it('refuses a row for DEMO-B (created or moved there) as a depositor code outside the scope', async () => {
      for (const subject of [S.activityCreate, S.storeCreate]) {
        await expect(h.call(subject, adminOfA(), { depositorId: 2, code: 'OUT-OF-REACH', label: 'x' })).rejects.toMatchObject({
          key: 'validationFailed',
          fields: { depositorId: 'unknownCode' },
        });
      }
      const own = await h.call<AdminActivityDto>(S.activityCreate, adminOfA(), { depositorId: 1, code: 'REACH-OWN', label: 'Own' });
      await expect(
        h.call(S.activityUpdate, adminOfA(), { id: own.id, values: { depositorId: 2, code: 'REACH-OWN', label: 'Own' } }),
      ).rejects.toMatchObject({ key: 'validationFailed', fields: { depositorId: 'unknownCode' } });
      expect(await h.call(S.activityDelete, adminOfA(), { id: own.id })).toEqual({ ok: true });
      expect(await db.system.query(`SELECT 1 FROM activities WHERE code IN ('OUT-OF-REACH', 'REACH-OWN')`)).toHaveLength(0);
      expect(await db.system.query(`SELECT 1 FROM stores WHERE code = 'OUT-OF-REACH'`)).toHaveLength(0);
    });

    it('reads the platforms every depositor shares, and changes none of them', async () => {
      const page = await h.call<ListPage<AdminPlatformDto>>(S.platformsList, adminOfA(), {});
      expect(page.total).toBe((await h.call<ListPage<AdminPlatformDto>>(S.platformsList, listAdmin(), {})).total);
      const [p] = page.rows;
      expect(await h.call<AdminPlatformDto>(S.platformGet, adminOfA(), { id: p.id })).toMatchObject({ code: p.code });
      await expect(h.call(S.platformCreate, adminOfA(), { code: 'MINE', label: 'x', town: 'y' })).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(
        h.call(S.platformUpdate, adminOfA(), { id: p.id, values: { code: p.code, label: 'x', town: 'y' } }),
      ).rejects.toMatchObject({
        key: 'permissionDenied',
      });
      await expect(h.call(S.platformDelete, adminOfA(), { id: p.id })).rejects.toMatchObject({ key: 'permissionDenied' });
    });
  });
});
