import request from 'supertest';
import { Role } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

interface GeoAddress {
  uuid: string;
  depositor_id: number;
  code: string;
  zip: string;
  town: string;
  company_name: string | null;
  country: string;
  lat: number | null;
  lon: number | null;
}

/**
 * GET /geo-order/address/all (spec §7) through the gateway: platforms and recipients with their
 * coordinates, limit, search, uuid_address_shipper, the GEO_ORDER_USER right, another depositor's user
 * never seeing DEMO-A's addresses, and hostile parameters answered 400 with a key, never 5xx.
 */
describe('Geo-order API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let geoB: Awaited<ReturnType<typeof loginAs>>;
  let noRight: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    target = await startTarget();
    alice = await loginAs(target, 'alice');
    await addUser(target, { login: 'geo-b', roles: [Role.GEO_ORDER_USER], depositorIds: [2] });
    await addUser(target, { login: 'geo-none', roles: [Role.DASHTOWER_USER], depositorIds: [1, 2] });
    geoB = await loginAs(target, 'geo-b');
    noRight = await loginAs(target, 'geo-none');
  }, 90000);
  afterAll(() => target?.close());

  const platforms = async (client = alice, query = '') =>
    (await client.get(`/api/geo-order/address/all?type=shipper${query}`).expect(200)).body as {
      success: true;
      addressesPlatform: GeoAddress[];
    };
  const recipients = async (client = alice, query = '') =>
    (await client.get(`/api/geo-order/address/all?type=recipient${query}`).expect(200)).body as {
      success: true;
      addressesRecipient: GeoAddress[];
    };

  it('answers the platforms and the recipients with their coordinates, off the map when no table places them', async () => {
    const p = await platforms();
    expect(p.success).toBe(true);
    expect(Object.keys(p)).toEqual(['success', 'addressesPlatform']);
    expect(p.addressesPlatform.length).toBeGreaterThan(0);
    for (const a of p.addressesPlatform) expect(a.lat).toEqual(expect.any(Number));
    const r = await recipients(alice, '&limit=2000');
    expect(Object.keys(r)).toEqual(['success', 'addressesRecipient']);
    const paris = r.addressesRecipient.find((a) => a.zip === '75001' && a.code.startsWith('GEO'))!;
    expect(paris.lat).toBeCloseTo(48.86, 1);
    expect(paris.lon).toBeCloseTo(2.35, 1);
    const offMap = r.addressesRecipient.filter((a) => a.lat === null);
    expect(offMap.length).toBeGreaterThan(0);
    expect(offMap.every((a) => a.lon === null && (a.country !== 'FR' || a.zip.startsWith('97')))).toBe(true);
    expect(r.addressesRecipient.filter((a) => a.lat !== null).length).toBeGreaterThan(100);
  });

  it('takes 50 by default, a limit up to 2000, a search and a platform', async () => {
    expect((await recipients()).addressesRecipient).toHaveLength(50);
    expect((await recipients(alice, '&limit=3')).addressesRecipient).toHaveLength(3);
    const found = (await recipients(alice, '&search=stras&limit=100')).addressesRecipient;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => [a.town, a.company_name ?? '', a.code].some((t) => t.toUpperCase().startsWith('STRAS')))).toBe(true);
    expect(found.some((a) => a.town === 'STRASBOURG' && a.lat !== null)).toBe(true);
    const byZip = (await recipients(alice, '&search=29200')).addressesRecipient;
    expect(byZip.length).toBeGreaterThan(0);
    expect(byZip.every((a) => a.zip === '29200')).toBe(true);
    const platformB = (await platforms()).addressesPlatform.find((a) => a.depositor_id === 2)!;
    const ofB = (await recipients(alice, `&limit=2000&uuid_address_shipper=${platformB.uuid}`)).addressesRecipient;
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.every((a) => a.depositor_id === 2)).toBe(true);
  });

  it('shows another depositor nothing of DEMO-A, even through DEMO-A’s platform', async () => {
    const all = [...(await platforms(geoB)).addressesPlatform, ...(await recipients(geoB, '&limit=2000')).addressesRecipient];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a) => a.depositor_id === 2)).toBe(true);
    const platformA = (await platforms()).addressesPlatform.find((a) => a.depositor_id === 1)!;
    expect((await recipients(geoB, `&uuid_address_shipper=${platformA.uuid}`)).addressesRecipient).toEqual([]);
  });

  it('needs GEO_ORDER_USER, and a session', async () => {
    const refused = await noRight.get('/api/geo-order/address/all?type=recipient');
    expect(refused.status).toBe(403);
    expect(refused.body.error.key).toEqual(expect.any(String));
    expect((await request(target.url).get('/api/geo-order/address/all')).status).toBe(401);
  });

  it.each([
    ['type=platform', { type: 'invalidFormat' }],
    ['limit=0', { limit: 'max' }],
    ['limit=2001', { limit: 'max' }],
    ['limit=abc', { limit: 'max' }],
    ['uuid_address_shipper=not-a-uuid', undefined],
    [`search=${'x'.repeat(101)}`, { search: 'invalidFormat' }],
    ['search=%00%01', { query: 'invalidFormat' }],
    ['type=shipper&type=recipient', { type: 'invalidFormat' }],
  ])('answers %s with 400 and a key', async (query, fields) => {
    const res = await alice.get(`/api/geo-order/address/all?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.key).toEqual(expect.any(String));
    if (fields) expect(res.body.error.fields).toEqual(fields);
  });

  it('never answers 5xx to hostile text', async () => {
    for (const search of ["' OR 1=1 --", '%', '_', '\\', '😀'.repeat(20), '<script>', "Robert'); DROP TABLE addresses;--"]) {
      const res = await alice.get(`/api/geo-order/address/all?type=recipient&search=${encodeURIComponent(search)}`);
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) expect(Array.isArray(res.body.addressesRecipient)).toBe(true);
    }
  });
});
