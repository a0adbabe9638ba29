import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { loginAs } from '../api/support/target';
import { ALERT_DELIVERIES_SQL, deliveryGaps, feedStream, sleep } from '../support/feed-stream';
import { waitForMail } from '../support/smtp';
import { describeWithNats, FaultStack } from './support/stack';

/**
 * Scale-out (issue 19 item 3): two gateways and two copies of every service on one NATS server (the
 * test's own). Requests spread over the copies (queue groups), a mail goes once although two copies
 * relay the outbox, and a durable consumer whose service was stopped resumes where it stopped.
 */
describeWithNats('two copies of every service', () => {
  const run = randomBytes(3).toString('hex').toUpperCase();
  let stack: FaultStack;

  beforeAll(async () => {
    // The production budget of a request (the fault stack's 2 s would end a read before its copy's
    // 4.5 s silence, when the other copy is asked).
    stack = await FaultStack.start({ copies: 2, env: { BUS_TIMEOUT_MS: '5000' } });
  }, 300_000);

  afterAll(() => stack?.close(), 60_000);

  it('answers through both gateways, and both copies of a service take requests', async () => {
    expect(stack.deployment.urls).toHaveLength(2);
    const before = await stack.nats.repliesByConnection();
    const alice = await loginAs(stack.target, 'alice');
    for (let i = 0; i < 40; i++) {
      const url = stack.deployment.urls[i % 2];
      await request(url).get('/api/depositors').set('Authorization', `Bearer ${alice.token}`).expect(200);
    }
    const after = await stack.nats.repliesByConnection();
    // Each copy of admin is one connection named portal-admin: both answered some of the 40.
    const answered = (conns: { name: string; inMsgs: number }[]) => conns.filter((c) => c.name === 'portal-admin').map((c) => c.inMsgs);
    const was = answered(before);
    const now = answered(after);
    expect(now).toHaveLength(2);
    const taken = now.map((n, i) => n - (was[i] ?? 0));
    expect(taken.every((n) => n >= 5)).toBe(true);
  }, 60_000);

  it("a dashboard changed through one gateway reads back changed through the other at once (each remembers the user's tiles)", async () => {
    const alice = await loginAs(stack.target, 'alice');
    const [a, b] = stack.deployment.urls;
    const tiles = async (url: string) =>
      (await request(url).get('/api/dashboard/list').set('Authorization', `Bearer ${alice.token}`).expect(200)).body as {
        uuid: string;
        id_object: string;
      }[];
    const before = await tiles(b);
    expect(await tiles(b)).toEqual(before); // now remembered by gateway b
    const created = await request(a)
      .post('/api/dashboard/create')
      .set('Authorization', `Bearer ${alice.token}`)
      .send({ id_object: 'pgt' })
      .expect(201);
    expect((await tiles(b)).map((t) => t.uuid)).toEqual([...before.map((t) => t.uuid), created.body.uuid]);
    await request(a).delete(`/api/dashboard/${created.body.uuid}`).set('Authorization', `Bearer ${alice.token}`).expect(200);
    expect(await tiles(b)).toEqual(before);
  }, 30_000);

  it('sends a mail once although two copies of auth relay the outbox', async () => {
    const since = Date.now();
    await request(stack.deployment.urls[1]).post('/api/auth/password/forgot').send({ email: 'bob.durand@demo-b.example' }).expect(200);
    await waitForMail(stack.mailbox, 'bob.durand@demo-b.example', { since });
    await sleep(2000); // time for a second relay to send it again, if it did
    const mails = stack.mailbox.filter((m) => m.to.includes('bob.durand@demo-b.example') && m.at >= since);
    expect(mails).toHaveLength(1);
  }, 30_000);

  it('resumes a stopped service durable consumer where it stopped: each event handled once', async () => {
    await Promise.all([stack.deployment.stop('alerts', 1), stack.deployment.stop('alerts', 2)]);
    const traffic = feedStream(stack.deployment.urls, `SC${run}`, 4);
    await traffic.untilAcked(10);
    await traffic.stop();
    expect(traffic.acked.size).toBeGreaterThan(5);
    stack.deployment.spawn('alerts', 1);
    stack.deployment.spawn('alerts', 2);
    await stack.deployment.waitHealthy();
    const projected = () => stack.sql<{ reference: string; status: number; n: string }>('alerts', ALERT_DELIVERIES_SQL, [`SC${run}%`]);
    let gaps = deliveryGaps(await projected(), traffic.acked, traffic.delivered);
    const until = Date.now() + 20_000;
    while ((gaps.missing.length || gaps.notDeliveredOnce.length) && Date.now() < until) {
      await sleep(500);
      gaps = deliveryGaps(await projected(), traffic.acked, traffic.delivered);
    }
    expect(gaps).toEqual({ missing: [], notDeliveredOnce: [] });
  }, 90_000);

  it('fires a scheduled alert once per slot although two copies of the alerts service run its scheduler', async () => {
    const alice = await loginAs(stack.target, 'alice');
    const to = `slot-${run.toLowerCase()}@quai.example`;
    const created = await alice
      .post('/api/alerts', {
        kind: 'VIP',
        title: `Slot ${run}`,
        depositorIds: [1],
        statuses: [100],
        recipients: [{ name: 'Quai', email: to }],
        frequency: 'DAY',
        time: '12:00',
        sendOnlyIfData: false,
      })
      .expect(201);
    // The slot is due (as after a night the service was down): both schedulers see it at their next tick.
    await stack.sql('alerts', `UPDATE alerts SET next_slot_at = now() - interval '1 day', last_slot_at = NULL WHERE id = $1`, [
      created.body.id,
    ]);
    const since = Date.now();
    await waitForMail(stack.mailbox, to, { since, timeoutMs: 30_000 });
    await sleep(6000); // several more ticks of both copies
    const triggers = await stack.sql<{ n: number }>(
      'alerts',
      `SELECT count(*)::int AS n FROM alert_triggers WHERE alert_id = $1 AND kind = 'SLOT'`,
      [created.body.id],
    );
    expect(triggers).toEqual([{ n: 1 }]);
    expect(stack.mailbox.filter((m) => m.to.includes(to))).toHaveLength(1);
  }, 90_000);

  it('a copy of tracking killed with searches and details in flight: the gateways ask the other copy, every read answers 200 within 10 s (issue 33)', async () => {
    const fed = feedStream(stack.deployment.urls, `SR${run}`, 2);
    await fed.untilAcked(5);
    await fed.stop();
    const alice = await loginAs(stack.target, 'alice');
    const auth = { Authorization: `Bearer ${alice.token}` };
    const found = await request(stack.deployment.urls[0])
      .get('/api/orders')
      .query({ reference: `SR${run}` })
      .set(auth)
      .expect(200);
    const ids = (found.body as { id: string | number }[]).map((o) => String(o.id));
    expect(ids.length).toBeGreaterThan(0);

    const answers: { status: number; ms: number; at: number }[] = [];
    let stopped = false;
    const reader = async (n: number) => {
      for (let i = 0; !stopped; i++) {
        const url = stack.deployment.urls[(n + i) % 2];
        const t0 = Date.now();
        const call =
          i % 2
            ? request(url).get(`/api/orders/${ids[i % ids.length]}`)
            : request(url)
                .get('/api/orders')
                .query({ reference: `SR${run}` });
        const res = await call
          .set(auth)
          .timeout(30_000)
          .catch(() => ({ status: 0 }));
        answers.push({ status: res.status, ms: Date.now() - t0, at: Date.now() });
      }
    };
    const readers = Array.from({ length: 8 }, (_, n) => reader(n));
    await sleep(1500);
    const killedAt = Date.now();
    await stack.deployment.stop('tracking', 1, 'SIGKILL');
    await sleep(11_000);
    stopped = true;
    await Promise.all(readers);
    stack.deployment.spawn('tracking', 1);
    await stack.deployment.waitHealthy();

    const spanning = answers.filter((a) => a.at - a.ms <= killedAt && a.at >= killedAt);
    const slow = answers.filter((a) => a.ms >= 4000);
    console.log(
      `tracking copy killed: ${answers.length} reads, ${spanning.length} in flight at the kill, ${slow.length} answered after the silence (${slow.map((a) => `${a.status} ${a.ms} ms`).join(', ')})`,
    );
    expect(spanning.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 || a.ms >= 10_000).map((a) => `${a.status} ${a.ms} ms`)).toEqual([]);
  }, 120_000);
});
