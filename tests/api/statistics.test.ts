import { Role, type StatisticsDto } from '@portal/contracts';
import { addUser } from './support/users';
import { loginAs, startTarget, type ApiTarget } from './support/target';

type Client = Awaited<ReturnType<typeof loginAs>>;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

/**
 * The back office's statistics (issue 36 item 6, ADMIN_STATISTICS): the portal's use per depositor
 * over time, metered by the gateway (sign-ins, active users, searches, exports; flushed to the reports
 * service over the bus) and read from the reports' projection (labels, alert mails, claims). A
 * depositor made for the test, whose only users are the test's, gives exact figures.
 */
describe('statistics API', () => {
  let target: ApiTarget;
  let admin: Client;
  let statistician: Client;
  let statisticianOfB: Client;
  let alice: Client;
  let depositorId = 0;
  const run = Date.now().toString(36).toUpperCase();
  const code = `ST${run}`;

  const read = async (client: Client, query: string) =>
    (await client.get(`/api/admin/statistics?${query}`).expect(200)).body as StatisticsDto;
  /** The figures of the test's depositor today, once the gateway's meter has flushed what is expected. */
  const today = async (expected: (s: StatisticsDto) => boolean) => {
    // A loaded machine may take a few flushes (300 ms in the tests) and a slow answer to count everything.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const s = await read(statistician, `range=today&depositorIds=${depositorId}`);
      if (expected(s) || Date.now() > deadline) return s;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    admin = await loginAs(target, 'admin');
    depositorId = (await admin.post('/api/admin/depositors', { code, label: 'Statistiques Pharma' }).expect(201)).body.id;
    await addUser(target, { login: `stat-a${run}`, roles: [Role.PGT_USER], depositorIds: [depositorId] });
    await addUser(target, { login: `stat-b${run}`, roles: [Role.PGT_USER], depositorIds: [depositorId, 1] });
    await addUser(target, { login: `stat-admin${run}`, roles: [Role.ADMIN_STATISTICS], depositorIds: [] });
    await addUser(target, { login: `stat-adminb${run}`, roles: [Role.ADMIN_STATISTICS], depositorIds: [2] });
    statistician = await loginAs(target, `stat-admin${run}`);
    statisticianOfB = await loginAs(target, `stat-adminb${run}`);
    alice = await loginAs(target, 'alice');
  }, 120_000);
  afterAll(() => target?.close());

  it('counts sign-ins, active users, searches and exports of the depositor’s users, each user once a day', async () => {
    const before = await read(statistician, `range=today&depositorIds=${depositorId}`);
    expect(before.totals).toMatchObject({ activeUsers: 0, signIns: 0, searches: 0, exports: 0 });
    const a = await loginAs(target, `stat-a${run}`);
    await a.get(`/api/orders?filter=${q({ q: 'NOTHING-SUCH' })}`).expect(200); // a search
    await a.get(`/api/orders?filter=${q({ q: 'NOTHING-SUCH' })}&range=[25,49]`).expect(200); // its next page: the same search
    await a.get('/api/orders').expect(200); // a list without criteria: not a search
    await a.get(`/api/orders/export?format=csv&filter=${q({ q: 'NOTHING-SUCH' })}`).expect(200);
    const b = await loginAs(target, `stat-b${run}`);
    await loginAs(target, `stat-b${run}`);
    await b.get(`/api/orders?filter=${q({ recipient: 'Personne' })}`).expect(200);

    const s = await today((x) => x.totals.signIns >= 3 && x.totals.searches >= 2 && x.totals.exports >= 1);
    expect(s.totals).toMatchObject({ activeUsers: 2, signIns: 3, searches: 2, exports: 1 });
    expect(s.grain).toBe('day');
    expect(s.series).toHaveLength(1);
    expect(s.series[0]).toMatchObject({ period: s.from, activeUsers: 2, signIns: 3, searches: 2, exports: 1 });
    expect(s.depositors).toEqual([
      expect.objectContaining({ depositorId, code, label: 'Statistiques Pharma', activeUsers: 2, signIns: 3, searches: 2, exports: 1 }),
    ]);

    // Over both of stat-b's depositors, stat-b counts once: the sums are of users and days, not of rows.
    const both = await read(statistician, `range=today&depositorIds=${depositorId},1`);
    const one = both.depositors.find((d) => d.depositorId === 1)!;
    expect(one.signIns).toBeGreaterThanOrEqual(2);
    expect(both.totals.signIns).toBeLessThan(s.totals.signIns + one.signIns);
  }, 90_000);

  it('reads labels, alert mails and claims from the reports, in weeks or months, every period listed', async () => {
    const year = await read(statistician, 'range=rolling90&grain=week');
    expect(year.series.length).toBeGreaterThanOrEqual(13);
    expect(year.series.every((p, i) => i === 0 || p.period > year.series[i - 1].period)).toBe(true);
    expect(year.series.every((p) => new Date(`${p.period}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const sum = (metric: 'labels' | 'claims' | 'alertMails') => year.series.reduce((n, p) => n + p[metric], 0);
    // The demo's Huby shipments of the last 90 days (the figures of each metric by hand: the reports service's spec).
    expect(year.totals.labels).toBeGreaterThan(0);
    // And the demo's users' sign-ins and searches of the last months.
    expect(year.totals.signIns).toBeGreaterThan(0);
    expect(year.totals.searches).toBeGreaterThan(0);
    expect(sum('labels')).toBe(year.totals.labels);
    expect(sum('claims')).toBe(year.totals.claims);
    expect(sum('alertMails')).toBe(year.totals.alertMails);
    const months = await read(statistician, 'from=2026-01-15&to=2026-03-02&grain=month');
    expect(months.series.map((p) => p.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('shows a statistician only the depositors of their scope, and nobody without ADMIN_STATISTICS', async () => {
    const ofB = await read(statisticianOfB, 'range=today');
    expect(ofB.depositors.every((d) => d.depositorId === 2)).toBe(true);
    // The depositors one may choose: those one administers (the provider's staff: every one).
    expect(ofB.choices).toEqual([{ id: 2, code: 'DEMO-B', label: expect.any(String) }]);
    expect((await read(statistician, 'range=today')).choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: depositorId, code })]),
    );
    const refused = await statisticianOfB.get(`/api/admin/statistics?range=today&depositorIds=${depositorId}`).expect(400);
    expect(refused.body.error).toMatchObject({ key: 'validationFailed', fields: { depositorIds: 'unknownCode' } });
    expect((await alice.get('/api/admin/statistics').expect(403)).body.error.key).toBe('permissionDenied');
    expect((await alice.get('/api/admin/statistics/export').expect(403)).body.error.key).toBe('permissionDenied');
  });

  it('refuses a wrong period, grain or depositor at its field', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['grain=hour', 'validationFailed', { grain: 'invalidFormat' }],
      ['from=2026-13-45&to=2026-12-01', 'invalidDate', { from: 'invalidFormat' }],
      ['from=2026-12-01&to=2026-11-01', 'validationFailed', { to: 'min' }],
      ['from=2020-01-01&to=2026-01-01&grain=month', 'validationFailed', { to: 'max' }],
      ['from=2026-01-01&to=2026-11-30', 'validationFailed', { grain: 'max' }],
      ['range=forever', 'validationFailed', { range: 'invalidFormat' }],
      ['depositorIds=1,abc', 'validationFailed', { depositorIds: 'invalidFormat' }],
      [`from=${encodeURIComponent('2026\u0000-01-01')}&to=2026-01-02`, 'validationFailed', { query: 'invalidFormat' }],
      [`from=${'9'.repeat(5000)}&to=2026-01-02`, 'validationFailed', { from: 'maxLength' }],
    ];
    for (const [query, key, fields] of cases) {
      const res = await statistician.get(`/api/admin/statistics?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect([query, res.body.error]).toEqual([query, expect.objectContaining({ key, fields: expect.objectContaining(fields) })]);
    }
  });

  it('exports one row per period and depositor, in the user’s language', async () => {
    const csv = (await statistician.get(`/api/admin/statistics/export?format=csv&range=today&depositorIds=${depositorId}`).expect(200))
      .text;
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      'Période du;Déposant;Raison sociale;Utilisateurs actifs;Connexions;Recherches;Exports;Étiquettes;Mails d’alerte;Réclamations',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4};${code};Statistiques Pharma;2;3;2;1;0;0;0$`));
  });
});
