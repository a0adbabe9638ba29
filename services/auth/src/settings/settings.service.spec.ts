import {
  AdminSubjects,
  AuthSubjects,
  EMPTY_SCOPE,
  systemContext,
  type BusRequest,
  type CallerContext,
  type LoginResponse,
  type UserDto,
  type UserFiltersDto,
  UI_PREFERENCE_DEFAULTS,
  UI_PREFERENCE_MAX_LENGTH,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { DEMO_PASSWORD, DEMO_USERS, seedAuthDemo } from '../demo/seed';

/** A stand-in for the admin service: three depositors, their activities and stores, scoped. */
const DEPOSITORS = [1, 2, 3].map((id) => ({ id, code: `DEMO-${'ABC'[id - 1]}`, label: `Demo ${id}`, action_delay_on_address: null }));
const ACTIVITIES = [1, 2, 3].map((d) => ({ id: 10 + d, depositorId: d, code: `B2B-${d}`, label: `B2B ${d}` }));
const STORES = [1, 2, 3].map((d) => ({ id: 20 + d, depositorId: d, platformId: 1, code: `MAG-${d}`, label: `Magasin ${d}` }));
/** The provider's platforms: every user may choose among all of them. */
const PLATFORMS = [
  { id: 1, code: 'MLV1', label: 'Marne-la-Vallée 1', town: 'Bussy-Saint-Georges' },
  { id: 2, code: 'ORL1', label: 'Orléans 1', town: 'Saran' },
];
const scoped =
  <T extends { id: number; depositorId?: number }>(items: T[]) =>
  async (payload: unknown) => {
    const { scope } = (payload as BusRequest).ctx;
    return { ok: true as const, data: items.filter((i) => scope.all || scope.depositorIds.includes(i.depositorId ?? i.id)) };
  };

describe('user settings (auth service, real PostgreSQL)', () => {
  let h: ServiceHarness;
  const anon = systemContext('test');

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    await seedAuthDemo(h.get(Db));
    await h.transport.serve(AdminSubjects.depositors, scoped(DEPOSITORS));
    await h.transport.serve(AdminSubjects.activities, scoped(ACTIVITIES));
    await h.transport.serve(AdminSubjects.stores, scoped(STORES));
    await h.transport.serve(AdminSubjects.platforms, async () => ({ ok: true as const, data: PLATFORMS }));
  });
  afterAll(() => h.close());

  const ctxFor = async (name: string): Promise<CallerContext> => {
    const { token } = await h.call<LoginResponse>(AuthSubjects.login, anon, { login: name, password: DEMO_PASSWORD });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; sub: string };
    return {
      requestId: 'r',
      ...(await h.call<Omit<CallerContext, 'requestId'>>(AuthSubjects.resolveSession, anon, {
        sessionId: claims.sid,
        userUuid: claims.sub,
      })),
    };
  };
  const set = (ctx: CallerContext, name: string, value: string, uuid?: string) =>
    h.call<UserDto>(AuthSubjects.setSetting, ctx, { name, value, uuid });

  it('stores each §7 setting and refuses values outside its set with its key', async () => {
    const ctx = await ctxFor('alice');
    expect((await set(ctx, 'language', 'en_US')).language).toEqual({ id: 2, code: 'en_US', short: 'en' });
    expect((await set(ctx, 'theme', 'lagoon')).theme).toBe('lagoon');
    expect((await set(ctx, 'export', 'two_columns')).exportFormat).toBe('two_columns');
    expect((await set(ctx, 'timezone', 'America/New_York')).timezone).toBe('America/New_York');
    expect((await set(ctx, 'phone', '+33 4 72 00 00 00')).phone).toBe('+33472000000');
    await expect(set(ctx, 'language', 'pt_PT')).rejects.toMatchObject({ key: 'invalidLanguage', status: 400 });
    await expect(set(ctx, 'theme', 'pink')).rejects.toMatchObject({ key: 'invalidTheme' });
    await expect(set(ctx, 'export', 'csv')).rejects.toMatchObject({ key: 'invalidExportFormat' });
    await expect(set(ctx, 'timezone', 'Mars/Olympus')).rejects.toMatchObject({ key: 'invalidTimezone' });
    await expect(set(ctx, 'phone', '04-AB')).rejects.toMatchObject({ key: 'invalidPhone', fields: { phone: 'phoneDigits' } });
    const me = await h.call<UserDto>(AuthSubjects.me, ctx);
    expect(me).toMatchObject({ theme: 'lagoon', exportFormat: 'two_columns', timezone: 'America/New_York' });
  });

  it('says whether the user administers every depositor (ADMIN and the provider’s staff) or only their own', async () => {
    const reachOf = async (name: string) => (await h.call<UserDto>(AuthSubjects.me, await ctxFor(name))).fullAdminReach;
    expect(await reachOf('admin')).toBe(true);
    expect(await reachOf('carla')).toBe(true);
    expect(await reachOf('alice')).toBe(false);
    const { user } = await h.call<LoginResponse>(AuthSubjects.login, anon, { login: 'denis', password: DEMO_PASSWORD });
    expect(user.fullAdminReach).toBe(false);
  });

  it('keeps the label format and default printer to DASHTOWER users, on their own account', async () => {
    const alice = await ctxFor('alice');
    const bob = await ctxFor('bob');
    expect((await set(alice, 'labelFormat', 'ZPL', alice.user!.uuid)).etiquette_format).toBe('ZPL');
    expect((await set(alice, 'zplPrinter', 'ZD421-ENTREPOT', alice.user!.uuid)).uid_zpl_printer).toBe('ZD421-ENTREPOT');
    const usb = '\\\\?\\usb#vid_0a5f&pid_0166#d4j184902537#{28d78fad-5a12-11d1-ae5b-0000f803a8c2}';
    expect((await set(alice, 'zplPrinter', usb, alice.user!.uuid)).uid_zpl_printer).toBe(usb);
    expect((await set(alice, 'autoPrint', 'off', alice.user!.uuid)).autoPrint).toBe(false);
    expect((await set(alice, 'autoPrint', 'on', alice.user!.uuid)).autoPrint).toBe(true);
    await expect(set(alice, 'autoPrint', 'maybe', alice.user!.uuid)).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(set(bob, 'autoPrint', 'on', bob.user!.uuid)).rejects.toMatchObject({ key: 'permissionDenied' });
    await expect(set(alice, 'labelFormat', 'PNG', alice.user!.uuid)).rejects.toMatchObject({ key: 'invalidLabelFormat' });
    await expect(set(alice, 'zplPrinter', 'quai 2 / zèbre', alice.user!.uuid)).rejects.toMatchObject({
      key: 'invalidPrinter',
      status: 400,
    });
    await expect(set(bob, 'labelFormat', 'ZPL', bob.user!.uuid)).rejects.toMatchObject({ key: 'permissionDenied', status: 403 });
    await expect(set(alice, 'labelFormat', 'ZPL', DEMO_USERS[2].uuid)).rejects.toMatchObject({ key: 'userNotFound' });
    const admin = await ctxFor('admin');
    expect((await set(admin, 'labelFormat', 'ZPL', DEMO_USERS[2].uuid)).login).toBe('bob');
  });

  it('parses the printer address and the persisted UI choices', async () => {
    const ctx = await ctxFor('alice');
    expect((await h.call<UserDto>(AuthSubjects.setPrinterUri, ctx, { printer_uri: 'http://192.168.1.50:9100' })).printer).toEqual({
      url: 'http://192.168.1.50',
      port: 9100,
    });
    for (const bad of ['ftp://x', 'http://user:pw@10.0.0.5:9100', 'http://10.0.0.5:9100/print', 'javascript:alert(1)']) {
      await expect(h.call(AuthSubjects.setPrinterUri, ctx, { printer_uri: bad })).rejects.toMatchObject({
        key: 'invalidPrinterUri',
        fields: { printer_uri: 'printerAddress' },
      });
    }
    await expect(h.call(AuthSubjects.setPrinterUri, ctx, { printer_uri: 'not a url' })).rejects.toMatchObject({ key: 'invalidPrinterUri' });
    expect((await h.call<UserDto>(AuthSubjects.setPreferences, ctx, { loopTab: 'tab-drafts' })).preferences).toEqual({
      ...UI_PREFERENCE_DEFAULTS,
      loopTab: 'tab-drafts',
    });
    const hidden = 'quantityInStock,quantityReserved,quantityBlocked,quantityAvailable,quantityCrossDock';
    expect(
      (await h.call<UserDto>(AuthSubjects.setPreferences, ctx, { stockLinesHiddenColumns: hidden })).preferences.stockLinesHiddenColumns,
    ).toBe(hidden);
    await expect(
      h.call(AuthSubjects.setPreferences, ctx, { stockLinesHiddenColumns: 'x'.repeat(UI_PREFERENCE_MAX_LENGTH + 1) }),
    ).rejects.toMatchObject({ key: 'invalidPreference' });
    await expect(h.call(AuthSubjects.setPreferences, ctx, { colour: 'red' })).rejects.toMatchObject({ key: 'invalidPreference' });
  });

  it('updates the profile with §5 field errors and uniqueness of e-mail', async () => {
    const ctx = await ctxFor('bob');
    expect(
      (
        await h.call<UserDto>(AuthSubjects.updateProfile, ctx, {
          firstname: 'Robert',
          lastname: 'Durand',
          contactMail: 'expe@demo-b.example',
        })
      ).firstname,
    ).toBe('Robert');
    await expect(h.call(AuthSubjects.updateProfile, ctx, { firstname: '', email: 'not-mail' })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { firstname: 'required', email: 'invalidEmail' },
    });
    await expect(h.call(AuthSubjects.updateProfile, ctx, { email: DEMO_USERS[1].email.toUpperCase() })).rejects.toMatchObject({
      key: 'emailAlreadyExists',
      status: 409,
    });
  });

  it('offers only allowed depositors, activities and stores as filters, every platform; the filter narrows the scope', async () => {
    const bob = await ctxFor('bob');
    const filters = await h.call<UserFiltersDto>(AuthSubjects.getFilters, bob, { uuid: bob.user!.uuid });
    expect(filters.depositors.map((d) => d.code)).toEqual(['DEMO-B']);
    expect(filters.activities.map((a) => a.id)).toEqual([12]);
    await expect(h.call(AuthSubjects.setFilters, bob, { uuid: bob.user!.uuid, depositors: [1] })).rejects.toMatchObject({
      key: 'invalidFilter',
    });
    const alice = await ctxFor('alice');
    const saved = await h.call<UserFiltersDto>(AuthSubjects.setFilters, alice, {
      uuid: alice.user!.uuid,
      depositors: [2],
      activities: [12],
    });
    expect(saved.depositors).toEqual([
      { id: 1, code: 'DEMO-A', label: 'Demo 1', selected: false },
      { id: 2, code: 'DEMO-B', label: 'Demo 2', selected: true },
    ]);
    const restricted = await h.call<UserFiltersDto>(AuthSubjects.getFilters, alice, { uuid: alice.user!.uuid, mode: 'restricted' });
    expect(restricted.depositors.map((d) => d.id)).toEqual([2]);
    const narrowed = await ctxFor('alice');
    // Rows carry codes: the activity's id becomes its `<depositorId>:<code>` key.
    expect(narrowed.scope).toEqual({ ...EMPTY_SCOPE, depositorIds: [2], activityIds: [12], activityKeys: ['2:B2B-2'] });
    await h.call(AuthSubjects.setFilters, alice, { uuid: alice.user!.uuid, depositors: [], activities: [] });
    expect((await ctxFor('alice')).scope.depositorIds).toEqual([1, 2]);
  });

  it('narrows to the platforms chosen among the provider’s, and refuses an unknown one', async () => {
    const alice = await ctxFor('alice');
    const offered = await h.call<UserFiltersDto>(AuthSubjects.getFilters, alice, { uuid: alice.user!.uuid });
    expect(offered.platforms.length).toBeGreaterThan(1);
    const [first] = offered.platforms;
    const saved = await h.call<UserFiltersDto>(AuthSubjects.setFilters, alice, { uuid: alice.user!.uuid, platforms: [first.id] });
    expect(saved.platforms.filter((p) => p.selected)).toEqual([{ ...first, selected: true }]);
    expect((await ctxFor('alice')).scope.platformIds).toEqual([first.id]);
    await expect(h.call(AuthSubjects.setFilters, alice, { uuid: alice.user!.uuid, platforms: [999_999] })).rejects.toMatchObject({
      key: 'invalidFilter',
      params: { field: 'platforms' },
    });
    await h.call(AuthSubjects.setFilters, alice, { uuid: alice.user!.uuid, platforms: [] });
    expect((await ctxFor('alice')).scope.platformIds).toEqual([]);
  });

  it("does not show or change another user's filters", async () => {
    const bob = await ctxFor('bob');
    await expect(h.call(AuthSubjects.getFilters, bob, { uuid: DEMO_USERS[1].uuid })).rejects.toMatchObject({
      key: 'userNotFound',
      status: 404,
    });
    await expect(h.call(AuthSubjects.setFilters, bob, { uuid: DEMO_USERS[1].uuid, depositors: [] })).rejects.toMatchObject({
      key: 'userNotFound',
    });
  });
});
