import http from 'node:http';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';

/**
 * The gateway's RATE_LIMITS.publicTracking (not imported: the gateway's module reads
 * RATE_LIMIT_MULTIPLIER when loaded, before startTarget sets it).
 */
const PUBLIC_TRACKING_PER_MINUTE = 30;
const GLS_TEMPLATE = 'https://gls-group.com/FR/fr/suivi-colis?match={trackingNumber}';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Plain GETs from a chosen loopback address (127.0.0.x: each is a client address of its own for
 * the gateway's per-address rate limit), many at once on kept-alive connections.
 */
function client(base: string, localAddress: string) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16, localAddress });
  const get = (path: string, headers: Record<string, string> = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
    });
  /** Every path, `concurrency` at a time; the answers in the paths' order. */
  const all = async (paths: string[], headers: Record<string, string> = {}, concurrency = 16): Promise<Answer[]> => {
    const answers: Answer[] = new Array(paths.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const i = next++;
          answers[i] = await get(paths[i], headers);
        }
      }),
    );
    return answers;
  };
  return { get, all, close: () => agent.destroy() };
}

const randomToken = () => randomBytes(18).toString('base64url');

/**
 * The recipients' public tracking page (issue 35 item 3), as a recipient's phone reaches it: no
 * login, the token as the only key, the page in their language, nothing of the order beyond what a
 * recipient may see, the same answer for every token that names no visible order, a limit per address.
 */
describe('public tracking page', () => {
  let target: ApiTarget;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const recipient = {
    company: `Pharmacie ${run}`,
    name: `Camille Bernard ${run}`,
    address1: `12 rue Pasteur ${run}`,
    address2: `Bâtiment B${run}`,
    zip: '69003',
    town: 'Lyon',
    country: 'FR',
    phone: '+33478000042',
    email: `camille.${run.toLowerCase()}@example.org`,
  };
  const trackingNumber = `GLS${run}01`;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

  function order(reference: string, depositorId: number, overrides: Record<string, unknown> = {}) {
    return {
      reference,
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      customerReference: `PO-${reference}`,
      orderReference: `BL-${reference}`,
      carrier: { code: 'GLS', name: 'GLS' },
      recipient,
      createdAt: hoursAgo(30),
      dates: { shippedAt: hoursAgo(20), promisedDeliveryAt: new Date(Date.now() + 24 * 3_600_000).toISOString() },
      parcels: [{ trackingNumber, status: 95, weightKg: 2.5, packaging: 'CARTON' }],
      statuses: [
        { status: 0, at: hoursAgo(30) },
        { status: 90, at: hoursAgo(20) },
        { status: 95, at: hoursAgo(10) },
      ],
      ...overrides,
    };
  }
  const refA = `TRK${run}A`;
  const refHidden = `TRK${run}H`;
  const refB = `TRK${run}B`;
  let tokenA = '';
  let tokenB = '';
  let tokenHidden = '';
  let stored: Record<string, unknown> & { recipient: Record<string, string | null>; id: number; reference: string };
  let page: Answer;
  let unknown: Answer;

  beforeAll(async () => {
    target = await startTarget();
    const feed = await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({
        orders: [
          order(refA, 1),
          order(refHidden, 1),
          order(refB, 2, { recipient: { ...recipient, zip: '75011', town: 'Paris', address1: `3 rue Oberkampf ${run}` } }),
        ],
      })
      .expect(200);
    expect(feed.body).toMatchObject({ applied: 3, rejected: [] });
    const admin = await loginAs(target, 'admin');
    await admin.put('/api/admin/carriers/GLS', { name: 'GLS', trackingUrlTemplate: GLS_TEMPLATE }).expect(200);
    await request(target.url)
      .post('/api/admin/depositors/1/logo')
      .set({ Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/octet-stream' })
      .send(
        await sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 200, g: 60, b: 90 } } })
          .png()
          .toBuffer(),
      )
      .expect(201);
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const find = async (as: typeof alice, reference: string) => {
      const [row] = (await as.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`).expect(200)).body;
      return (await as.get(`/api/orders/${row.id}`).expect(200)).body;
    };
    stored = await find(alice, refA);
    tokenA = stored.publicToken as string;
    tokenHidden = (await find(alice, refHidden)).publicToken;
    tokenB = (await find(bob, refB)).publicToken;
    const hidden = await find(alice, refHidden);
    await admin.delete(`/api/orders/${hidden.id}`).expect(200);
    const phone = client(target.url, '127.0.0.1');
    page = await phone.get(`/suivi/${tokenA}`, { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    unknown = await phone.get(`/suivi/${randomToken()}`, { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
    phone.close();
  }, 120_000);
  afterAll(() => target?.close());

  it('keeps the token apart from the reference, the same in the order detail', () => {
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(new Set([tokenA, tokenB, tokenHidden]).size).toBe(3);
    expect(tokenA).not.toContain(refA);
  });

  it('shows the timeline, carrier, tracking number with the carrier’s link, promised date, town and postcode', () => {
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-language']).toBe('fr');
    const html = page.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Suivi de votre livraison');
    expect(html).toContain('Envoyée par Maison Lumière Cosmétiques');
    // Status now and every step of the timeline (spec §4 labels), newest first.
    expect(html).toMatch(/<p class="status info">En transit<\/p>/);
    const steps = [...html.matchAll(/<li><time datetime="([^"]+)">[^<]+<\/time>([^<]+)/g)].map((m) => m[2]);
    expect(steps).toEqual(['En transit', 'Expédiée', 'En cours de réception / préparation']);
    expect(html).toContain('<dd>GLS</dd>');
    expect(html).toContain(`href="https://gls-group.com/FR/fr/suivi-colis?match=${trackingNumber}"`);
    expect(html).toContain(`<span class="number">${trackingNumber}</span>`);
    expect(html).toContain(`<dd>${stored.recipient.zip} ${stored.recipient.town}</dd>`);
    expect(html).toMatch(/<dt>Livraison prévue<\/dt><dd>[a-z]+ \d{1,2} [a-zéû]+ \d{4}<\/dd>/);
    expect(html).toContain(`<img class="logo" src="/suivi/${tokenA}/logo?v=`);
  });

  it('shows no street, phone, email, name or reference of the order, and no script', () => {
    const values = [
      stored.recipient.address1,
      stored.recipient.address2,
      stored.recipient.phone,
      stored.recipient.email,
      stored.recipient.name,
      stored.recipient.company,
      stored.reference,
      stored.customerReference,
      stored.orderReference,
    ];
    expect(values.every((v) => typeof v === 'string' && v.length > 3)).toBe(true);
    for (const value of values) expect(page.body).not.toContain(value as string);
    expect(page.body).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]|\+33|<script|\son[a-z]+=/i);
    expect(Buffer.byteLength(page.body)).toBeLessThan(16_000);
  });

  it('keeps the gateway’s security headers and is never stored', () => {
    for (const answer of [page, unknown]) {
      expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
      expect(answer.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex, nofollow',
        vary: 'Accept-Language',
      });
    }
  });

  it('speaks the browser’s language, and the one chosen with ?lang=', async () => {
    const phone = client(target.url, '127.0.0.1');
    try {
      const de = await phone.get(`/suivi/${tokenA}`, { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.8' });
      expect(de.headers['content-language']).toBe('de');
      expect(de.body).toContain('<html lang="de">');
      expect(de.body).toContain('Sendungsverfolgung');
      expect(de.body).toContain('Unterwegs');
      const it = await phone.get(`/suivi/${tokenA}?lang=it`, { 'Accept-Language': 'de-CH,de;q=0.9' });
      expect(it.body).toContain('<html lang="it">');
      expect(it.body).toContain('In transito');
      expect(it.body).toContain('<a href="?lang=it" hreflang="it" lang="it" aria-current="true">Italiano</a>');
      for (const [lang, word] of [
        ['en', 'In transit'],
        ['es', 'En tránsito'],
      ])
        expect((await phone.get(`/suivi/${tokenA}?lang=${lang}`)).body).toContain(word);
      // Nothing said: the portal's French; only other languages: its fallback, English.
      expect((await phone.get(`/suivi/${tokenA}`)).body).toContain('<html lang="fr">');
      expect((await phone.get(`/suivi/${tokenA}`, { 'Accept-Language': 'pt-BR,pt' })).body).toContain('<html lang="en">');
      expect((await phone.get(`/suivi/${tokenA}?lang=xx`, { 'Accept-Language': 'es' })).body).toContain('<html lang="es">');
    } finally {
      phone.close();
    }
  });

  it('serves the depositor’s logo through the token, and nothing through another', async () => {
    const phone = client(target.url, '127.0.0.1');
    try {
      const src = /<img class="logo" src="([^"]+)"/.exec(page.body)![1];
      const logo = await phone.get(src);
      expect(logo.status).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      const none = await phone.get(`/suivi/${randomToken()}/logo`, { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
      expect(none.status).toBe(404);
      expect(none.body).toBe(unknown.body);
      // DEMO-B has no logo: its page has none.
      expect((await phone.get(`/suivi/${tokenB}`)).body).not.toContain('class="logo"');
    } finally {
      phone.close();
    }
  });

  it('shows each depositor’s order under its own token only', async () => {
    const phone = client(target.url, '127.0.0.1');
    try {
      const b = await phone.get(`/suivi/${tokenB}`);
      expect(b.status).toBe(200);
      expect(b.body).toContain('75011 PARIS');
      expect(b.body).toContain('Envoyée par Pharmalys Santé – chaîne du froid');
      expect(b.body).not.toContain('69003');
      expect(b.body).not.toContain('Maison Lumière');
      expect(page.body).not.toContain('PARIS');
    } finally {
      phone.close();
    }
  });

  it('answers a hidden (revoked) order’s token exactly as an unknown one', async () => {
    const phone = client(target.url, '127.0.0.1');
    try {
      const revoked = await phone.get(`/suivi/${tokenHidden}`, { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('Lien de suivi introuvable');
      expect(revoked.status).toBe(404);
      expect(revoked.body).toBe(unknown.body);
      expect(revoked.headers['content-type']).toBe(unknown.headers['content-type']);
    } finally {
      phone.close();
    }
  });

  it('takes as long for a revoked token as for an unknown one', async () => {
    const phone = client(target.url, '127.0.0.6');
    const times = { revoked: [] as number[], unknown: [] as number[] };
    try {
      // Interleaved, one at a time: both see the same load.
      for (let i = 0; i < 150; i++) {
        for (const [kind, token] of [
          ['revoked', tokenHidden],
          ['unknown', randomToken()],
        ] as const) {
          const started = process.hrtime.bigint();
          expect((await phone.get(`/suivi/${token}`)).status).toBe(404);
          times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }
    } finally {
      phone.close();
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1];
    const [revoked, unknownMs] = [median(times.revoked), median(times.unknown)];
    console.log(`median answer: revoked ${revoked.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms`);
    expect(Math.abs(revoked - unknownMs)).toBeLessThan(1 + unknownMs / 2);
  }, 60_000);

  it('gives 10,000 random and malformed tokens the same answer and no data; past its limit an address gets 429', async () => {
    const malformed = [
      '',
      'x',
      tokenA.toLowerCase(),
      `${tokenA}x`,
      `${tokenA.slice(0, 23)}%00`,
      '%00',
      encodeURIComponent('😀'.repeat(12)),
      encodeURIComponent('é'.repeat(24)),
      'A'.repeat(2000),
      `${encodeURIComponent("' OR 1=1 --")}`,
      '..%2F..%2Fapi%2Fhealth',
      `${tokenA}/x`,
      `${randomToken()}/logo/logo`,
    ];
    const paths = [
      ...malformed.map((t) => `/suivi/${t}`),
      ...Array.from({ length: 10_000 - malformed.length }, () => `/suivi/${randomToken()}`),
    ];
    // Per client address: 30 a minute, times RATE_LIMIT_MULTIPLIER (100 in the API tests). The first
    // address takes exactly its limit, then is refused; three others share the rest.
    // Never more requests at once than the tracking service's lane serves (BUS_CONCURRENCY, 4): more
    // would only wait in its queue, and on a loaded machine some would wait past BUS_QUEUE_WAIT_MS and be
    // shed (503, the right answer to an overload, but not what this test is about).
    const limit = PUBLIC_TRACKING_PER_MINUTE * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 100);
    const [first, ...others] = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].map((a) => client(target.url, a));
    const french = { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' };
    try {
      const started = Date.now();
      const answers = await first.all(paths.slice(0, limit), french, 4);
      const refused = await first.get(`/suivi/${tokenA}`, { 'Accept-Language': 'de' });
      // Asked at once: the address stays refused for the window (60 s), shorter than the rest below can take.
      const refusedLogo = await first.get(`/suivi/${tokenA}/logo`);
      const rest = paths.slice(limit);
      answers.push(
        ...(
          await Promise.all(
            others.map((c, i) =>
              c.all(
                rest.filter((_, n) => n % others.length === i),
                french,
                1,
              ),
            ),
          )
        ).flat(),
      );
      console.log(`10,000 unknown tokens answered in ${Date.now() - started} ms`);
      expect(answers).toHaveLength(10_000);
      const odd = answers.filter(
        (a) => a.status !== 404 || a.body !== unknown.body || a.headers['content-type'] !== 'text/html; charset=utf-8',
      );
      expect(odd.map((a) => `${a.status} ${a.body.slice(0, 120)}`).slice(0, 5)).toEqual([]);
      for (const value of [stored.recipient.town, stored.recipient.zip, 'GLS', refA, tokenA]) expect(unknown.body).not.toContain(value);

      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('Zu viele Anfragen');
      expect(refused.body).not.toContain('LYON');
      expect(refusedLogo.status).toBe(429);
      // Another address goes on.
      expect((await others[0].get(`/suivi/${tokenA}`)).status).toBe(200);
    } finally {
      for (const c of [first, ...others]) c.close();
    }
  }, 240_000);

  it('is not the web app’s fallback', async () => {
    const phone = client(target.url, '127.0.0.1');
    try {
      const answer = await phone.get(`/suivi/${randomToken()}`);
      expect(answer.body).not.toContain('<div id="root">');
      expect((await phone.get('/suivi')).body).toBe((await phone.get(`/suivi/${randomToken()}`)).body);
      expect((await phone.get('/pgt')).body).toContain('<div id="root">');
    } finally {
      phone.close();
    }
  });
});
