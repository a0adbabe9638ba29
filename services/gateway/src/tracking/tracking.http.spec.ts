import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey } from '@portal/service-auth';
import { setCarrierSecret, signCarrierWebhook, TrackingServiceModule } from '@portal/service-tracking';
import JSZip from 'jszip';
import request from 'supertest';
import { feedOrder, PNG_BYTES } from '../../../tracking/test/fixtures';
import { startHttpApp, type HttpApp } from '../../test/http-app';
import { TrackingHttpModule } from './tracking.module';

/** The tracking resources, the warehouse feed and the carrier webhooks over HTTP: gateway + auth + admin + tracking in one process. */
describe('tracking API', () => {
  let url: string;
  let http: HttpApp;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    http = await startHttpApp([TrackingServiceModule, TrackingHttpModule]);
    url = http.url;
    const dbOf = http.dbOf;
    keys.warehouse = await createApiKey(dbOf('auth'), { name: 'WMS', kind: 'warehouse', allDepositors: true });
    keys.carrier = await createApiKey(dbOf('auth'), { name: 'Carrier', kind: 'carrier', allDepositors: true });
    await setCarrierSecret(dbOf('tracking'), 'COLISSIMO', 'http-spec-secret');
    const orders = [...Array.from({ length: 30 }, (_, i) => feedOrder(i + 1)), feedOrder(1, { depositorId: 2 })];
    await request(url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', keys.warehouse)
      .send({ orders })
      .expect(200, { applied: 31, unchanged: 0, rejected: [] });
  });

  afterAll(() => http?.close());

  const as = (login: string) => http.as(login);
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const idOf = async (reference: string) =>
    (await (await as('admin')).get(`/api/orders?filter=${q({ q: reference })}`).expect(200)).body[0].id as number;

  it('refuses calls without a session', async () => {
    expect((await request(url).get('/api/orders').expect(401)).body.error.key).toBe('tokenDismiss');
  });

  it('GET /orders follows ra-data-simple-rest with the cursor extension', async () => {
    const alice = await as('alice');
    const first = await alice.get(`/api/orders?range=${q([0, 9])}&sort=${q(['createdAt', 'DESC'])}`).expect(200);
    expect(first.body).toHaveLength(10);
    expect(first.headers['content-range']).toBe('orders 0-9/*');
    expect(first.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
    const cursor = first.headers['x-next-cursor'];
    const next = await alice
      .get(`/api/orders?cursor=${encodeURIComponent(cursor)}&range=${q([10, 19])}&sort=${q(['createdAt', 'DESC'])}`)
      .expect(200);
    expect(next.headers['content-range']).toBe('orders 10-19/*');
    expect(next.body[0].reference).not.toBe(first.body[0].reference);
    expect(new Date(next.body[0].createdAt).getTime()).toBeLessThanOrEqual(new Date(first.body[9].createdAt).getTime());
    // A cursor of another sort, or forged, is refused before the bus.
    const forged = await alice.get(`/api/orders?cursor=${encodeURIComponent(cursor)}&sort=${q(['reference', 'ASC'])}`).expect(400);
    expect(forged.body.error.key).toBe('invalidCursor');
    expect((await alice.get('/api/orders?cursor=eyJ9').expect(400)).body.error.key).toBe('invalidCursor');
    const last = await alice.get(`/api/orders?range=${q([0, 99])}`).expect(200);
    expect(last.body).toHaveLength(31);
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a malformed filter, a too wide date range (export instead) and an unknown sort', async () => {
    const alice = await as('alice');
    expect((await alice.get('/api/orders?filter={nope').expect(400)).body.error).toMatchObject({
      key: 'validationFailed',
      fields: { filter: 'invalidFormat' },
    });
    const wide = await alice.get(`/api/orders?filter=${q({ dateFrom: '2025-01-01', dateTo: '2026-01-01' })}`).expect(400);
    expect(wide.body.error).toMatchObject({ key: 'dateRangeTooLarge', params: { maxDays: 93, exportInstead: true } });
    expect((await alice.get(`/api/orders?sort=${q(['town', 'ASC'])}`).expect(400)).body.error.key).toBe('validationFailed');
    // react-admin's default sort is accepted on every list.
    for (const list of ['orders', 'tracerroute']) await alice.get(`/api/${list}?sort=${q(['id', 'ASC'])}&range=${q([0, 4])}`).expect(200);
  });

  it('keeps another depositor’s orders and documents out of reach', async () => {
    const bob = await as('bob'); // DEMO-B only
    const list = (await bob.get(`/api/orders?range=${q([0, 99])}`).expect(200)).body as { depositorCode: string }[];
    expect(list.map((o) => o.depositorCode)).toEqual(['DEMO-B']);
    const id = await idOf('CMD1000003');
    expect((await bob.get(`/api/orders/${id}`).expect(404)).body.error.key).toBe('deliveryNotFound');
    const detail = (await (await as('alice')).get(`/api/orders/${id}`).expect(200)).body;
    expect((await bob.get(detail.documents[0].url).expect(404)).body.error.key).toBe('documentNotFound');
  });

  it('GET /orders/{id} and the delivery note streamed as a PDF', async () => {
    const alice = await as('alice');
    const detail = (await alice.get(`/api/orders/${await idOf('CMD1000003')}`).expect(200)).body;
    expect(detail).toMatchObject({
      reference: 'CMD1000003',
      depositorCode: 'DEMO-A',
      lines: expect.any(Array),
      parcels: expect.any(Array),
    });
    const file = await alice.get(detail.documents[0].url).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename=BL-3.pdf');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('classifies with a POD, refuses a file that is not what it claims, and zips PODs', async () => {
    const admin = await as('admin');
    const id = await idOf('CMD1000004');
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const pod = { name: 'signature.png', contentBase64: PNG_BYTES.toString('base64') };
    await admin.post(`/api/orders/${id}/classify`, { as: 'delivered', at, comment: 'OK', pod }).expect(200, { ok: true });
    const again = await admin.post(`/api/orders/${id}/classify`, { as: 'delivered', at }).expect(409);
    expect(again.body.error.key).toBe('classificationDeliveredFailed');
    const tooRecent = await admin
      .post(`/api/orders/${await idOf('CMD1000005')}/classify`, { as: 'delivered', at: new Date().toISOString() })
      .expect(400);
    expect(tooRecent.body.error.key).toBe('deliveryDateTooRecent');
    const fake = await admin
      .post(`/api/orders/${id}/documents`, {
        type: 'INVOICE',
        name: 'facture.pdf',
        contentBase64: Buffer.from('<html>').toString('base64'),
      })
      .expect(415);
    expect(fake.body.error.key).toBe('unexpectedFileContent');
    expect((await (await as('alice')).post(`/api/orders/${id}/classify`, { as: 'delivered', at }).expect(403)).body.error.key).toBe(
      'permissionDenied',
    );
    const zip = await admin
      .post('/api/tracerroute/pods/zip', { ids: [id] })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename=pods-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(zip.headers['cache-control']).toBe('no-store');
    const archive = await JSZip.loadAsync(zip.body as Buffer);
    expect(Object.keys(archive.files)).toEqual(['CMD1000004/', 'CMD1000004/signature.png']);
  });

  it('Tracer Route lists by status and takes a manual status; Serial Tracker finds a serial', async () => {
    const alice = await as('alice');
    const late = await alice.get(`/api/tracerroute?filter=${q({ tracerStatus: 'LATE' })}&range=${q([0, 4])}`).expect(200);
    expect(late.headers['content-range']).toBe('tracerroute 0-4/*');
    const id = await idOf('CMD1000006');
    await alice.put(`/api/tracerroute/${id}/status`, { status: 'ANOMALY', comment: 'Adresse introuvable' }).expect(200, { ok: true });
    expect((await alice.get(`/api/orders/${id}`).expect(200)).body.tracerStatus).toBe('ANOMALY');
    const serials = await alice.get(`/api/serials?filter=${q({ serial: 'SN1-6-' })}`).expect(200);
    expect(serials.body.map((s: { serial: string }) => s.serial)).toEqual(['SN1-6-1', 'SN1-6-2']);
    expect((await (await as('bob')).get(`/api/serials?filter=${q({ serial: 'SN1-6-' })}`).expect(403)).body.error.key).toBe(
      'permissionDenied',
    );
  });

  it('exports the search as CSV in the user’s date format, and XLSX; another depositor’s rows never appear', async () => {
    const csv = await (
      await as('alice')
    )
      .get(`/api/orders/export?format=csv&dateFormat=two_columns&filter=${q({ q: 'CMD100001' })}`)
      .expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Date commande;Date commande (heure)');
    expect(lines).toHaveLength(11);
    const wide = await (
      await as('alice')
    )
      .get(`/api/orders/export?filter=${q({ dateFrom: '2026-01-01', dateTo: '2026-12-01' })}`)
      .expect(200);
    expect(wide.text.trim().split('\r\n').length).toBeGreaterThan(30);
    const bob = await (await as('bob')).get(`/api/orders/export?filter=${q({ q: 'CMD1' })}`).expect(200);
    expect(
      bob.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    const xlsx = await (await as('alice')).get('/api/orders/export?format=xlsx').buffer(true).expect(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('shares search profiles with coworkers of the same depositors only', async () => {
    const alice = await as('alice');
    const saved = (await alice.post('/api/tracking-profiles', { name: 'Lyon', filter: { town: 'LYON' }, shared: true }).expect(201)).body;
    expect(saved).toMatchObject({ name: 'Lyon', shared: true, depositorIds: [1, 2] });
    expect((await alice.get('/api/tracking-profiles').expect(200)).body.map((p: { name: string }) => p.name)).toEqual(['Lyon']);
    expect((await (await as('bob')).get('/api/tracking-profiles').expect(200)).body).toEqual([]);
    expect((await (await as('bob')).delete(`/api/tracking-profiles/${saved.id}`).expect(404)).body.error.key).toBe('profileNotFound');
    await alice.delete(`/api/tracking-profiles/${saved.id}`).expect(200, { ok: true });
  });

  it('the feed wants a warehouse key', async () => {
    const order = feedOrder(40);
    expect((await request(url).post('/api/feed/tracking/orders').send(order).expect(401)).body.error.key).toBe('invalidApiKey');
    expect(
      (await request(url).post('/api/feed/tracking/orders').set('X-Api-Key', keys.carrier).send(order).expect(401)).body.error.key,
    ).toBe('invalidApiKey');
    expect((await request(url).post('/api/feed/tracking/orders').set('X-Api-Key', 'forged').send(order).expect(401)).body.error.key).toBe(
      'invalidApiKey',
    );
    await request(url)
      .post('/api/feed/tracking/orders')
      .set('X-Api-Key', keys.warehouse)
      .send(order)
      .expect(200, { applied: 1, unchanged: 0, rejected: [] });
    await request(url)
      .post('/api/feed/tracking/orders')
      .set('X-Api-Key', keys.warehouse)
      .send(order)
      .expect(200, { applied: 0, unchanged: 1, rejected: [] });
  });

  it('carrier webhooks want a carrier key and a signature of the raw body', async () => {
    const body = JSON.stringify({
      events: [{ id: 'W1', trackingNumber: '6A00000000007', status: 'IN_TRANSIT', at: '2026-11-12T08:00:00Z' }],
    });
    const post = (key: string, signature: string) =>
      request(url)
        .post('/api/webhooks/carriers/colissimo')
        .set('X-Api-Key', key)
        .set('X-Signature', signature)
        .set('Content-Type', 'application/json')
        .send(body);
    expect((await post(keys.warehouse, signCarrierWebhook('http-spec-secret', body)).expect(401)).body.error.key).toBe('invalidApiKey');
    expect((await post(keys.carrier, signCarrierWebhook('wrong', body)).expect(401)).body.error.key).toBe('invalidSignature');
    expect((await post(keys.carrier, signCarrierWebhook('http-spec-secret', body)).expect(200)).body).toEqual({ received: 1, applied: 1 });
    expect((await (await as('alice')).get(`/api/orders/${await idOf('CMD1000007')}`).expect(200)).body.status).toBe(95);
  });
});
