import { DEMO_API_KEYS } from '@portal/service-auth';
import request from 'supertest';
import { feedOrder } from '../../services/tracking/test/fixtures';
import { loginAs } from '../api/support/target';
import { sleep } from '../support/feed-stream';
import { waitForMail } from '../support/smtp';
import { describeWithNats, FaultStack } from './support/stack';

const ORDERS = 3000;

/**
 * Issue 19 item 3: a background export survives the death of the gateway that started it. Two gateways
 * on one NATS; gateway 1 answers 202 for a large tracker export and is killed (SIGKILL) at once; its
 * job's lease runs out and gateway 2 produces the file again from the first page: one mail, one file.
 */
describeWithNats('a background export whose gateway dies', () => {
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start({
      // 100 rows at once at most (the first tracker page of 200 is past it: 202); a short lease, a quick poll.
      env: { EXPORT_SYNC_MAX_ROWS: '100', EXPORT_JOB_LEASE_MS: '2000', EXPORT_JOBS_POLL_MS: '500' },
    });
    await stack.deployment.spawnCopy('gateway', 2);
    await stack.deployment.waitHealthy();
    // In batches the bus answers within its 2 s timeout.
    for (let first = 1; first <= ORDERS; first += 250) {
      const orders = Array.from({ length: 250 }, (_, i) => feedOrder(first + i, { documents: [] }));
      await request(stack.deployment.url)
        .post('/api/feed/tracking/orders/bulk')
        .set('X-Api-Key', DEMO_API_KEYS.warehouse)
        .send({ orders })
        .expect(200);
    }
  }, 300_000);

  afterAll(() => stack?.close(), 60_000);

  it('is taken over by the other gateway: one mail, and its link downloads the whole file', async () => {
    const alice = await loginAs(stack.target, 'alice');
    const auth = { Authorization: `Bearer ${alice.token}` };
    const since = Date.now();
    const [one, two] = stack.deployment.urls;
    const filter = encodeURIComponent(JSON.stringify({ depositor: 1 }));
    const queued = await request(one).get(`/api/orders/export?format=csv&filter=${filter}`).set(auth).expect(202);
    await stack.deployment.stop('gateway', 1, 'SIGKILL');
    expect(queued.body).toEqual({ queued: true, email: 'a***n@demo-a.example' });

    const mail = await waitForMail(stack.mailbox, 'alice.martin@demo-a.example', { since, timeoutMs: 30_000 });
    const id = /http:\/\/portal\.test\/exports\/([0-9a-f-]{36})/.exec(mail.text)?.[1];
    expect(id).toBeDefined();
    // The job was taken over (its gateway died before it ended), and ended once.
    const [job] = await stack.sql<{ state: string; attempts: number; user_uuid: string }>(
      'auth',
      `SELECT state, attempts, user_uuid FROM export_jobs WHERE id = $1`,
      [id],
    );
    expect(job).toMatchObject({ state: 'done' });
    expect(job.attempts).toBeGreaterThanOrEqual(2);

    const file = await request(two)
      .get(`/api/exports/${id}`)
      .set(auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const lines = (file.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Every order fed, each once (the demo's own orders of DEMO-A come along); no row of the dead gateway's attempt.
    const references = lines.slice(1).map((l) => l.split(';')[1]);
    expect(new Set(references).size).toBe(references.length);
    expect(references.filter((r) => /^CMD1\d{6}$/.test(r))).toHaveLength(ORDERS);

    await sleep(3000); // time for a second mail, if one were sent
    expect(stack.mailbox.filter((m) => m.to.includes('alice.martin@demo-a.example') && m.at >= since)).toHaveLength(1);
  }, 90_000);
});
