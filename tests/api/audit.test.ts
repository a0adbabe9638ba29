import type { AlertDto, AuditEntryDto } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Agent = Awaited<ReturnType<typeof loginAs>>;
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

/**
 * The audit trail through the whole portal (all-in-one, and distributed on NATS): a change in one
 * service (alerts) reaches the admin service's trail with who, when, before and after; the
 * provider's administrators read everything, a depositor's users their colleagues' changes only.
 */
describe('audit trail', () => {
  let target: ApiTarget;
  let alice: Agent;
  let admin: Agent;
  let denis: Agent;
  let bob: Agent;
  let alert: AlertDto;
  const run = Date.now().toString(36).toUpperCase();

  /** The trail of the alert as `who` reads it at `path`, once `count` entries are in. */
  const trail = async (who: Agent, path: string, count: number) => {
    let rows: AuditEntryDto[] = [];
    for (let i = 0; i < 100; i++) {
      rows = (await who.get(`${path}?${filter({ entity: 'alert', entityId: String(alert.id) })}`).expect(200)).body as AuditEntryDto[];
      if (rows.length >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return rows;
  };

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    [alice, admin, denis, bob] = await Promise.all(['alice', 'admin', 'denis', 'bob'].map((l) => loginAs(target, l)));
    const form = {
      kind: 'VIP',
      title: `Suivi ${run}`,
      depositorIds: [1],
      statuses: [100],
      recipients: [{ name: 'Service client', email: 'sc@demo-a.example' }],
    };
    alert = (await alice.post('/api/alerts', form).expect(201)).body as AlertDto;
    await alice.put(`/api/alerts/${alert.id}`, { ...form, title: `Suivi express ${run}` }).expect(200);
  }, 90000);
  afterAll(() => target?.close());

  it('records who changed what, with before and after, for the provider’s administrators', async () => {
    const rows = await trail(admin, '/api/admin/audit', 2);
    expect(rows.map((r) => [r.service, r.action, r.actorLogin, r.actorProvider, r.depositorIds])).toEqual([
      ['alerts', 'updated', 'alice', false, [1]],
      ['alerts', 'created', 'alice', false, [1]],
    ]);
    const [updated, created] = rows;
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ title: `Suivi ${run}`, statuses: [100] });
    expect(updated.before).toMatchObject({ title: `Suivi ${run}` });
    expect(updated.after).toMatchObject({ title: `Suivi express ${run}` });
    expect(updated.label).toBe(`Suivi express ${run}`);
    expect(Date.parse(updated.at)).toBeGreaterThanOrEqual(Date.parse(created.at));
    expect(updated.requestId).toEqual(expect.any(String));
  });

  it('shows a depositor’s users their colleagues’ changes, not another depositor’s, not the provider’s', async () => {
    // denis (DEMO-A) sees alice's change of a DEMO-A alert; bob (DEMO-B only) does not.
    expect((await trail(denis, '/api/settings/activity', 2)).map((r) => r.action)).toEqual(['updated', 'created']);
    expect(await trail(bob, '/api/settings/activity', 0)).toEqual([]);
    // The provider's administrator deletes it: in the provider's trail, not in the colleagues' activity.
    await admin.delete(`/api/alerts/${alert.id}`).expect(200);
    const all = await trail(admin, '/api/admin/audit', 3);
    expect(all[0]).toMatchObject({ action: 'deleted', actorLogin: 'admin', actorProvider: true, after: null });
    expect((await trail(denis, '/api/settings/activity', 2)).map((r) => r.action)).toEqual(['updated', 'created']);
  });

  it('keeps the trail to the back office’s logs role and refuses bad filters', async () => {
    await denis.get('/api/admin/audit').expect(403);
    const carla = await loginAs(target, 'carla');
    await carla.get('/api/admin/audit').expect(403);
    const bad = await admin.get(`/api/admin/audit?${filter({ from: '99999-01-01', actor: 'a\u0000' })}`).expect(400);
    expect(bad.body.error.key).toBe('validationFailed');
    await admin.get(`/api/admin/audit?${filter({ depositor: 'DEMO-A' })}`).expect(200);
  });
});
