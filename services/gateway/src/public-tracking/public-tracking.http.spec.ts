import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BUS_TRANSPORT, InProcessTransport } from '@portal/bus';
import { TrackingSubjects } from '@portal/contracts';
import { createApiKey } from '@portal/service-auth';
import { TrackingServiceModule } from '@portal/service-tracking';
import request from 'supertest';
import { feedOrder } from '../../../tracking/test/fixtures';
import { startHttpApp, type HttpApp } from '../../test/http-app';
import { RATE_LIMITS } from '../http/rate-limit';

/** The recipient's page over HTTP: gateway + auth + admin + tracking in one process, each client a remote address of its own. */
describe('public tracking page over HTTP', () => {
  let http: HttpApp;
  let token = '';
  let address = 0;
  /** A GET from a new client address (the rate limit counts per address). */
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++address}`) =>
    http.app.inject({ method: 'GET', url, headers, remoteAddress });

  beforeAll(async () => {
    http = await startHttpApp([TrackingServiceModule]);
    const key = await createApiKey(http.dbOf('auth'), { name: 'WMS', kind: 'warehouse', allDepositors: true });
    await request(http.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', key)
      .send({ orders: [feedOrder(1)] })
      .expect(200);
    const admin = await http.as('admin');
    const [row] = (await admin.get('/api/orders').expect(200)).body;
    token = (await admin.get(`/api/orders/${row.id}`).expect(200)).body.publicToken;
  });
  afterAll(() => http?.close());

  it('answers the page of a token as HTML outside the API, with the security headers', async () => {
    const page = await get(`/suivi/${token}`, { 'accept-language': 'es-ES,es;q=0.9' });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-language': 'es',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
    });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<h1>Seguimiento de su entrega</h1>');
    expect(page.body).toContain('69003 LYON');
    expect(page.body).not.toContain('12 rue Pasteur');
    expect((await get(`/api/suivi/${token}`)).statusCode).toBe(404);
  });

  it('answers one not-found page for every path that names no visible order', async () => {
    const unknown = await get(`/suivi/${'A'.repeat(24)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>Lien de suivi introuvable</h1>');
    for (const path of [
      '/suivi',
      '/suivi/',
      `/suivi/${token}%00`,
      '/suivi/%00',
      `/suivi/${'x'.repeat(3000)}`,
      `/suivi/${token}/autre`,
      `/suivi/${'B'.repeat(24)}/logo`,
      `/suivi/${encodeURIComponent('ü'.repeat(24))}`,
    ]) {
      const answer = await get(path);
      expect({ path, status: answer.statusCode }).toEqual({ path, status: 404 });
      expect(answer.body).toBe(unknown.body);
    }
  });

  it('limits each address, then answers 429 with Retry-After in the recipient’s language', async () => {
    const limit = RATE_LIMITS.publicTracking * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1);
    for (let i = 0; i < limit; i++) expect((await get(`/suivi/${token}`, {}, '10.2.0.1')).statusCode).toBe(200);
    const refused = await get(`/suivi/${token}`, { 'accept-language': 'it' }, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('<h1>Troppe richieste</h1>');
    expect(refused.body).not.toContain('LYON');
    expect((await get(`/suivi/${token}`, {}, '10.2.0.2')).statusCode).toBe(200);
  });

  it('says the page is unavailable, when to come back, when tracking does not answer', async () => {
    (http.app.get(BUS_TRANSPORT) as InProcessTransport).unserve(TrackingSubjects.publicTracking);
    const answer = await get(`/suivi/${token}`, { 'accept-language': 'de' });
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<h1>Sendungsverfolgung vorübergehend nicht verfügbar</h1>');
  });
});
