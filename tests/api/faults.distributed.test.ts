import request from 'supertest';
import { loginAs, startTarget, type ApiTarget } from './support/target';

/** A stopped service: its paths answer 503 serverUnavailable, and recover when it is back. */
describe('distributed faults', () => {
  let target: ApiTarget;
  beforeAll(async () => {
    target = await startTarget();
  }, 60000);
  afterAll(() => target?.close());

  it('answers 503 for a stopped service and recovers by itself when it is back', async () => {
    const alice = await loginAs(target, 'alice');
    expect((await alice.get('/api/depositors').expect(200)).body.length).toBe(2);
    await target.deployment!.stop('admin');
    const down = await alice.get('/api/depositors').expect(503);
    expect(down.body.error.key).toBe('serverUnavailable');
    const health = await request(target.url).get('/api/health').expect(503);
    expect(health.body.services.admin.up).toBe(false);
    // The auth service's own paths go on working.
    await alice.get('/api/dashboard/list').expect(200);
    target.deployment!.spawn('admin');
    await target.deployment!.waitHealthy();
    expect((await alice.get('/api/depositors').expect(200)).body.length).toBe(2);
  }, 60000);

  it('answers 503 on every authenticated path while auth is down, then accepts the same token again', async () => {
    const bob = await loginAs(target, 'bob');
    await target.deployment!.stop('auth');
    expect((await bob.get('/api/user/me').expect(503)).body.error.key).toBe('serverUnavailable');
    target.deployment!.spawn('auth');
    await target.deployment!.waitHealthy();
    await bob.get('/api/user/me').expect(200);
  }, 60000);
});
