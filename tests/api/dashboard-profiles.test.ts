import { DEMO_MASTER_PROFILES } from '@portal/service-auth';
import { loginAs, startTarget, type ApiTarget } from './support/target';

/**
 * Dashboard profiles through the gateway (spec §3, issue 17): a user keeps several tile sets and
 * switches between them; an administrator of users publishes a master that others copy; another
 * user's profile is invisible.
 */
describe('dashboard profiles API', () => {
  let target: ApiTarget;

  beforeAll(async () => {
    target = await startTarget();
  }, 90000);
  afterAll(() => target?.close());

  const tileIds = async (client: Awaited<ReturnType<typeof loginAs>>) =>
    (await client.get('/api/dashboard/list').expect(200)).body.map((t: { id_object: string }) => t.id_object);

  it('creates a profile, pins on it, switches between profiles and deletes it', async () => {
    const bob = await loginAs(target, 'bob');
    const start = (await bob.get('/api/dashboard/profiles').expect(200)).body;
    expect(start.profiles).toEqual([expect.objectContaining({ number: 1, current: true, master: false, parent_id: null })]);
    const demoTiles = await tileIds(bob);

    const created = (await bob.post('/api/dashboard/profiles', { name: 'Transport' }).expect(201)).body;
    expect(created).toMatchObject({ number: 2, name: 'Transport', current: true, tiles: 0 });
    expect(await tileIds(bob)).toEqual([]);
    await bob.post('/api/dashboard/create', { id_object: 'pgt' }).expect(201);
    expect(await tileIds(bob)).toEqual(['pgt']);

    const back = (await bob.post(`/api/dashboard/profiles/${start.profiles[0].id}/current`).expect(200)).body;
    expect(back.profiles.map((p: { number: number; current: boolean }) => [p.number, p.current])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await tileIds(bob)).toEqual(demoTiles);

    await bob.put(`/api/dashboard/profiles/${created.id}`, { name: 'Transport et stock' }).expect(200);
    const after = (await bob.delete(`/api/dashboard/profiles/${created.id}`).expect(200)).body;
    expect(after.profiles).toHaveLength(1);
    expect((await bob.delete(`/api/dashboard/profiles/${start.profiles[0].id}`).expect(409)).body.error.key).toBe('lastDashboardProfile');
  });

  it('shows alice the demo’s master profiles; her copy holds their report tiles', async () => {
    const alice = await loginAs(target, 'alice');
    const masters = (await alice.get('/api/dashboard/profiles').expect(200)).body.masters as { id: number; name: string; tiles: number }[];
    expect(masters.filter((m) => DEMO_MASTER_PROFILES.some((d) => d.name === m.name))).toEqual(
      DEMO_MASTER_PROFILES.map((d) => expect.objectContaining({ name: d.name, master: true, current: false, tiles: d.tiles.length })),
    );
    const deliveries = masters.find((m) => m.name === 'Performance des livraisons')!;
    const copy = (await alice.post('/api/dashboard/profiles', { copyOf: deliveries.id }).expect(201)).body;
    expect(copy).toMatchObject({ parent_id: deliveries.id, name: 'Performance des livraisons', current: true, tiles: 5 });
    expect(await tileIds(alice)).toEqual(['1005', '10', '59', '159', '1008']);
    // A pinned preset report runs for her (its chart on the dashboard).
    expect((await alice.get('/api/reports/159?range=last3Months').expect(200)).body).toMatchObject({ reportId: '159' });
    await alice.delete(`/api/dashboard/profiles/${copy.id}`).expect(200);
  });

  it('copies a master published by an administrator of users', async () => {
    const carla = await loginAs(target, 'carla');
    const master = (await carla.post('/api/dashboard/profiles', { name: 'Modèle admin' }).expect(201)).body;
    await carla.post('/api/dashboard/create', { id_object: 'admin' }).expect(201);
    await carla.put(`/api/dashboard/profiles/${master.id}`, { master: true }).expect(200);

    const alice = await loginAs(target, 'alice');
    expect((await alice.put(`/api/dashboard/profiles/${master.id}`, { master: true }).expect(404)).body.error.key).toBe('objectNotFound');
    const seen = (await alice.get('/api/dashboard/profiles').expect(200)).body.masters;
    expect(seen.filter((m: { id: number }) => m.id === master.id)).toEqual([
      expect.objectContaining({ id: master.id, name: 'Modèle admin', tiles: 1 }),
    ]);
    const copy = (await alice.post('/api/dashboard/profiles', { copyOf: master.id }).expect(201)).body;
    // alice does not open /admin: the copy holds none of its tiles.
    expect(copy).toMatchObject({ parent_id: master.id, name: 'Modèle admin', tiles: 0, current: true });
    const own = (await alice.get('/api/dashboard/profiles').expect(200)).body.profiles;
    expect((await alice.put(`/api/dashboard/profiles/${own[0].id}`, { master: true }).expect(403)).body.error.key).toBe('permissionDenied');
  });

  it("hides another user's profile and refuses it everywhere with 404", async () => {
    const alice = await loginAs(target, 'alice');
    const bob = await loginAs(target, 'bob');
    const hers = (await alice.post('/api/dashboard/profiles', { name: 'Privé' }).expect(201)).body;
    const bobs = (await bob.get('/api/dashboard/profiles').expect(200)).body;
    expect(JSON.stringify(bobs)).not.toContain('Privé');
    await bob.post('/api/dashboard/profiles', { copyOf: hers.id }).expect(404);
    await bob.post(`/api/dashboard/profiles/${hers.id}/current`).expect(404);
    await bob.put(`/api/dashboard/profiles/${hers.id}`, { name: 'x' }).expect(404);
    await bob.delete(`/api/dashboard/profiles/${hers.id}`).expect(404);
    expect(
      (await alice.get('/api/dashboard/profiles').expect(200)).body.profiles.find((p: { id: number }) => p.id === hers.id),
    ).toMatchObject({
      name: 'Privé',
    });
  });

  it('answers bad input with 400 or 404, never a 5xx', async () => {
    const bob = await loginAs(target, 'bob');
    for (const id of ['abc', '0', '-1', '99999999999999', '%00']) {
      const res = await bob.post(`/api/dashboard/profiles/${id}/current`);
      expect([400, 404]).toContain(res.status);
    }
    await bob.post('/api/dashboard/profiles', { name: 'x'.repeat(61) }).expect(400);
    await bob.post('/api/dashboard/profiles', { copyOf: 'abc' }).expect(400);
    await bob.put('/api/dashboard/profiles/1', { master: 'yes' }).expect(400);
  });
});
