import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminReferenceSubjects as S,
  AdminSubjects,
  Role,
  type AdminAnnouncementDto,
  type AnnouncementDto,
  type ListPage,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import { seedAdminDemo } from '../demo/seed';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('announcements in the back office', () => {
  let h: ServiceHarness;
  const admin = () => callerContext({ userId: 95, roles: [Role.ADMIN_ANNOUNCEMENT] });
  const reader = (locale = 'fr_FR') => callerContext({ userId: 96, roles: [Role.PGT_USER], locale });

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
    await seedAdminDemo(h.app.get<Db>(Db));
  });
  afterAll(() => h.close());

  const banner = async (ctx = reader()) => (await h.call<AnnouncementDto[]>(AdminSubjects.announcements, ctx)).map((a) => a.message);

  it('creates an announcement that users see in their language during its lifetime range only', async () => {
    const live = await h.call<AdminAnnouncementDto>(S.announcementCreate, admin(), {
      message: { fr: 'Inventaire annuel samedi', en: 'Annual stocktake on Saturday', de: '' },
      type: 'other',
      priority: 50,
      timeout: 10_000,
      startsAt: at(-HOUR),
      endsAt: at(HOUR),
    });
    expect(live).toMatchObject({
      state: 'live',
      message: { fr: 'Inventaire annuel samedi', en: 'Annual stocktake on Saturday' },
      roles: [],
    });
    expect(live.message).not.toHaveProperty('de');
    const future = await h.call<AdminAnnouncementDto>(S.announcementCreate, admin(), {
      message: { fr: 'Plus tard' },
      type: 'info',
      startsAt: at(HOUR),
    });
    expect(future.state).toBe('future');
    expect(await banner()).toContain('Inventaire annuel samedi');
    expect(await banner(reader('en_US'))).toContain('Annual stocktake on Saturday');
    expect(await banner()).not.toContain('Plus tard');
  });

  it('edits (the banner follows), ends and deletes an announcement', async () => {
    const a = await h.call<AdminAnnouncementDto>(S.announcementCreate, admin(), {
      message: { fr: 'Avant' },
      type: 'info',
      startsAt: at(-HOUR),
    });
    const values = { message: { fr: 'Après' }, type: 'info', startsAt: at(-HOUR), endsAt: null, priority: 3 };
    expect(await h.call<AdminAnnouncementDto>(S.announcementUpdate, admin(), { id: a.id, values })).toMatchObject({
      message: { fr: 'Après' },
      priority: 3,
    });
    expect(await banner()).toContain('Après');
    await h.call(S.announcementUpdate, admin(), { id: a.id, values: { ...values, startsAt: at(-2 * HOUR), endsAt: at(-HOUR) } });
    expect(await banner()).not.toContain('Après');
    const ended = await h.call<ListPage<AdminAnnouncementDto>>(S.announcementsList, admin(), { filter: { state: 'ended' } });
    expect(ended.rows.map((r) => r.id)).toContain(a.id);
    expect(await h.call(S.announcementDelete, admin(), { id: a.id })).toEqual({ ok: true });
    await expect(h.call(S.announcementGet, admin(), { id: a.id })).rejects.toMatchObject({ key: 'objectNotFound' });
  });

  it('refuses a range that ends before it starts, a missing French text, a timeout too long', async () => {
    await expect(
      h.call(S.announcementCreate, admin(), { message: { fr: 'x' }, type: 'info', startsAt: at(0), endsAt: at(-HOUR) }),
    ).rejects.toMatchObject({ key: 'validationFailed', fields: { endsAt: 'min' } });
    await expect(h.call(S.announcementCreate, admin(), { message: { en: 'x' }, type: 'info', startsAt: at(0) })).rejects.toMatchObject({
      fields: { 'message.fr': 'required' },
    });
    await expect(
      h.call(S.announcementCreate, admin(), { message: { fr: 'x' }, type: 'warning', startsAt: '2026-02-30T00:00:00Z', timeout: 1e9 }),
    ).rejects.toMatchObject({ fields: { type: 'invalidFormat', startsAt: 'invalidFormat', timeout: 'max' } });
  });

  it('addresses an announcement to the holders of a right', async () => {
    await h.call(S.announcementCreate, admin(), {
      message: { fr: 'Pour les réclamations' },
      type: 'info',
      startsAt: at(-HOUR),
      roles: ['USER_CLAIM_READ'],
    });
    expect(await banner()).not.toContain('Pour les réclamations');
    expect(await banner(callerContext({ userId: 97, roles: ['USER_CLAIM_READ'] }))).toContain('Pour les réclamations');
    await expect(
      h.call(S.announcementCreate, admin(), { message: { fr: 'x' }, type: 'info', startsAt: at(0), roles: ['NOT_A_ROLE'] }),
    ).rejects.toMatchObject({ key: 'validationFailed' });
  });

  it('lets a depositor’s own administrator read announcements but not create, edit or delete them (shown to every depositor)', async () => {
    const own = callerContext({ userId: 98, roles: [Role.ADMIN_ANNOUNCEMENT], depositorIds: [1] });
    const a = await h.call<AdminAnnouncementDto>(S.announcementCreate, admin(), {
      message: { fr: 'Pour tous' },
      type: 'info',
      startsAt: at(-HOUR),
    });
    const page = await h.call<ListPage<AdminAnnouncementDto>>(S.announcementsList, own, { range: [0, 99] });
    expect(page.rows.map((r) => r.id)).toContain(a.id);
    expect(await h.call<AdminAnnouncementDto>(S.announcementGet, own, { id: a.id })).toMatchObject({ message: { fr: 'Pour tous' } });
    const values = { message: { fr: 'Changé par DEMO-A' }, type: 'info', startsAt: at(-HOUR) };
    await expect(h.call(S.announcementCreate, own, values)).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(S.announcementUpdate, own, { id: a.id, values })).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(S.announcementDelete, own, { id: a.id })).rejects.toMatchObject({ key: 'permissionDenied' });
    expect(await h.call<AdminAnnouncementDto>(S.announcementGet, admin(), { id: a.id })).toMatchObject({ message: { fr: 'Pour tous' } });
    expect(await banner()).not.toContain('Changé par DEMO-A');
  });

  it('refuses other roles', async () => {
    await expect(h.call(S.announcementsList, reader(), {})).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(h.call(S.announcementDelete, callerContext({ roles: [Role.ADMIN_LOGS] }), { id: 1 })).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });
});
