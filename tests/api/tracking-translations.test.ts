import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DEMO_API_KEYS } from '@portal/service-auth';
import type { AuditEntryDto, TrackingTranslationDto } from '@portal/contracts';
import { addUser } from './support/users';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const WORD = '/api/admin/tracking-translations';

/**
 * Tracking translations (issue 36 item 6): the provider's ADMIN_TRACKING_TRANSLATION sets, per
 * language, the word customers see for a status or a carrier event; every signed-in user reads the
 * overrides, the public tracking page shows them; an empty word goes back to the catalogue.
 */
describe('tracking translations', () => {
  let target: ApiTarget;
  let admin: Agent;
  let alice: Agent;
  let translator: Agent;
  let depositorAdmin: Agent;
  let token = '';
  const run = randomBytes(3).toString('hex').toUpperCase();
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const page = (lang: string) => request(target.url).get(`/suivi/${token}?lang=${lang}`).expect(200);
  const overrides = async (who: Agent) => (await who.get('/api/tracking-translations').expect(200)).body as TrackingTranslationDto[];

  beforeAll(async () => {
    target = await startTarget();
    await addUser(target, { login: `words${run}`, roles: ['ADMIN_TRACKING_TRANSLATION'], depositorIds: [] });
    await addUser(target, { login: `wordsa${run}`, roles: ['ADMIN_TRACKING_TRANSLATION'], depositorIds: [1] });
    [admin, alice, translator, depositorAdmin] = await Promise.all(
      ['admin', 'alice', `words${run}`, `wordsa${run}`].map((l) => loginAs(target, l)),
    );
    const reference = `TW${run}`;
    await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({
        orders: [
          {
            reference,
            depositorId: 1,
            depositorCode: 'DEMO-A',
            platformId: 1,
            carrier: { code: 'GLS', name: 'GLS' },
            recipient: { name: `Camille ${run}`, address1: '1 rue Pasteur', zip: '69003', town: 'Lyon', country: 'FR' },
            createdAt: hoursAgo(30),
            dates: { shippedAt: hoursAgo(20) },
            parcels: [{ trackingNumber: `GLS${run}`, status: 95, weightKg: 1, packaging: 'CARTON' }],
            statuses: [
              { status: 0, at: hoursAgo(30) },
              { status: 95, at: hoursAgo(10) },
            ],
          },
        ],
      })
      .expect(200);
    const [row] = (await alice.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`).expect(200)).body;
    token = (await alice.get(`/api/orders/${row.id}`).expect(200)).body.publicToken;
  }, 120_000);
  afterAll(() => target?.close());

  it('starts with no override: the catalogue’s words on the public page', async () => {
    expect(await overrides(alice)).toEqual([]);
    expect((await page('fr')).text).toMatch(/<p class="status info">En transit<\/p>/);
  });

  it('sets a status word in one language: every user reads it, the public page shows it, the other languages keep the catalogue', async () => {
    const saved = await translator.put(`${WORD}/trackingStatus/95/fr`, { text: '  En route vers vous  ' }).expect(200);
    expect(saved.body).toEqual({ kind: 'trackingStatus', code: '95', locale: 'fr', text: 'En route vers vous' });
    expect(await overrides(alice)).toEqual([{ kind: 'trackingStatus', code: '95', locale: 'fr', text: 'En route vers vous' }]);
    const fr = (await page('fr')).text;
    expect(fr).toMatch(/<p class="status info">En route vers vous<\/p>/);
    expect(fr).toContain('</time>En route vers vous</li>');
    expect((await page('en')).text).toMatch(/<p class="status info">In transit<\/p>/);
    // The orders' export speaks the same words as the screens (alice reads in French).
    const filter = encodeURIComponent(JSON.stringify({ q: `TW${run}` }));
    const csv = (await alice.get(`/api/orders/export?format=csv&filter=${filter}`).expect(200)).text;
    expect(csv).toContain('95 En route vers vous');
    expect(csv).not.toContain('En transit');
  });

  it('sets a carrier event word (the timeline’s) and escapes it on the page', async () => {
    await admin.put(`${WORD}/tracerEvent/REFUSED/de`, { text: 'Abgelehnt <b>' }).expect(200);
    await admin.put(`${WORD}/carrierStatus/IN_TRANSIT/it`, { text: 'In viaggio' }).expect(200);
    const words = await overrides(alice);
    expect(words).toEqual(
      expect.arrayContaining([
        { kind: 'tracerEvent', code: 'REFUSED', locale: 'de', text: 'Abgelehnt <b>' },
        { kind: 'carrierStatus', code: 'IN_TRANSIT', locale: 'it', text: 'In viaggio' },
      ]),
    );
  });

  it('goes back to the catalogue with an empty word or DELETE, and removing nothing is no error', async () => {
    await translator.put(`${WORD}/trackingStatus/95/fr`, { text: '   ' }).expect(200);
    expect((await page('fr')).text).toMatch(/<p class="status info">En transit<\/p>/);
    await translator.put(`${WORD}/trackingStatus/95/fr`, { text: 'En route' }).expect(200);
    const removed = await translator.delete(`${WORD}/trackingStatus/95/fr`).expect(200);
    expect(removed.body).toMatchObject({ text: null });
    await translator.delete(`${WORD}/trackingStatus/95/fr`).expect(200);
    expect((await overrides(alice)).filter((w) => w.kind === 'trackingStatus')).toEqual([]);
    expect((await page('fr')).text).toMatch(/<p class="status info">En transit<\/p>/);
  });

  it('audits each change with who, before and after', async () => {
    let rows: AuditEntryDto[] = [];
    const filter = encodeURIComponent(JSON.stringify({ entity: 'trackingTranslation', entityId: 'trackingStatus:95:fr' }));
    for (let i = 0; i < 100 && rows.length < 4; i++) {
      rows = (await admin.get(`/api/admin/audit?filter=${filter}`).expect(200)).body as AuditEntryDto[];
      if (rows.length < 4) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.map((r) => r.action).sort()).toEqual(['created', 'created', 'deleted', 'deleted']);
    expect(rows.every((r) => r.actorLogin === `words${run}`)).toBe(true);
    expect(rows.find((r) => r.action === 'created')?.after).toMatchObject({ text: expect.stringMatching(/^En route/) });
  });

  it('refuses other roles and a depositor’s administrator with permissionDenied, and writes nothing', async () => {
    for (const who of [alice, depositorAdmin]) {
      const put = await who.put(`${WORD}/trackingStatus/100/fr`, { text: 'Livrée !' }).expect(403);
      expect(put.body.error.key).toBe('permissionDenied');
      expect((await who.delete(`${WORD}/tracerEvent/REFUSED/de`).expect(403)).body.error.key).toBe('permissionDenied');
    }
    expect((await overrides(admin)).some((w) => w.code === '100')).toBe(false);
    await request(target.url).get('/api/tracking-translations').expect(401);
  });

  it('refuses hostile input with §8 field keys, never a 5xx', async () => {
    const field = async (path: string, body: object, name: string, key: string) => {
      const answer = await admin.put(path, body).expect(400);
      expect(answer.body.error).toMatchObject({ key: 'validationFailed', fields: { [name]: key } });
    };
    // A NUL anywhere in a body is refused by the gateway before any route reads it.
    await field(`${WORD}/trackingStatus/95/fr`, { text: 'En\u0000route' }, 'body', 'invalidFormat');
    await field(`${WORD}/trackingStatus/95/fr`, { text: 'En\u0007route' }, 'text', 'invalidFormat');
    await field(`${WORD}/trackingStatus/95/fr`, { text: 'x'.repeat(10_240) }, 'text', 'maxLength');
    await field(`${WORD}/trackingStatus/95/fr`, { text: 'x'.repeat(121) }, 'text', 'maxLength');
    await field(`${WORD}/trackingStatus/95/fr`, { text: 'deux\nlignes' }, 'text', 'invalidFormat');
    await field(`${WORD}/trackingStatus/95/fr`, { text: { $ne: 1 } }, 'text', 'invalidFormat');
    await field(`${WORD}/trackingStatus/12345/fr`, { text: 'x' }, 'code', 'unknownCode');
    await field(`${WORD}/tracerEvent/__proto__/fr`, { text: 'x' }, 'code', 'unknownCode');
    await field(`${WORD}/trackingStatus/95/pt`, { text: 'x' }, 'locale', 'invalidFormat');
    await field(`${WORD}/status/95/fr`, { text: 'x' }, 'kind', 'invalidFormat');
    for (const path of [`${WORD}/trackingStatus/${'9'.repeat(1000)}/fr`, `${WORD}/trackingStatus/95/f%00`, `${WORD}/%E0%A4%A/95/fr`]) {
      expect((await admin.put(path, { text: 'x' })).status).toBeLessThan(500);
    }
    await admin.put(`${WORD}/trackingStatus/95/fr`, ['x']).expect(400);
    const del = await admin.delete(`${WORD}/carrierStatus/NOPE/fr`).expect(400);
    expect(del.body.error.fields).toEqual({ code: 'unknownCode' });
    expect((await overrides(admin)).some((w) => w.text.startsWith('x'))).toBe(false);
  });
});
