import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Role } from '@portal/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { waitForMail } from '../support/smtp';
import { asBytes, loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Client = Awaited<ReturnType<typeof loginAs>>;

/**
 * The back office's reference data through the gateway (all-in-one, and distributed on NATS): each
 * sub-area opened by its own ADMIN_* role and refused (403) to the others; uniqueness keys; email
 * templates previewed in five languages and test-sent by SMTP; logos checked from the bytes and
 * kept as a PNG fitting 300x150, a depositor's own logo for its users only; logs acknowledged;
 * announcements shown to users during their lifetime range.
 */
describe('admin reference API', () => {
  let target: ApiTarget;
  const as: Record<string, Client> = {};
  const run = randomBytes(3).toString('hex').toUpperCase();
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const HOUR = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } })
      .png()
      .toBuffer();
  const uploadLogo = (client: Client, p: string, bytes: Buffer) =>
    request(target.url)
      .post(p)
      .set({ Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/octet-stream' })
      .send(bytes);
  const image = (client: Client, p: string) => client.get(p).buffer(true).parse(asBytes);
  const logoFiles = (): string[] => {
    const root = path.join(process.env.DATA_DIR ?? '', 'files', 'admin');
    if (process.env.API_MODE === 'distributed' || !fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  };

  const USERS = {
    'ref-depositors': [Role.ADMIN_DEPOSITOR],
    'ref-lists': [Role.ADMIN_LIST],
    'ref-templates': [Role.ADMIN_TEMPLATE],
    'ref-logs': [Role.ADMIN_LOGS],
    'ref-announcements': [Role.ADMIN_ANNOUNCEMENT],
    'ref-user': [Role.PGT_USER, Role.USER_EMAIL_TEMPLATE_ADMIN],
  } as const;

  beforeAll(async () => {
    target = await startTarget();
    // The provider's administrators (no depositor of their own: every depositor); the plain user is DEMO-A's.
    for (const [login, roles] of Object.entries(USERS))
      await addUser(target, { login, roles, depositorIds: login === 'ref-user' ? [1] : [] });
    // DEMO-A's own administrator: every back-office area on depositors' data, DEMO-A only; the provider-wide ones read-only.
    await addUser(target, {
      login: 'ref-admin-a',
      roles: [Role.ADMIN_DEPOSITOR, Role.ADMIN_LIST, Role.ADMIN_TEMPLATE, Role.ADMIN_LOGS, Role.ADMIN_ANNOUNCEMENT, Role.PGT_USER],
      depositorIds: [1],
    });
    await addUser(target, { login: 'logo-b', roles: [Role.PGT_USER, Role.USER_CHANGE_OWN_LOGO], depositorIds: [2] });
    await addUser(target, { login: 'logo-ab', roles: [Role.PGT_USER, Role.USER_CHANGE_OWN_LOGO], depositorIds: [1, 2] });
    for (const login of [...Object.keys(USERS), 'logo-b', 'logo-ab', 'ref-admin-a', 'alice', 'bob', 'admin'])
      as[login] = await loginAs(target, login);
  }, 120000);
  afterAll(() => target?.close(), 90_000);

  /** Each sub-area: a read its role makes (200), refused with 403 permissionDenied to every other role. */
  const AREAS: [keyof typeof USERS, string][] = [
    ['ref-depositors', '/api/admin/depositors'],
    ['ref-lists', '/api/admin/platforms'],
    ['ref-lists', '/api/admin/activities'],
    ['ref-lists', '/api/admin/stores'],
    ['ref-templates', '/api/admin/email-templates'],
    ['ref-logs', '/api/admin/logs'],
    ['ref-announcements', '/api/admin/announcements'],
  ];

  it('opens each sub-area to its own role (and ADMIN) and answers 403 permissionDenied to the others', async () => {
    for (const [owner, p] of AREAS) {
      await as[owner].get(p).expect(200);
      await as.admin.get(p).expect(200);
      for (const other of Object.keys(USERS).filter((u) => u !== owner)) {
        const res = await as[other].get(p);
        expect([p, other, res.status]).toEqual([p, other, 403]);
        expect(res.body.error.key).toBe('permissionDenied');
      }
    }
    const writes: [keyof typeof USERS, string, object][] = [
      ['ref-depositors', '/api/admin/depositors', { code: `NO${run}`, label: 'x' }],
      ['ref-lists', '/api/admin/platforms', { code: `NO${run}`, label: 'x', town: 'x' }],
      ['ref-templates', '/api/admin/email-templates/preview', { locale: 'fr', subject: 's', body: 'b' }],
      ['ref-logs', '/api/admin/logs/acknowledge', { ids: ['1'] }],
      ['ref-announcements', '/api/admin/announcements', { message: { fr: 'x' }, type: 'info', startsAt: at(0) }],
    ];
    for (const [owner, p, body] of writes) {
      const another = Object.keys(USERS).find((u) => u !== owner && u !== 'ref-user')!;
      for (const other of ['ref-user', another]) {
        expect((await as[other].post(p, body).expect(403)).body.error.key).toBe('permissionDenied');
      }
    }
  });

  it('creates and edits a depositor; a code taken answers 409 depositorCodeAlreadyExists', async () => {
    const d = as['ref-depositors'];
    const created = (
      await d.post('/api/admin/depositors', { code: `dep-${run}`, label: 'Zeta Pharma', action_delay_on_address: 60 }).expect(201)
    ).body;
    expect(created).toMatchObject({ code: `DEP-${run}`, label: 'Zeta Pharma', action_delay_on_address: 60, activities: 0, stores: 0 });
    const edited = (
      await d
        .put(`/api/admin/depositors/${created.id}`, { code: `DEP-${run}`, label: 'Zeta Pharma Lyon', action_delay_on_address: 90 })
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ label: 'Zeta Pharma Lyon', action_delay_on_address: 90 });
    const list = await d.get(`/api/admin/depositors?filter=${q({ q: run })}&range=[0,9]`).expect(200);
    expect(list.headers['content-range']).toBe('admin/depositors 0-0/1');
    expect((await d.post('/api/admin/depositors', { code: 'DEMO-A', label: 'x' }).expect(409)).body.error.key).toBe(
      'depositorCodeAlreadyExists',
    );
    expect((await d.put('/api/admin/depositors/2', { code: 'DEMO-A', label: 'x' }).expect(409)).body.error.key).toBe(
      'depositorCodeAlreadyExists',
    );
    expect((await d.post('/api/admin/depositors', { code: 'a b', label: '' }).expect(400)).body.error.fields).toEqual({
      code: 'invalidFormat',
      label: 'required',
    });
    expect((await d.get('/api/admin/depositors/99999').expect(404)).body.error.key).toBe('objectNotFound');
    expect((await d.get('/api/admin/depositors/1e400').expect(404)).body.error.key).toBe('objectNotFound');
    expect((await as.admin.get('/api/admin/depositors/2').expect(200)).body.code).toBe('DEMO-B');
  });

  it('keeps platform codes unique, activity and store codes unique per depositor', async () => {
    const l = as['ref-lists'];
    const platform = (await l.post('/api/admin/platforms', { code: `P${run}`, label: 'Roissy 9', town: 'Roissy' }).expect(201)).body;
    expect((await l.post('/api/admin/platforms', { code: `P${run}`, label: 'x', town: 'x' }).expect(409)).body.error.key).toBe(
      'platformCodeAlreadyExists',
    );
    await l.post('/api/admin/activities', { depositorId: 1, code: `A${run}`, label: 'Retail' }).expect(201);
    expect((await l.post('/api/admin/activities', { depositorId: 1, code: `A${run}`, label: 'x' }).expect(409)).body.error.key).toBe(
      'activityCodeAlreadyExists',
    );
    await l.post('/api/admin/activities', { depositorId: 2, code: `A${run}`, label: 'Retail B' }).expect(201);
    const store = (
      await l.post('/api/admin/stores', { depositorId: 1, platformId: platform.id, code: `S${run}`, label: 'Roissy' }).expect(201)
    ).body;
    expect(store).toMatchObject({ depositorCode: 'DEMO-A', platformCode: `P${run}` });
    expect((await l.post('/api/admin/stores', { depositorId: 1, code: `S${run}`, label: 'x' }).expect(409)).body.error.key).toBe(
      'storeCodeAlreadyExists',
    );
    expect((await l.post('/api/admin/stores', { depositorId: 99999, code: 'X', label: 'x' }).expect(400)).body.error.fields).toEqual({
      depositorId: 'unknownCode',
    });
    expect((await l.delete(`/api/admin/platforms/${platform.id}`).expect(409)).body.error.key).toBe('platformInUse');
    await l.delete(`/api/admin/stores/${store.id}`).expect(200);
    await l.delete(`/api/admin/platforms/${platform.id}`).expect(200);
    // The new activity reaches the pickers of the depositor's users.
    expect((await as.alice.get('/api/activities?depositorId=1').expect(200)).body.map((a: { code: string }) => a.code)).toContain(
      `A${run}`,
    );
  });

  it('previews a template in each of the five languages with sample data; a broken one answers 422 templateLoadingFailure with where', async () => {
    const t = as['ref-templates'];
    const vip = (await t.get(`/api/admin/email-templates?filter=${q({ q: 'alert-vip', locale: 'en' })}`).expect(200)).body[0];
    expect(vip).toMatchObject({ code: 'alert-vip', locale: 'en', visibility: 'admin' });
    const subjects: string[] = [];
    for (const locale of ['fr', 'en', 'es', 'it', 'de']) {
      const preview = (await t.post('/api/admin/email-templates/preview', { locale, subject: vip.subject, body: vip.body }).expect(200))
        .body;
      expect(preview.html).toContain('BL2600141');
      subjects.push(preview.subject);
    }
    expect(subjects[1]).toBe('[My VIP] Orders delivered today');
    expect(new Set(subjects).size).toBe(5);
    const broken = await t
      .post('/api/admin/email-templates/preview', { locale: 'en', subject: 'ok', body: 'a\nb\n{{#each orders}}' })
      .expect(422);
    expect(broken.body.error).toMatchObject({ key: 'templateLoadingFailure', params: { where: 'body' } });
    const refused = await t.put(`/api/admin/email-templates/${vip.id}`, { ...vip, body: '{{/if}}' }).expect(422);
    expect(refused.body.error.key).toBe('templateLoadingFailure');
    expect((await t.get(`/api/admin/email-templates/${vip.id}`).expect(200)).body.body).toBe(vip.body);
  });

  it('creates a template per language (409 emailTemplateAlreadyExists) and test-sends it to the administrator by mail', async () => {
    const t = as['ref-templates'];
    const fields = {
      code: `welcome-${run.toLowerCase()}`,
      label: 'Bienvenue',
      visibility: 'public',
      subject: 'Bienvenue {{firstname}}',
      body: '<p>Bonjour {{firstname}}</p>',
    };
    await t.post('/api/admin/email-templates', { ...fields, locale: 'fr' }).expect(201);
    expect((await t.post('/api/admin/email-templates', { ...fields, locale: 'fr' }).expect(409)).body.error.key).toBe(
      'emailTemplateAlreadyExists',
    );
    // A public template reaches Settings' template sending.
    const picked = (await as['ref-user'].get('/api/email-templates?locale=fr').expect(200)).body;
    expect(picked.map((x: { code: string }) => x.code)).toContain(fields.code);
    const since = Date.now();
    const sent = (
      await t
        .post('/api/admin/email-templates/test-send', { locale: 'es', subject: '{{alertTitle}}', body: '<p>{{comment}}</p>' })
        .expect(200)
    ).body;
    expect(sent).toEqual({ ok: true, to: 'ref-templates@test.example' });
    const mail = await waitForMail(target.mailbox, 'ref-templates@test.example', { since });
    expect(mail.subject).toBe('[TEST] Pedidos entregados hoy');
    expect(mail.text).toContain('Comentario de ejemplo de la alerta.');
  });

  it('refuses a logo that is not an image, and stores nothing', async () => {
    const before = logoFiles();
    const res = await uploadLogo(as['ref-depositors'], '/api/admin/depositors/1/logo', Buffer.from('%PDF-1.4 not an image')).expect(415);
    expect(res.body.error.key).toBe('unexpectedFileContent');
    await uploadLogo(as['ref-depositors'], '/api/admin/depositors/1/logo', Buffer.from('just text')).expect(415);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await uploadLogo(as['ref-depositors'], '/api/admin/depositors/1/logo', big).expect(413)).body.error.key).toBe(
      'sizeLimitExceeded',
    );
    expect((await uploadLogo(as['ref-depositors'], '/api/admin/depositors/99999/logo', await png(10, 10)).expect(404)).body.error.key).toBe(
      'objectNotFound',
    );
    expect(logoFiles()).toEqual(before);
    expect((await uploadLogo(as['ref-lists'], '/api/admin/depositors/1/logo', await png(10, 10)).expect(403)).body.error.key).toBe(
      'permissionDenied',
    );
  });

  it('keeps an administrator’s logo as a PNG fitting 300x150, served to that depositor’s users only', async () => {
    const set = (await uploadLogo(as['ref-depositors'], '/api/admin/depositors/1/logo', await png(900, 300)).expect(201)).body;
    expect(set).toMatchObject({ depositorId: 1 });
    const served = await image(as['ref-depositors'], '/api/depositors/1/logo').expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 300, height: 100 });
    expect((await as['ref-depositors'].get('/api/admin/depositors').expect(200)).body[0].logoUpdatedAt).toEqual(expect.any(String));
    // The header's logo: a user of DEMO-A sees it, bob (DEMO-B only, no logo yet) gets none.
    expect(await sharp((await image(as['ref-user'], '/api/logo').expect(200)).body as Buffer).metadata()).toMatchObject({ width: 300 });
    // None: 204 No Content (the header asks on every page; a 404 would be a console error each time).
    expect((await as.bob.get('/api/logo').expect(204)).body).toEqual({});
  });

  it('lets a user with the "change own logo" right set their own depositor’s logo, never another’s', async () => {
    const own = (await uploadLogo(as['logo-b'], '/api/depositors/2/logo', await png(200, 400)).expect(201)).body;
    expect(own.depositorId).toBe(2);
    const seen = await image(as.bob, '/api/logo').expect(200);
    expect(await sharp(seen.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 75, height: 150 });
    expect((await as['logo-b'].get('/api/depositors/2/logo').expect(200)).headers['last-modified']).toEqual(expect.any(String));
    expect((await uploadLogo(as['logo-b'], '/api/depositors/1/logo', await png(10, 10)).expect(404)).body.error.key).toBe('objectNotFound');
    expect((await uploadLogo(as['logo-b'], '/api/depositors/abc/logo', await png(10, 10)).expect(404)).body.error.key).toBe(
      'objectNotFound',
    );
    // A user of both depositors names the one whose logo changes; bob reads DEMO-B's, never DEMO-A's.
    await uploadLogo(as['logo-ab'], '/api/depositors/2/logo', await png(10, 10)).expect(201);
    expect((await image(as.bob, '/api/depositors/2/logo').expect(200)).headers['content-type']).toBe('image/png');
    expect((await as.bob.get('/api/depositors/1/logo').expect(404)).body.error.key).toBe('objectNotFound');
    expect((await uploadLogo(as.bob, '/api/depositors/2/logo', await png(10, 10)).expect(403)).body.error.key).toBe('permissionDenied');
    // DEMO-A's logo is unchanged by all this.
    expect(await sharp((await image(as['ref-user'], '/api/logo').expect(200)).body as Buffer).metadata()).toMatchObject({ width: 300 });
  });

  it('lists logs with filters and acknowledges several with the user, the date and a comment', async () => {
    const l = as['ref-logs'];
    const open = (await l.get(`/api/admin/logs?filter=${q({ acknowledged: false, severity: ['error', 'critical'] })}`).expect(200)).body;
    expect(open.map((x: { id: string }) => x.id)).toEqual(['3', '1']);
    expect(open[1]).toMatchObject({
      module: 'huby',
      counter: 14,
      firstAt: '2026-11-20T07:12:00.000Z',
      lastAt: '2026-11-24T16:45:00.000Z',
      // The message as a key with its parameters, translated on screen; the English text beside it.
      messageKey: 'carrierTimeout',
      messageParams: { carrier: 'GLS', seconds: 30 },
      message: 'Carrier web service call failed (GLS): timeout after 30 s',
    });
    const ack = (await l.post('/api/admin/logs/acknowledge', { ids: ['1', '3'], comment: 'Transporteur relancé' }).expect(200)).body;
    expect(ack).toEqual({ acknowledged: ['1', '3'] });
    const done = (await l.get('/api/admin/logs/1').expect(200)).body;
    expect(done).toMatchObject({ ackUser: 'ref-logs', ackComment: 'Transporteur relancé', ackAt: expect.any(String) });
    expect((await l.get(`/api/admin/logs?filter=${q({ acknowledged: false, severity: ['error', 'critical'] })}`).expect(200)).body).toEqual(
      [],
    );
    expect((await l.post('/api/admin/logs/acknowledge', { ids: ['99999'] }).expect(404)).body.error.key).toBe('objectNotFound');
    expect((await l.post('/api/admin/logs/acknowledge', { ids: [] }).expect(400)).body.error.fields).toEqual({ ids: 'required' });
    expect((await l.get(`/api/admin/logs?filter=${q({ lastFrom: '2026-02-31' })}`).expect(400)).body.error.key).toBe('invalidDate');
  });

  it('shows an announcement to users during its lifetime range only, in their language', async () => {
    const a = as['ref-announcements'];
    const message = { fr: `Inventaire ${run} samedi`, en: `Stocktake ${run} on Saturday` };
    const live = (
      await a
        .post('/api/admin/announcements', { message, type: 'other', priority: 90, timeout: 0, startsAt: at(-HOUR), endsAt: at(HOUR) })
        .expect(201)
    ).body;
    expect(live.state).toBe('live');
    await a.post('/api/admin/announcements', { message: { fr: `Futur ${run}` }, type: 'info', startsAt: at(HOUR) }).expect(201);
    await a
      .post('/api/admin/announcements', { message: { fr: `Fini ${run}` }, type: 'info', startsAt: at(-2 * HOUR), endsAt: at(-HOUR) })
      .expect(201);
    const shown = (await as.alice.get('/api/announcements').expect(200)).body.map((x: { message: string }) => x.message);
    expect(shown).toContain(message.fr);
    expect(shown.join(' ')).not.toContain(`Futur ${run}`);
    expect(shown.join(' ')).not.toContain(`Fini ${run}`);
    await a.put(`/api/admin/announcements/${live.id}`, { ...live, message: { fr: `Inventaire ${run} dimanche` } }).expect(200);
    expect((await as.bob.get('/api/announcements').expect(200)).body.map((x: { message: string }) => x.message)).toContain(
      `Inventaire ${run} dimanche`,
    );
    expect(
      (await a.post('/api/admin/announcements', { message: { fr: 'x' }, type: 'info', startsAt: at(0), endsAt: at(-HOUR) }).expect(400))
        .body.error.fields,
    ).toEqual({ endsAt: 'min' });
    await a.delete(`/api/admin/announcements/${live.id}`).expect(200);
    expect((await as.alice.get('/api/announcements').expect(200)).body.map((x: { id: number }) => x.id)).not.toContain(live.id);
  });

  it('keeps DEMO-A’s own administrator to DEMO-A: DEMO-B’s record, lists, logo and mails are neither seen nor changed; ADMIN sees both', async () => {
    const a = as['ref-admin-a'];
    const codes = (res: request.Response) => (res.body as { code: string }[]).map((r) => r.code);
    const key = (res: request.Response) => res.body.error.key as string;
    // The depositor record.
    expect(codes(await a.get('/api/admin/depositors').expect(200))).toEqual(['DEMO-A']);
    expect(codes(await as.admin.get('/api/admin/depositors').expect(200))).toEqual(expect.arrayContaining(['DEMO-A', 'DEMO-B']));
    expect(key(await a.get('/api/admin/depositors/2').expect(404))).toBe('objectNotFound');
    expect(key(await a.put('/api/admin/depositors/2', { code: 'DEMO-B', label: `Taken ${run}` }).expect(404))).toBe('objectNotFound');
    expect(key(await a.post('/api/admin/depositors', { code: `A${run}`, label: 'x' }).expect(403))).toBe('permissionDenied');
    expect((await as.admin.get('/api/admin/depositors/2').expect(200)).body.label).not.toContain(run);
    const { code, label, action_delay_on_address } = (await as.admin.get('/api/admin/depositors/1').expect(200)).body;
    await a.put('/api/admin/depositors/1', { code, label, action_delay_on_address }).expect(200);
    // The lists: DEMO-A's rows only; DEMO-B's answer 404; a row for DEMO-B is refused as a code outside the scope.
    for (const list of ['activities', 'stores']) {
      const own = (await a.get(`/api/admin/${list}`).expect(200)).body as { depositorId: number }[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((r) => r.depositorId === 1)).toBe(true);
      expect((await a.get(`/api/admin/${list}?filter=${q({ depositorId: 2 })}`).expect(200)).body).toEqual([]);
      const [ofB] = (await as.admin.get(`/api/admin/${list}?filter=${q({ depositorId: 2 })}`).expect(200)).body as {
        id: number;
        code: string;
      }[];
      expect(ofB).toBeDefined();
      expect(key(await a.get(`/api/admin/${list}/${ofB.id}`).expect(404))).toBe('objectNotFound');
      await a.put(`/api/admin/${list}/${ofB.id}`, { depositorId: 2, code: ofB.code, label: `Taken ${run}` }).expect(404);
      await a.delete(`/api/admin/${list}/${ofB.id}`).expect(404);
      expect((await as.admin.get(`/api/admin/${list}/${ofB.id}`).expect(200)).body).toMatchObject({ code: ofB.code, depositorId: 2 });
      const refused = await a.post(`/api/admin/${list}`, { depositorId: 2, code: `R${run}`, label: 'x' }).expect(400);
      expect(refused.body.error).toMatchObject({ key: 'validationFailed', fields: { depositorId: 'unknownCode' } });
    }
    // The platforms every depositor shares: read, not changed.
    const [platform] = (await a.get('/api/admin/platforms').expect(200)).body as { id: number }[];
    expect(key(await a.post('/api/admin/platforms', { code: `P${run}`, label: 'x', town: 'x' }).expect(403))).toBe('permissionDenied');
    await a.delete(`/api/admin/platforms/${platform.id}`).expect(403);
    // DEMO-B's logo.
    await uploadLogo(as.admin, '/api/admin/depositors/2/logo', await png(30, 15)).expect(201);
    expect(key(await uploadLogo(a, '/api/admin/depositors/2/logo', await png(10, 10)).expect(404))).toBe('objectNotFound');
    await a.delete('/api/admin/depositors/2/logo').expect(404);
    await image(a, '/api/depositors/2/logo').expect(404);
    await image(as.admin, '/api/depositors/2/logo').expect(200);
    // The mails: bob's (DEMO-B) is not DEMO-A's administrator's to read, the plain DEMO-A user's is.
    await as.bob.post('/api/support/problem-report', { subject: `B${run}`, message: 'm' }).expect(200);
    await as['ref-user'].post('/api/support/problem-report', { subject: `A${run}`, message: 'm' }).expect(200);
    const mails = async (who: Client) =>
      ((await who.get('/api/admin/mail-outbox?limit=200').expect(200)).body.items as { subject: string }[])
        .map((m) => m.subject)
        .filter((subject) => subject.includes(run));
    expect((await mails(a)).join()).toContain(`A${run}`);
    expect((await mails(a)).join()).not.toContain(`B${run}`);
    expect((await mails(as.admin)).join()).toEqual(expect.stringContaining(`B${run}`));
    // The logs name no depositor: none to DEMO-A's administrator.
    expect((await a.get('/api/admin/logs').expect(200)).body).toEqual([]);
    expect(key(await a.get('/api/admin/logs/2').expect(404))).toBe('objectNotFound');
    expect((await as.admin.get('/api/admin/logs').expect(200)).body.length).toBeGreaterThan(0);
  });

  it('lets DEMO-A’s own administrator read the provider-wide templates and announcements but not change them (403); ADMIN changes them', async () => {
    const a = as['ref-admin-a'];
    const key = (res: request.Response) => res.body.error.key as string;
    expect((await a.get('/api/user/me').expect(200)).body.fullAdminReach).toBe(false);
    expect((await as.admin.get('/api/user/me').expect(200)).body.fullAdminReach).toBe(true);
    expect((await as['ref-templates'].get('/api/user/me').expect(200)).body.fullAdminReach).toBe(true);
    // Email templates: read, previewed and test-sent to their own address; never created or edited.
    const [template] = (await a.get('/api/admin/email-templates').expect(200)).body as { id: number; code: string }[];
    const read = (await a.get(`/api/admin/email-templates/${template.id}`).expect(200)).body;
    await a.post('/api/admin/email-templates/preview', { locale: 'fr', subject: 's', body: 'b' }).expect(200);
    await a.post('/api/admin/email-templates/test-send', { locale: 'fr', subject: 's', body: '<p>b</p>' }).expect(200);
    const fields = { code: `reach-${run.toLowerCase()}`, label: 'x', visibility: 'public', subject: 's', body: '<p>b</p>', locale: 'fr' };
    expect(key(await a.post('/api/admin/email-templates', fields).expect(403))).toBe('permissionDenied');
    expect(key(await a.put(`/api/admin/email-templates/${template.id}`, { ...read, subject: `DEMO-A ${run}` }).expect(403))).toBe(
      'permissionDenied',
    );
    expect((await as.admin.get(`/api/admin/email-templates/${template.id}`).expect(200)).body.subject).toBe(read.subject);
    await as.admin.post('/api/admin/email-templates', fields).expect(201);
    // Announcements: read; never created, edited or deleted.
    const message = { fr: `Pour tous ${run}` };
    const live = (await as.admin.post('/api/admin/announcements', { message, type: 'info', startsAt: at(-HOUR) }).expect(201)).body;
    expect((await a.get(`/api/admin/announcements/${live.id}`).expect(200)).body.message).toEqual(message);
    const changed = { ...live, message: { fr: `DEMO-A ${run}` } };
    expect(key(await a.post('/api/admin/announcements', { message: changed.message, type: 'info', startsAt: at(0) }).expect(403))).toBe(
      'permissionDenied',
    );
    expect(key(await a.put(`/api/admin/announcements/${live.id}`, changed).expect(403))).toBe('permissionDenied');
    expect(key(await a.delete(`/api/admin/announcements/${live.id}`).expect(403))).toBe('permissionDenied');
    expect((await as.admin.get(`/api/admin/announcements/${live.id}`).expect(200)).body.message).toEqual(message);
    await as.admin.delete(`/api/admin/announcements/${live.id}`).expect(200);
  });
});
