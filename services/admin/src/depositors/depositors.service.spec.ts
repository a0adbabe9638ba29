import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { adminReachOf, AdminSubjects, Role, type ActivityDto, type DepositorDto, type StoreDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

const A = 1;
const B = 2;
const C = 3;
const ofA = () => callerContext({ userId: 11, depositorIds: [A] });
const ofAandB = () => callerContext({ userId: 12, depositorIds: [A, B] });

describe('depositors, activities and stores', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    await seedAdminDemo(h.app.get<Db>(Db));
  });
  afterAll(() => h.close());

  describe('depositors', () => {
    it('lists the caller’s depositors sorted by code', async () => {
      const list = await h.call<DepositorDto[]>(AdminSubjects.depositors, ofAandB());
      expect(list.map((d) => d.code)).toEqual(['DEMO-A', 'DEMO-B']);
      expect(list[0]).toEqual({ id: A, code: 'DEMO-A', label: 'Maison Lumière Cosmétiques', action_delay_on_address: 90 });
    });

    it('does not list another depositor', async () => {
      const list = await h.call<DepositorDto[]>(AdminSubjects.depositors, ofA());
      expect(list.map((d) => d.id)).toEqual([A]);
    });

    it('lists nothing for a user without depositors (deny by default)', async () => {
      expect(await h.call(AdminSubjects.depositors, callerContext({ depositorIds: [] }))).toEqual([]);
    });

    it('lists every depositor for a full scope', async () => {
      const list = await h.call<DepositorDto[]>(AdminSubjects.depositors, callerContext({ roles: [Role.ADMIN], all: true }));
      expect(list.map((d) => d.code)).toEqual(['DEMO-A', 'DEMO-B', 'DEMO-C']);
    });
  });

  describe('depositorsAdmin', () => {
    /** An administrator as the session resolves them: `own` the depositors an administrator gave them. */
    const administrator = (role: string, own: number[], filtered = own) => ({
      ...callerContext({ roles: [role], depositorIds: filtered }),
      adminReach: adminReachOf([role], own),
    });

    it('lists every depositor for the provider’s ADMIN_DEPOSITOR and ADMIN_USERS (no depositor given to them)', async () => {
      for (const role of [Role.ADMIN_DEPOSITOR, Role.ADMIN_USERS]) {
        const list = await h.call<DepositorDto[]>(AdminSubjects.depositorsAdmin, administrator(role, []));
        expect(list.map((d) => d.id)).toEqual([A, B, C]);
      }
    });

    it('lists only their own depositors for a depositor’s administrator, even when a filter hides them all', async () => {
      expect((await h.call<DepositorDto[]>(AdminSubjects.depositorsAdmin, administrator(Role.ADMIN_USERS, [A]))).map((d) => d.id)).toEqual([
        A,
      ]);
      // A Settings filter on a depositor no longer theirs leaves an empty scope: that is not the provider's reach.
      const narrowed = administrator(Role.ADMIN_USERS, [A, B], []);
      expect((await h.call<DepositorDto[]>(AdminSubjects.depositorsAdmin, narrowed)).map((d) => d.id)).toEqual([A, B]);
    });

    it('falls back on the caller’s scope without a resolved reach (deny by default)', async () => {
      const machine = { ...callerContext({ roles: [Role.ADMIN_USERS], depositorIds: [] }), adminReach: undefined };
      expect(await h.call(AdminSubjects.depositorsAdmin, machine)).toEqual([]);
    });

    it('refuses other users with permissionDenied', async () => {
      await expect(
        h.call(AdminSubjects.depositorsAdmin, callerContext({ roles: [Role.PGT_USER], depositorIds: [A] })),
      ).rejects.toMatchObject({
        key: 'permissionDenied',
      });
    });
  });

  describe('depositorsByIds', () => {
    it('answers the permitted subset of the ids, without the foreign ones', async () => {
      const list = await h.call<DepositorDto[]>(AdminSubjects.depositorsByIds, ofA(), { ids: [C, A, B, A, 999] });
      expect(list.map((d) => d.id)).toEqual([A]);
    });

    it('answers an empty list for no ids', async () => {
      expect(await h.call(AdminSubjects.depositorsByIds, ofA(), { ids: [] })).toEqual([]);
    });

    it('rejects ids that are not integers', async () => {
      await expect(h.call(AdminSubjects.depositorsByIds, ofA(), { ids: ['x'] })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { ids: 'integer' },
      });
      await expect(h.call(AdminSubjects.depositorsByIds, ofA(), {})).rejects.toMatchObject({ key: 'validationFailed' });
    });
  });

  describe('activities', () => {
    it('lists the activities of the caller’s depositors only', async () => {
      const list = await h.call<ActivityDto[]>(AdminSubjects.activities, ofA());
      expect(list.length).toBe(3);
      expect(new Set(list.map((a) => a.depositorId))).toEqual(new Set([A]));
      expect(list.map((a) => a.code)).toEqual(['B2B', 'B2C', 'ECOM']);
    });

    it('narrows to the allowed activities when the user has a list of them', async () => {
      const list = await h.call<ActivityDto[]>(AdminSubjects.activities, callerContext({ depositorIds: [A], activityIds: [2] }));
      expect(list.map((a) => a.id)).toEqual([2]);
    });

    it('filters by one of the caller’s depositors', async () => {
      const list = await h.call<ActivityDto[]>(AdminSubjects.activities, ofAandB(), { depositorId: B });
      expect(list.map((a) => a.depositorId)).toEqual([B, B, B]);
    });

    it('answers 404 for a depositor outside the scope, and for an unknown one', async () => {
      await expect(h.call(AdminSubjects.activities, ofA(), { depositorId: B })).rejects.toMatchObject({ key: 'objectNotFound' });
      await expect(h.call(AdminSubjects.activities, ofA(), { depositorId: 999 })).rejects.toMatchObject({ key: 'objectNotFound' });
    });

    it('rejects a depositor id that is not a positive integer', async () => {
      await expect(h.call(AdminSubjects.activities, ofA(), { depositorId: 'abc' })).rejects.toMatchObject({
        key: 'validationFailed',
        fields: { depositorId: 'integer' },
      });
    });
  });

  describe('stores', () => {
    it('lists the stores of the caller’s depositors only, with their platform', async () => {
      const list = await h.call<StoreDto[]>(AdminSubjects.stores, ofA());
      expect(list.map((s) => s.code)).toEqual(['ADR-FOS1', 'MAG-LYS1', 'MAG-MLV1']);
      expect(list.every((s) => s.depositorId === A && typeof s.platformId === 'number')).toBe(true);
    });

    it('narrows to the allowed stores when the user has a list of them', async () => {
      const list = await h.call<StoreDto[]>(AdminSubjects.stores, callerContext({ depositorIds: [B], storeIds: [4, 1] }));
      expect(list.map((s) => s.id)).toEqual([4]);
    });

    it('answers 404 for a foreign depositor', async () => {
      await expect(h.call(AdminSubjects.stores, ofA(), { depositorId: C })).rejects.toMatchObject({ key: 'objectNotFound' });
    });
  });

  describe('row-level security', () => {
    it('shows only the scope’s rows to a raw query that forgot its WHERE', async () => {
      const db = h.app.get<Db>(Db);
      const rows = await db.scoped(ofA(), (em) => em.query(`SELECT * FROM stores`));
      expect(rows.length).toBe(3);
      expect(rows.every((r: { depositor_id: number }) => r.depositor_id === A)).toBe(true);
      const depositors = await db.scoped(ofA(), (em) => em.query(`SELECT id FROM depositors`));
      expect(depositors).toEqual([{ id: A }]);
      const activities = await db.scoped(ofA(), (em) => em.query(`SELECT DISTINCT depositor_id FROM activities`));
      expect(activities).toEqual([{ depositor_id: A }]);
    });

    it('shows nothing when no depositor is declared, everything for a full scope', async () => {
      const db = h.app.get<Db>(Db);
      expect(await db.scoped(callerContext({}), (em) => em.query(`SELECT * FROM stores`))).toEqual([]);
      const all = await db.scoped(callerContext({ all: true }), (em) => em.query(`SELECT * FROM stores`));
      expect(all.length).toBe(9);
    });

    it('refuses to write a row of another depositor', async () => {
      const db = h.app.get<Db>(Db);
      jest.spyOn(console, 'log').mockImplementation(() => undefined); // TypeORM logs the refused query
      await expect(
        db.scoped(ofA(), (em) => em.query(`INSERT INTO stores (depositor_id, code, label) VALUES ($1, 'X', 'x')`, [B])),
      ).rejects.toThrow(/row-level security/);
      jest.restoreAllMocks();
    });
  });
});
