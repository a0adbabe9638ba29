import { randomBytes } from 'node:crypto';
import { Role, type ImportSimulationDto } from '@portal/contracts';
import request from 'supertest';
import { loginAs } from '../api/support/target';
import { addUser } from '../api/support/users';
import { waitUntil } from '../support/webhooks';
import { readThroughout } from './support/reader';
import { describeWithNats, FaultStack } from './support/stack';

/** Copies of the sample file's two orders (with their packages and pallet) in the import. */
const COPIES = 150;
/** The copy running the import is killed once this many orders are written. */
const KILL_AFTER = 40;

/**
 * Issue 33 item 1, an import: the copy of Huby that runs a user's import is SIGKILLed in the middle of
 * it, a second copy running. The import's lease lapses (IMPORT_LEASE_MS) and the other copy goes on from
 * the first order not written: the import ends `imported`, every order of the file is in once, and the
 * user's screen (reading the import's progress throughout) never got a 5xx.
 */
describeWithNats('a Huby import whose copy dies in the middle', () => {
  const run = randomBytes(3).toString('hex').toUpperCase();
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start({ env: { BUS_TIMEOUT_MS: '5000', IMPORT_LEASE_MS: '3000', IMPORT_TAKEOVER_MS: '1000' } });
    await stack.deployment.spawnCopy('huby', 2);
    await waitUntil(
      'both Huby copies on NATS',
      async () => (await stack.nats.repliesByConnection()).filter((c) => c.name === 'portal-huby').length === 2,
      120_000,
    );
    await addUser(stack.target, { login: `imp${run}`, roles: [Role.DASHTOWER_USER, Role.USER_IMPORT_HUBY], depositorIds: [1] });
  }, 300_000);

  afterAll(() => stack?.close(), 60_000);

  it('is taken over by the other copy: every order in once, the import ends imported, no 5xx', async () => {
    const user = await loginAs(stack.target, `imp${run}`);
    // The sample file as the screen offers it, its orders copied under run-unique references.
    const sample = (await user.get('/api/dashtower/import/sample/csv').expect(200)).text.replace(/^\uFEFF/, '');
    const [header, ...body] = sample.split('\r\n').filter(Boolean);
    const references = new Set<string>();
    const lines = [header];
    for (let i = 0; i < COPIES; i++)
      for (const line of body) {
        // An ORDER line holds the reference; its PACKAGE and PALLET lines follow it.
        const cells = line.split(';');
        if (cells[0] === 'ORDER') {
          cells[4] = `IMP${run}-${references.size}`;
          references.add(cells[4]);
        }
        lines.push(cells.join(';'));
      }
    const uploaded = await request(stack.target.url)
      .post('/api/dashtower/import/simulations?name=orders.csv')
      .set({ Authorization: `Bearer ${user.token}`, 'Content-Type': 'text/csv' })
      .send(lines.join('\r\n'))
      .expect(201);
    const id = (uploaded.body as ImportSimulationDto).id;
    const simulation = async () => (await user.get(`/api/dashtower/import/simulations/${id}`).expect(200)).body as ImportSimulationDto;
    await waitUntil('simulated', async () => (await simulation()).state === 'simulated', 60_000);
    expect((await simulation()).orders).toBe(references.size);

    // The user's screen follows the import throughout.
    const reader = readThroughout(() => user.get(`/api/dashtower/import/simulations/${id}`));

    await user.post(`/api/dashtower/import/simulations/${id}/import`, {}).expect(200);
    const runner = [1, 2].find((copy) => stack.deployment.logOf('huby', 200_000, copy).includes(`import ${id} of`));
    expect(runner).toBeDefined();
    const written = async () =>
      (
        await stack.sql<{ n: number }>(
          'huby',
          `SELECT count(*)::int AS n FROM import_lines WHERE simulation_uuid = $1 AND status = 'imported'`,
          [id],
        )
      )[0].n;
    await waitUntil('orders being written', async () => (await written()) >= KILL_AFTER, 60_000);
    await stack.deployment.stop('huby', runner!, 'SIGKILL');
    const killedAt = Date.now();
    const atKill = await written();

    await waitUntil('the import ended', async () => (await simulation()).state !== 'importing', 90_000);
    const reads = await reader.stop();
    const done = await simulation();
    const shipments = await stack.sql<{ reference: string; n: number }>(
      'huby',
      `SELECT reference, count(*)::int AS n FROM shipments WHERE depositor_id = 1 AND reference LIKE $1 GROUP BY reference`,
      [`IMP${run}-%`],
    );
    console.log(
      `import taken over: ${atKill} of ${references.size} orders written when copy ${runner} was killed, ` +
        `ended ${done.state} ${Date.now() - killedAt} ms after (${JSON.stringify(done.counts)}); ${reads.length} reads of its progress`,
    );
    expect(done.state).toBe('imported');
    expect(atKill).toBeLessThan(references.size);
    // Every order once: the one being written at the kill is `already` if its transaction had committed.
    expect(shipments.map((s) => s.reference).sort()).toEqual([...references].sort());
    expect(shipments.filter((s) => s.n !== 1)).toEqual([]);
    expect((done.counts.imported ?? 0) + (done.counts.already ?? 0)).toBe(lines.length - 1);
    expect(done.counts.failed).toBeUndefined();
    expect(reads.filter((s) => s !== 200)).toEqual([]);
  }, 240_000);
});
