import { randomBytes } from 'node:crypto';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { feedOrder, sleep } from '../support/feed-stream';
import { measured } from './support/margins';
import { describeWithNats, FaultStack } from './support/stack';

interface LogLine {
  level?: string;
  message?: string;
  context?: string;
  service?: string;
  requestId?: string;
  eventId?: string;
}

/**
 * Operations of the distributed portal (issue 19 item 5) on a NATS server and a PostgreSQL of the
 * test's own: a durable consumer's log lines name the event and the HTTP request that caused it, and
 * the gateway's readiness follows NATS going away and coming back while its liveness never fails.
 */
describeWithNats('operations of the distributed portal', () => {
  const run = randomBytes(3).toString('hex').toUpperCase();
  let stack: FaultStack;

  beforeAll(async () => {
    // JSON lines with the debug level: every event a consumer handles is logged.
    stack = await FaultStack.start({ env: { LOG_FORMAT: 'json', LOG_LEVEL: 'debug' } });
  }, 200_000);

  afterAll(() => stack?.close(), 60_000);

  /** The JSON lines a service wrote so far (other output, such as a stack trace, is skipped). */
  const linesOf = (service: 'alerts' | 'tracking'): LogLine[] =>
    stack.deployment
      .logOf(service, Number.MAX_SAFE_INTEGER)
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => {
        try {
          return JSON.parse(l) as LogLine;
        } catch {
          return {};
        }
      });

  /** Posts a warehouse order under a request id of ours; the lines of the alerts consumers that handled `type` for it. */
  async function feedThenAlertsLines(requestId: string, order: ReturnType<typeof feedOrder>, type: string): Promise<LogLine[]> {
    const res = await fetch(`${stack.deployment.url}/api/feed/tracking/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': DEMO_API_KEYS.warehouse, 'X-Request-Id': requestId },
      body: JSON.stringify(order),
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    // The alerts service consumes tracking's order events through JetStream durable consumers.
    const handled = (l: LogLine) => l.requestId === requestId && (l.message ?? '').includes(`handled ${type} `);
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const lines = linesOf('alerts').filter(handled);
      if (lines.length) return lines;
      await sleep(250);
    }
    console.log(stack.deployment.logOf('alerts', 6000));
    return [];
  }

  it("a consumer's lines about tracking's events carry the event id and the id of the HTTP request that caused it", async () => {
    const reference = `OPS${run}1`;
    const created = `trace-${run.toLowerCase()}-created`;
    const first = feedOrder(reference);
    first.statuses = first.statuses.slice(-1); // shipped at once (one status: no tie between two of the same time)
    const statusLines = await feedThenAlertsLines(created, first, 'tracking.order.status-changed');
    expect(statusLines.length).toBeGreaterThan(0);

    // The same order again with a new address, no new status: tracking.order.changed.
    const updated = `trace-${run.toLowerCase()}-updated`;
    const order = structuredClone(first);
    order.recipient.town = 'Villeurbanne';
    const changedLines = await feedThenAlertsLines(updated, order, 'tracking.order.changed');
    expect(changedLines.length).toBeGreaterThan(0);

    for (const [requestId, lines] of [
      [created, statusLines],
      [updated, changedLines],
    ] as const) {
      // The events are tracking's, written by that request (the outbox keeps which request wrote each).
      const written = await stack.sql<{ id: string }>('tracking', `SELECT id FROM outbox WHERE request_id = $1`, [requestId]);
      expect(written.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).toMatchObject({ service: 'alerts', context: 'BusServer', level: 'debug', requestId });
        expect(written.map((w) => w.id)).toContain(line.eventId);
      }
    }
    console.log(`an alerts line: ${JSON.stringify(changedLines[0])}`);
  }, 60_000);

  it('readiness reports not ready while NATS is down and ready again within 5 s of its return; liveness stays up', async () => {
    const url = stack.deployment.url;
    const probe = async (path: 'live' | 'ready') =>
      fetch(`${url}/api/health/${path}`, { signal: AbortSignal.timeout(4000) })
        .then((r) => r.status)
        .catch(() => 0);
    expect(await probe('ready')).toBe(200);
    expect(await probe('live')).toBe(200);

    const lives: number[] = [];
    await stack.nats.stop('SIGKILL');
    const downAt = Date.now();
    let unreadyAt: number | undefined;
    while (!unreadyAt && Date.now() - downAt < 10_000) {
      lives.push(await probe('live'));
      if ((await probe('ready')) === 503) unreadyAt = Date.now();
      else await sleep(100);
    }
    expect(unreadyAt).toBeDefined();
    // Still down a while: it stays unready, and alive.
    for (let i = 0; i < 5; i++) {
      expect(await probe('ready')).toBe(503);
      lives.push(await probe('live'));
      await sleep(200);
    }
    const body = (await (await fetch(`${url}/api/health/ready`)).json()) as { status: string; checks: Record<string, boolean> };
    expect(body).toMatchObject({ status: 'unready', checks: { bus: false } });

    await stack.nats.start();
    const backAt = Date.now();
    let readyAt: number | undefined;
    while (!readyAt && Date.now() - backAt < 10_000) {
      lives.push(await probe('live'));
      if ((await probe('ready')) === 200) readyAt = Date.now();
      else await sleep(100);
    }
    expect(readyAt).toBeDefined();
    measured('ready again after NATS came back', readyAt! - backAt, 5000);
    expect(readyAt! - backAt).toBeLessThan(5000);
    expect(lives.every((s) => s === 200)).toBe(true);
    console.log(`unready ${unreadyAt! - downAt} ms after NATS went down, ready ${readyAt! - backAt} ms after it came back`);
  }, 60_000);
});
