import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusClient } from '@portal/bus';
import { AdminSubjects, Role } from '@portal/contracts';
import { callerContext } from '@portal/testing';
import request from 'supertest';
import { startHttpApp, type HttpApp } from '../../test/http-app';
import { ReferenceHttpModule } from './reference.module';

/** The §7 reference paths over HTTP, as the web app calls them: gateway + auth + admin in one process. */
describe('reference data API', () => {
  let app: NestFastifyApplication;
  let url: string;
  let http: HttpApp;

  beforeAll(async () => {
    http = await startHttpApp([ReferenceHttpModule]);
    app = http.app;
    url = http.url;
  });

  afterAll(() => http?.close());

  const as = (login: string) => http.as(login);

  it('refuses calls without a session', async () => {
    const res = await request(url).get('/api/depositors').expect(401);
    expect(res.body.error.key).toBe('tokenDismiss');
  });

  it('answers with the security headers, never to be stored', async () => {
    const res = await (await as('alice')).get('/api/depositors').expect(200);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval';/);
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
    });
  });

  it('GET /countries?minify=1 and GET /states?minify=1&country=FR', async () => {
    const alice = await as('alice');
    const countries = await alice.get('/api/countries?minify=1').expect(200);
    expect(countries.body.success).toBe(true);
    expect(countries.body.countries).toContainEqual({ ref: 'DE', label: 'Allemagne' });
    const states = await alice.get('/api/states?minify=1&country=FR').expect(200);
    expect(states.body.states).toContainEqual({ code: 'FR-69', label: 'Rhône' });
    expect((await alice.get('/api/states?country=FRANCE').expect(400)).body.error.key).toBe('validationFailed');
  });

  it('GET /depositors, /activities and /stores stay inside the caller’s depositors', async () => {
    const bob = await as('bob'); // DEMO-B only
    expect((await bob.get('/api/depositors').expect(200)).body.map((d: { code: string }) => d.code)).toEqual(['DEMO-B']);
    const stores = (await bob.get('/api/stores').expect(200)).body as { depositorId: number }[];
    expect(stores.length).toBe(3);
    expect(stores.every((s) => s.depositorId === 2)).toBe(true);
    expect((await bob.get('/api/activities').expect(200)).body.every((a: { depositorId: number }) => a.depositorId === 2)).toBe(true);
    expect((await bob.get('/api/activities?depositorId=1').expect(404)).body.error.key).toBe('objectNotFound');
    expect((await bob.get('/api/stores?depositorId=3').expect(404)).body.error.key).toBe('objectNotFound');
  });

  it('GET /depositors/admin for depositor and user administrators only', async () => {
    const carla = await as('carla');
    expect((await carla.get('/api/depositors/admin').expect(200)).body.map((d: { id: number }) => d.id)).toEqual([1, 2, 3]);
    expect((await (await as('bob')).get('/api/depositors/admin').expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('GET /platforms', async () => {
    const res = await (await as('bob')).get('/api/platforms').expect(200);
    expect(res.body).toHaveLength(20);
  });

  it('GET /announcements and PUT /announcement/{id}/hide', async () => {
    const alice = await as('alice');
    const before = (await alice.get('/api/announcements').expect(200)).body.map((a: { id: number }) => a.id);
    // Announcement 2 (bulk proofs of delivery) is for USER_BULK_POD holders: neither alice nor bob.
    expect(before).toEqual([1]);
    expect((await alice.put('/api/announcement/1/hide').expect(200)).body).toEqual({ ok: true });
    expect((await alice.get('/api/announcements').expect(200)).body.map((a: { id: number }) => a.id)).toEqual([]);
    expect((await alice.put('/api/announcement/999/hide').expect(404)).body.error.key).toBe('objectNotFound');
    expect((await (await as('bob')).get('/api/announcements').expect(200)).body.map((a: { id: number }) => a.id)).toEqual([1]);
  });

  it('GET /dashboard/figures/{source}', async () => {
    const bob = await as('bob');
    const res = await bob.get('/api/dashboard/figures/depositor-stores').expect(200);
    expect(res.body).toEqual({ source: 'depositor-stores', series: [{ label: 'DEMO-B', value: 3 }] });
    expect((await bob.get('/api/dashboard/figures/unknown').expect(400)).body.error.key).toBe('validationFailed');
  });

  it('GET /email-templates and POST /email-templates/send', async () => {
    const admin = await as('admin');
    const templates = (await (await as('bob')).get('/api/email-templates').expect(200)).body as { code: string }[];
    expect(templates.map((t) => t.code)).toEqual(['DELIVERY_DELAY', 'POD_REQUEST']);
    expect((await admin.get('/api/email-templates').expect(200)).body).toHaveLength(3);
    const invalid = await admin.post('/api/email-templates/send', { recipient: 'nope', subject: '' }).expect(400);
    expect(invalid.body.error).toMatchObject({
      key: 'validationFailed',
      fields: { recipient: 'invalidEmail', subject: 'required', body: 'required' },
    });
    await admin
      .post('/api/email-templates/send', { recipient: 'client@example.com', subject: 'Retard', body: 'Bonjour' })
      .expect(200, { ok: true });
    const denied = await (await as('bob')).post('/api/email-templates/send', { recipient: 'client@example.com', subject: 's', body: 'b' });
    expect(denied.status).toBe(403);
  });

  it('POST /support/problem-report and GET /admin/mail-outbox', async () => {
    await (
      await as('bob')
    )
      .post('/api/support/problem-report', { subject: 'Étiquettes vides', message: 'Quai 3' })
      .expect(200, { ok: true });
    const outbox = await (await as('admin')).get('/api/admin/mail-outbox?limit=1').expect(200);
    expect(outbox.body.items[0]).toMatchObject({ to: 'support@portal.localhost', template: 'problem-report' });
    expect(outbox.body.items[0].subject).toContain('(bob)');
    expect((await (await as('bob')).get('/api/admin/mail-outbox').expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('keeps the service-side role check behind the gateway', async () => {
    const bus = app.get(BusClient);
    await expect(bus.request(AdminSubjects.depositorsAdmin, callerContext({ roles: [Role.PGT_USER] }), {})).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });
});
