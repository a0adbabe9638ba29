import { randomBytes } from 'node:crypto';
import { Role, type ShipmentRatesDto, type TourRateDto } from '@portal/contracts';
import { startCarrierFake, type CarrierFake } from '../support/carrier-fakes';
import { connectedTour, demoParties, tomorrow } from './support/huby-setup';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

type Client = Awaited<ReturnType<typeof loginAs>>;

/**
 * Rates on the shipment form (issue 37 item 3), end to end through the gateway: a DEMO-A shipment
 * whose fitting tours include a UPS tour and a DHL Express tour, both answered by local fakes of the
 * carriers' published rating APIs (every request validated), the demo carrier's tours without online
 * rates. The quotes come back sorted by price or by date; a slow carrier is marked unavailable within
 * the quote's budget while the other is still shown; quotes are kept per shipment until what they
 * depend on changes; another depositor's user gets nothing.
 */
describe('Huby rates of the fitting tours (UPS and DHL Express)', () => {
  let target: ApiTarget;
  let fake: CarrierFake;
  let alice: Client;
  let shipper: string;
  let recipient: string;
  let upsTourId: number;
  let dhlTourId: number;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const accounts = {
    ups: { clientId: `client-${run}`, clientSecret: `ups-secret-${run}`, shipperNumber: 'A1B2C3' },
    dhlExpress: { apiKey: `dhl-${run}`, apiSecret: `dhl-secret-${run}` },
    colissimo: { contractNumber: 'c', password: 'p', apiKey: 'a' },
  };
  // A quote's budget: wide enough for the first UPS quote (its OAuth token, then the rate) on a machine
  // busy with the whole suite (1.5 s was not, in a full run); the slow carrier well beyond it.
  const BUDGET_MS = 4_000;
  const SLOW_MS = 12_000;

  beforeAll(async () => {
    process.env.HUBY_RATES_TIMEOUT_MS = String(BUDGET_MS);
    // Two outages in a row open a connector's circuit here (5 by default).
    process.env.HUBY_CARRIER_BREAKER_FAILURES = '2';
    fake = await startCarrierFake(accounts);
    target = await startTarget();
    await addUser(target, { login: 'rates-provider', roles: [Role.ADMIN_CARRIER, Role.ADMIN_TOUR], depositorIds: [] });
    const provider = await loginAs(target, 'rates-provider');
    alice = await loginAs(target, 'alice');
    ({ tourId: upsTourId } = await connectedTour(
      provider,
      { ref: `UPR${run}`, name: `UPS ${run}` },
      { code: `UPR${run}`, account_number: 'A1B2C3', codes: { service: '11' } },
      {
        connector: 'ups',
        environment: 'custom',
        base_url: fake.url,
        settings: { client_id: accounts.ups.clientId, shipper_number: accounts.ups.shipperNumber },
        secrets: { client_secret: accounts.ups.clientSecret },
      },
    ));
    ({ tourId: dhlTourId } = await connectedTour(
      provider,
      { ref: `DHR${run}`, name: `DHL ${run}` },
      { code: `DHR${run}`, account_number: '950000002', codes: {} },
      {
        connector: 'dhl_express',
        environment: 'custom',
        base_url: `${fake.url}/mydhlapi`,
        settings: { account_number: '950000002' },
        secrets: { api_key: accounts.dhlExpress.apiKey, api_secret: accounts.dhlExpress.apiSecret },
      },
    ));
    ({ shipper, recipient } = await demoParties(alice, `RATES-${run}`, { phone: '04 78 00 00 00' }));
    // The fakes compile the carriers' published schemas at their first call, in this process (UPS's
    // is large): one quote before the timed ones, or a busy machine sees the first UPS quote late.
    await alice.get(`/api/dashtower/orders/${await draft(`RATES-${run}-0`)}/rates`).expect(200);
  }, 120_000);

  afterAll(async () => {
    delete process.env.HUBY_RATES_TIMEOUT_MS;
    delete process.env.HUBY_CARRIER_BREAKER_FAILURES;
    await target?.close();
    await fake?.close();
  }, 90_000);

  afterEach(() => {
    fake.slow('ups.rate', 0);
    const seen = fake.violations.splice(0);
    expect(seen).toEqual([]);
  });

  const packing = (weight_kg: number) => [
    { packaging_type: 'CARTON-M', weight_kg, length_cm: 40, width_cm: 30, height_cm: 30, packages: 2 },
  ];
  /** A DEMO-A draft of two cartons; answers its uuid. */
  const draft = async (reference: string, weight = 4.5): Promise<string> =>
    (
      await alice
        .post('/api/dashtower/orders')
        .send({
          depositor_id: 1,
          reference,
          uuid_address_shipper: shipper,
          uuid_address_recipient: recipient,
          packings: packing(weight),
          date_shipment_desired: tomorrow(),
          content_description: 'Épicerie fine',
        })
        .expect(201)
    ).body.uuid as string;
  const rates = async (uuid: string, sort?: string): Promise<ShipmentRatesDto> => {
    const answer = await alice.get(`/api/dashtower/orders/${uuid}/rates${sort ? `?sort=${sort}` : ''}`);
    expect(answer.body.error ?? answer.status).toBe(200);
    return answer.body as ShipmentRatesDto;
  };
  const connected = (r: ShipmentRatesDto) => r.rates.filter((x) => x.tour_id === upsTourId || x.tour_id === dhlTourId);
  const row = (r: ShipmentRatesDto, tourId: number) => r.rates.find((x) => x.tour_id === tourId) as TourRateDto;

  it('quotes both carriers, sorted by price or by date, the demo carrier’s tours without online rates after them', async () => {
    const uuid = await draft(`RATES-${run}-1`);
    const byPrice = await rates(uuid);
    expect(byPrice.sort).toBe('price');
    // The fakes' tariffs: UPS 7.90 + 0.85 × 9 kg less 10 %, two business days; DHL 19.50 + 1.40 × 9 kg, the next one.
    expect(connected(byPrice).map((r) => [r.carrier.name, r.status, r.price, r.currency])).toEqual([
      [`UPS ${run}`, 'quoted', 14, 'EUR'],
      [`DHL ${run}`, 'quoted', 32.1, 'EUR'],
    ]);
    expect(row(byPrice, upsTourId).delivery_date! > row(byPrice, dhlTourId).delivery_date!).toBe(true);
    expect(row(byPrice, dhlTourId).service).toBe('EXPRESS DOMESTIC');
    // Quoted tours first, then the others: the demo carrier quotes nothing.
    const statuses = byPrice.rates.map((r) => r.status);
    expect(statuses.slice(0, 2)).toEqual(['quoted', 'quoted']);
    expect(statuses.slice(2).every((s) => s === 'noOnlineRates')).toBe(true);
    expect(statuses.length).toBeGreaterThan(2);

    const byDate = await rates(uuid, 'date');
    expect(byDate.sort).toBe('date');
    expect(connected(byDate).map((r) => r.tour_id)).toEqual([dhlTourId, upsTourId]);
  });

  it('answers within the quote’s budget when one carrier is slow: that one unavailable, the other still quoted', async () => {
    const uuid = await draft(`RATES-${run}-2`);
    fake.slow('ups.rate', SLOW_MS);
    const started = Date.now();
    const answer = await rates(uuid);
    // Not held by the slow carrier: its quote was given up at the budget.
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect(row(answer, upsTourId)).toMatchObject({ status: 'unavailable', reason: 'TIMEOUT', price: null });
    expect(row(answer, dhlTourId)).toMatchObject({ status: 'quoted', price: 32.1 });
    expect(answer.rates[0].tour_id).toBe(dhlTourId);
    // Back to speed, the next look quotes UPS again (a failed quote is not kept).
    fake.slow('ups.rate', 0);
    expect(row(await rates(uuid), upsTourId)).toMatchObject({ status: 'quoted', price: 14 });
  });

  it('keeps the quotes of a shipment while what they depend on is unchanged, and asks again once its packages change', async () => {
    const uuid = await draft(`RATES-${run}-3`);
    await rates(uuid);
    const asked = { ups: fake.ups.rates, dhl: fake.dhl.rates };
    await rates(uuid, 'date');
    expect({ ups: fake.ups.rates, dhl: fake.dhl.rates }).toEqual(asked);

    const current = (await alice.get(`/api/dashtower/orders/${uuid}`).expect(200)).body as Record<string, unknown>;
    const edited = await alice.put(`/api/dashtower/orders/${uuid}`).send({
      depositor_id: 1,
      reference: current.reference,
      uuid_address_shipper: shipper,
      uuid_address_recipient: recipient,
      packings: packing(10),
      date_shipment_desired: tomorrow(),
      content_description: 'Épicerie fine',
    });
    expect(edited.body.error ?? edited.status).toBe(200);
    const after = await rates(uuid);
    expect({ ups: fake.ups.rates, dhl: fake.dhl.rates }).toEqual({ ups: asked.ups + 1, dhl: asked.dhl + 1 });
    // 20 kg now: DHL 19.50 + 1.40 × 20.
    expect(row(after, dhlTourId).price).toBe(47.5);
  });

  it('refuses another depositor’s user (404), an unknown sort (400), and hostile identifiers without a 5xx', async () => {
    const uuid = await draft(`RATES-${run}-4`);
    // bob (DEMO-B) has no Dashtower role; a DEMO-B Dashtower user is the one the scope must stop.
    const bob = await loginAs(target, 'bob');
    await addUser(target, { login: `rates-b-${run}`, roles: [Role.DASHTOWER_USER], depositorIds: [2] });
    const userB = await loginAs(target, `rates-b-${run}`);
    const asked = fake.ups.rates + fake.dhl.rates;
    expect((await bob.get(`/api/dashtower/orders/${uuid}/rates`)).status).toBe(403);
    const foreign = await userB.get(`/api/dashtower/orders/${uuid}/rates`);
    expect([foreign.status, foreign.body.error?.key]).toEqual([404, 'orderNotFound']);
    expect((await userB.get(`/api/dashtower/orders/${uuid}/tours`)).status).toBe(404);
    expect(fake.ups.rates + fake.dhl.rates).toBe(asked);
    const bad = await alice.get(`/api/dashtower/orders/${uuid}/rates?sort=carrier`);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.key).toBe('validationFailed');
    expect((await alice.get(`/api/dashtower/orders/${uuid}/rates?sort=price&sort=date`)).status).toBe(400);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%00', 'x'.repeat(5000)]) {
      const answer = await alice.get(`/api/dashtower/orders/${encodeURIComponent(id)}/rates`);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it('respects the circuit breaker: after repeated outages the carrier is unavailable at once, without a call', async () => {
    fake.failNext('dhl.rates', '5xx', 2);
    for (const n of [5, 6]) {
      const down = await rates(await draft(`RATES-${run}-${n}`));
      expect(row(down, dhlTourId)).toMatchObject({ status: 'unavailable', reason: 'HTTP_5XX' });
      expect(row(down, upsTourId)).toMatchObject({ status: 'quoted' });
    }
    const calls = fake.calls.filter((c) => c.path === '/mydhlapi/rates').length;
    const open = await rates(await draft(`RATES-${run}-7`));
    expect(row(open, dhlTourId)).toMatchObject({ status: 'unavailable', reason: 'CIRCUIT_OPEN' });
    expect(row(open, upsTourId)).toMatchObject({ status: 'quoted' });
    expect(fake.calls.filter((c) => c.path === '/mydhlapi/rates').length).toBe(calls);
  });
});
