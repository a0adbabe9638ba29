import http from 'node:http';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { LIVE_PATH, type LiveOrderEvent } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Agent = Awaited<ReturnType<typeof loginAs>>;
interface LiveMessage {
  id: string;
  event: string;
  data: unknown;
}

/** An open live stream as a browser tab reads it: the events so far, and a way to wait for one. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: LiveMessage[];
  ended: boolean;
  waitFor(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  close(): void;
}

/** Opens GET /api/live with this token (and Last-Event-ID); answers once the headers came. */
function openStream(url: string, token: string | null, lastEventId?: string): Promise<Stream & { body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const req = http.get(`${url}${LIVE_PATH}`, { headers, agent: false }, (res) => {
      const waiters = new Set<() => void>();
      const stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages: [] as LiveMessage[],
        ended: false,
        body: '',
        waitFor(match: (m: LiveMessage) => boolean, timeoutMs = 30_000): Promise<LiveMessage> {
          return new Promise<LiveMessage>((done, fail) => {
            const check = () => {
              const found = stream.messages.find(match);
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                done(found);
              } else if (stream.ended) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`stream ended; got ${JSON.stringify(stream.messages)}`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such event in ${timeoutMs} ms; got ${JSON.stringify(stream.messages)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => req.destroy(),
      };
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.body += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event) stream.messages.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
        }
        waiters.forEach((w) => w());
      });
      const ended = () => {
        stream.ended = true;
        waiters.forEach((w) => w());
      };
      res.on('end', ended);
      res.on('close', ended);
      resolve(stream);
    });
    req.on('error', reject);
  });
}

const orderEvent = (reference: string, status?: number) => (m: LiveMessage) =>
  m.event === 'order' &&
  (m.data as LiveOrderEvent).reference === reference &&
  (status === undefined || (m.data as LiveOrderEvent).status === status);

/**
 * Live screens (issue 35 item 4): GET /api/live streams what the caller's scope and roles show, on
 * every gateway, resumable with Last-Event-ID. alice reads DEMO-A and DEMO-B, bob DEMO-B only.
 */
describe('live screens stream', () => {
  let target: ApiTarget;
  let alice: Agent;
  let bob: Agent;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const ref = (n: number) => `LIV${run}${n}`;
  const streams: Stream[] = [];
  const open = async (url: string, token: string | null, lastEventId?: string) => {
    const stream = await openStream(url, token, lastEventId);
    streams.push(stream);
    return stream;
  };

  /** Feeds an order of this depositor with these statuses, as the warehouse system does: each new status is a change. */
  const feed = async (n: number, depositorId: number, statuses: number[]) => {
    const createdAt = new Date(Date.now() - 3_600_000);
    const order = {
      reference: ref(n),
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      carrier: { code: 'GLS', name: 'GLS' },
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
      createdAt: createdAt.toISOString(),
      lines: [{ reference: 'ART-1', label: 'Article', quantityOrdered: 1, quantitySent: 1 }],
      statuses: statuses.map((status, i) => ({ status, at: new Date(createdAt.getTime() + i * 60_000).toISOString() })),
    };
    const res = await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ orders: [order] })
      .expect(200);
    expect(res.body.applied).toBe(1);
  };

  beforeAll(async () => {
    target = await startTarget();
    [alice, bob] = await Promise.all(['alice', 'bob'].map((login) => loginAs(target, login)));
  }, 90_000);
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await target?.close();
  });

  it('needs a session: 401 without a token or with a bad one', async () => {
    const none = await request(target.url).get(LIVE_PATH).expect(401);
    expect(none.body.error.key).toBe('tokenDismiss');
    const bad = await request(target.url).get(LIVE_PATH).set('Authorization', 'Bearer not.a.token').expect(401);
    expect(bad.body.error.key).toBe('tokenDismiss');
  });

  it('opens with retry and ready, as an event stream', async () => {
    const stream = await open(target.url, alice.token);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const ready = await stream.waitFor((m) => m.event === 'ready');
    expect(ready.id).toMatch(/^[a-z0-9]+-\d+$/);
    expect(stream.body.startsWith('retry: ')).toBe(true);
    stream.close();
  });

  it("carries a DEMO-A order's status change to alice and never to bob (DEMO-B)", async () => {
    const [a, b] = await Promise.all([open(target.url, alice.token), open(target.url, bob.token)]);
    await Promise.all([a, b].map((s) => s.waitFor((m) => m.event === 'ready')));
    await feed(1, 1, [0, 90]);
    await feed(2, 2, [0, 90]);
    const seen = await a.waitFor(orderEvent(ref(1)));
    expect(seen.data).toMatchObject({ reference: ref(1), status: 90 });
    // Only what the row shows: no recipient, no address.
    expect(Object.keys(seen.data as object).sort()).toEqual(['orderId', 'reference', 'status', 'tracerStatus']);
    await a.waitFor(orderEvent(ref(2)));
    // bob's own order arrives after DEMO-A's on the bus: by then DEMO-A's has passed him by.
    await b.waitFor(orderEvent(ref(2)));
    expect(b.body).not.toContain(ref(1));
    expect(b.messages.filter(orderEvent(ref(1)))).toEqual([]);
    a.close();
    b.close();
  }, 120_000);

  it('resumes after Last-Event-ID without loss or duplicate, and resets an unknown id', async () => {
    const [first, watch] = [await open(target.url, alice.token), await open(target.url, alice.token)];
    await Promise.all([first, watch].map((s) => s.waitFor((m) => m.event === 'ready')));
    await feed(3, 1, [0]);
    const last = await first.waitFor(orderEvent(ref(3), 0));
    first.close();
    // Missed while the tab was away: two changes (another tab sees them pass).
    await feed(3, 1, [0, 90]);
    await feed(4, 2, [0]);
    await watch.waitFor(orderEvent(ref(4)));
    // Resumed on every gateway there is: the ids mean the same on each.
    for (const url of target.deployment?.urls ?? [target.url]) {
      const again = await open(url, alice.token, last.id);
      await again.waitFor((m) => m.event === 'ready');
      // The demo's own orders move meanwhile: only this test's count.
      const orders = again.messages
        .filter((m) => m.event === 'order' && (m.data as LiveOrderEvent).reference.startsWith(ref(0).slice(0, -1)))
        .map((m) => (m.data as LiveOrderEvent).reference);
      expect(orders).toEqual([ref(3), ref(4)]);
      expect(again.messages.find(orderEvent(ref(3)))?.data).toMatchObject({ status: 90 });
      again.close();
    }
    for (const id of ['zz-1', 'garbage']) {
      const reset = await open(target.url, alice.token, id);
      const answer = await reset.waitFor((m) => m.event === 'reset' || m.event === 'ready');
      expect([id, answer.event]).toEqual([id, 'reset']);
      reset.close();
    }
  }, 120_000);

  it('delivers on two gateways behind a load balancer (NATS)', async () => {
    let urls = [target.url];
    if (target.deployment) {
      await target.deployment.spawnCopy('gateway', 2);
      await target.deployment.waitHealthy();
      urls = target.deployment.urls;
    }
    const [a, b] = [await open(urls[0], bob.token), await open(urls[urls.length - 1], bob.token)];
    await Promise.all([a, b].map((s) => s.waitFor((m) => m.event === 'ready')));
    await feed(5, 2, [0]);
    const [one, two] = await Promise.all([a, b].map((s) => s.waitFor(orderEvent(ref(5)))));
    // The same event, the same id, from each gateway.
    expect(one.id).toBe(two.id);
    // A tab of the first gateway comes back through the last one: what it missed, once.
    a.close();
    await feed(6, 2, [0]);
    await b.waitFor(orderEvent(ref(6)));
    const resumed = await open(urls[urls.length - 1], bob.token, one.id);
    await resumed.waitFor((m) => m.event === 'ready');
    const mine = resumed.messages.filter((m) => m.event === 'order' && (m.data as LiveOrderEvent).reference.startsWith(`LIV${run}`));
    expect(mine.map((m) => (m.data as LiveOrderEvent).reference)).toEqual([ref(6)]);
    resumed.close();
    b.close();
  }, 120_000);

  it('answers 429 tooManyRequests with Retry-After past the streams a user may open', async () => {
    const denis = await loginAs(target, 'denis');
    const opened: Stream[] = [];
    let refused: Stream & { body: string } = undefined as never;
    for (let i = 0; i < 50; i++) {
      const stream = await openStream(target.url, denis.token);
      if (stream.status !== 200) {
        refused = stream;
        break;
      }
      opened.push(stream);
      streams.push(stream);
      await stream.waitFor((m) => m.event === 'ready');
    }
    expect(refused?.status).toBe(429);
    for (let i = 0; i < 50 && !refused.ended; i++) await new Promise((r) => setTimeout(r, 50));
    const body = JSON.parse(refused.body);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.error.key).toBe('tooManyRequests');
    expect(body.error.params.limit).toBe(opened.length);
    // A tab closed frees its place.
    opened[0].close();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const retry = await openStream(target.url, denis.token);
      streams.push(retry);
      status = retry.status;
    }
    expect(status).toBe(200);
  });

  it('ends the stream when its session logs out', async () => {
    const bob2 = await loginAs(target, 'bob');
    const stream = await open(target.url, bob2.token);
    await stream.waitFor((m) => m.event === 'ready');
    await bob2.post('/api/auth/logout').expect((res) => expect(res.status).toBeLessThan(300));
    for (let i = 0; i < 100 && !stream.ended; i++) await new Promise((r) => setTimeout(r, 100));
    expect(stream.ended).toBe(true);
    expect((await openStream(target.url, bob2.token)).status).toBe(401);
  });
});
