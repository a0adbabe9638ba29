// Closed-loop virtual users for tests/bench/load-mix.mjs: each user sends a request, reads the whole
// answer, thinks (think time ±50 %, 0 = saturation) and sends the next one, over keep-alive HTTP to
// 127.0.0.1 (node:http, one socket per user in flight). Per endpoint: latencies and errors by status
// and by the key of the {error:{key}} envelope; the driver's own event-loop delay says whether it kept up.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile } from './measure.mjs';
import { requireFromRoot, sleep } from './platform.mjs';

/** The demo data's seeded PRNG (mulberry32) and pick: each virtual user draws the same sequence of choices on every run. */
export const { prng, pick } = requireFromRoot('@portal/demo');

/** Keep-alive HTTP to one origin; answers { status, body (string), ms }. Network failures answer status 0 and the error code. */
export function httpClient(baseUrl, sockets) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: sockets });
  const send = (method, path, { token, body, headers } = {}) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const done = (status, text, code) => resolve({ status, body: text, code, ms: Number(process.hrtime.bigint() - started) / 1e6 });
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          agent,
          hostname,
          port,
          path,
          method,
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => done(res.statusCode, Buffer.concat(chunks).toString('utf8')));
          res.on('error', (e) => done(0, '', e.code ?? 'ERESPONSE'));
        },
      );
      req.setTimeout(60_000, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (e) => done(0, '', e.code ?? e.message));
      req.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

/** Several origins (the gateways behind a load balancer): each request goes to the next one in turn. */
export function roundRobinClient(baseUrls, sockets) {
  const clients = baseUrls.map((url) => httpClient(url, sockets));
  let turn = 0;
  return {
    send: (method, path, options) => clients[turn++ % clients.length].send(method, path, options),
    close: () => clients.forEach((c) => c.close()),
  };
}

/** Sends a virtual user's step: GET by default, as the user (its token) unless the step says otherwise. */
export const sendStep = (client, vu, step) =>
  client.send(step.method ?? 'GET', step.path, { token: step.anonymous ? undefined : vu.token, body: step.body, headers: step.headers });

/** The key of the portal's error envelope, when the answer has one. */
export function errorKey(body) {
  try {
    return JSON.parse(body)?.error?.key ?? null;
  } catch {
    return null;
  }
}

/** Seconds of a slice of the window in `Stats.sliceRows`. */
export const SLICE_SECONDS = 30;

/** Latencies and errors per endpoint over one measured window. */
export class Stats {
  constructor(origin = performance.now()) {
    this.byEndpoint = new Map();
    this.origin = origin;
    this.slowest = []; // the 5 slowest answers: { endpoint, ms, status, endedAt (s into the window) }
    this.slices = []; // latencies per SLICE_SECONDS of the window, every endpoint: does the tail grow with time?
  }

  record(endpoint, ms, status, key) {
    if (this.slowest.length < 5 || ms > this.slowest[4].ms) {
      this.slowest.push({ endpoint, ms, status, endedAt: (performance.now() - this.origin) / 1000 });
      this.slowest.sort((a, b) => b.ms - a.ms).splice(5);
    }
    const slice = Math.floor((performance.now() - this.origin) / 1000 / SLICE_SECONDS);
    (this.slices[slice] ??= []).push(ms);
    let e = this.byEndpoint.get(endpoint);
    if (!e) this.byEndpoint.set(endpoint, (e = { times: [], errors: new Map() }));
    e.times.push(ms);
    if (status < 200 || status >= 400) {
      const label = `${status}${key ? ` ${key}` : ''}`;
      e.errors.set(label, (e.errors.get(label) ?? 0) + 1);
    }
  }

  /** Per slice of the window: its start (s), requests, p50, p95, p99 (every endpoint together). */
  sliceRows() {
    return this.slices.map((times, i) => ({
      from: i * SLICE_SECONDS,
      requests: times?.length ?? 0,
      p50: percentile(times ?? [], 50),
      p95: percentile(times ?? [], 95),
      p99: percentile(times ?? [], 99),
    }));
  }

  /** Rows of the report: per endpoint (in `order`) and overall; seconds = the window. */
  rows(order, seconds) {
    const row = (name, times, errors) => ({
      name,
      requests: times.length,
      rps: times.length / seconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times.reduce((m, t) => Math.max(m, t), 0),
      errors: [...errors.entries()].sort((a, b) => b[1] - a[1]),
    });
    const rows = order
      .filter((n) => this.byEndpoint.has(n))
      .map((n) => row(n, this.byEndpoint.get(n).times, this.byEndpoint.get(n).errors));
    const all = [...this.byEndpoint.values()];
    const errors = new Map();
    for (const e of all) for (const [k, v] of e.errors) errors.set(k, (errors.get(k) ?? 0) + v);
    return {
      rows,
      overall: row(
        'overall',
        all.flatMap((e) => e.times),
        errors,
      ),
    };
  }
}

/**
 * Runs the virtual users: `users` objects, each with `next()` → { endpoint, path, after(answer) } (what
 * it asks next and what it keeps from the answer). `phases`: warm-up seconds (not counted), then the
 * measured seconds; `onMeasure` runs before the window opens and `onMeasured` right after it closes.
 * Answers the stats of the window, its length and the driver's event-loop delay meanwhile.
 */
export async function runClosedLoop({ client, users, thinkMs, warmup, seconds, onMeasure, onMeasured }) {
  let stopping = false;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let stats = new Stats();
  let sent = 0;
  const inFlight = new Map(); // virtual user -> when its request left
  const think = (rand) => (thinkMs > 0 ? sleep(thinkMs * (0.5 + rand())) : Promise.resolve());
  const loop = async (vu) => {
    // Users arrive spread over one think time (or 1 s), not all in the same millisecond.
    await sleep((thinkMs || 1000) * vu.rand());
    while (!stopping) {
      const step = vu.next();
      inFlight.set(vu, performance.now());
      const answer = await sendStep(client, vu, step);
      const ended = performance.now();
      inFlight.delete(vu);
      sent += 1;
      // Counted when it ends inside the window, however long ago it left (a slow answer is not lost).
      if (ended >= windowStart && ended <= windowEnd)
        stats.record(step.endpoint, answer.ms, answer.status, answer.status >= 400 ? errorKey(answer.body) : answer.code);
      if (answer.status === 200) step.after?.(answer.body);
      await think(vu.rand);
    }
  };
  const loops = users.map(loop);
  if (warmup > 0) await sleep(warmup * 1000);
  await onMeasure?.();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  windowStart = performance.now();
  stats = new Stats(windowStart);
  const sentBefore = sent;
  windowEnd = windowStart + seconds * 1000;
  await sleep(seconds * 1000);
  lag.disable();
  const now = performance.now();
  const pending = [...inFlight.values()].map((t) => now - t);
  const after = await onMeasured?.();
  stopping = true;
  await Promise.all(loops);
  return {
    stats,
    seconds: (windowEnd - windowStart) / 1000,
    sent: sent - sentBefore,
    pending: pending.length,
    oldestPendingMs: pending.reduce((m, t) => Math.max(m, t), 0),
    // The histogram holds the intervals between 10 ms samples: what passes 10 ms is the delay.
    lagP99: Math.max(0, lag.percentile(99) / 1e6 - 10),
    lagMax: Math.max(0, lag.max / 1e6 - 10),
    after,
  };
}

/** Runs the users for `seconds` with no window (the capture phase); answers how many requests completed, and without error. */
export async function runFor({ client, users, thinkMs, seconds }) {
  let stopping = false;
  let completed = 0;
  let answered = 0;
  const loop = async (vu) => {
    await sleep((thinkMs || 1000) * vu.rand() * 0.2);
    while (!stopping) {
      const step = vu.next();
      const answer = await sendStep(client, vu, step);
      completed += 1;
      if (answer.status >= 200 && answer.status < 400) answered += 1;
      if (answer.status === 200) step.after?.(answer.body);
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + vu.rand()));
    }
  };
  const loops = users.map(loop);
  await sleep(seconds * 1000);
  stopping = true;
  await Promise.all(loops);
  return { completed, answered };
}
