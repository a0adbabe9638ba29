import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey } from '@portal/service-auth';
import { StockServiceModule } from '@portal/service-stock';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { startHttpApp, type HttpApp } from '../../test/http-app';
import { StockHttpModule } from './stock.module';

/** My Stocks / My Items resources and the warehouse feed over HTTP: gateway + auth + admin + stock in one process. */
describe('stock API', () => {
  let url: string;
  let http: HttpApp;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    http = await startHttpApp([StockServiceModule, StockHttpModule]);
    url = http.url;
    const dbOf = http.dbOf;
    keys.all = await createApiKey(dbOf('auth'), { name: 'WMS', kind: 'warehouse', allDepositors: true });
    keys.onlyB = await createApiKey(dbOf('auth'), { name: 'WMS B', kind: 'warehouse', depositorIds: [2] });
    keys.carrier = await createApiKey(dbOf('auth'), { name: 'Carrier', kind: 'carrier', allDepositors: true });
    const feed = (p: string, body: object) => request(url).post(`/api/feed/stock/${p}`).set('X-Api-Key', keys.all).send(body).expect(200);
    await feed('items', {
      items: [
        { depositorId: 1, reference: 'A-1', label: 'Crème' },
        { depositorId: 2, reference: 'B-1', label: 'Vaccin' },
      ],
    });
    const lines = Array.from({ length: 30 }, (_, i) => ({
      reference: `A-${i + 1}`,
      lot: 'L1',
      bestBefore: '2027-01-31',
      quantityInStock: i + 1,
      unitPrice: 2,
    }));
    await feed('snapshot', { depositorId: 1, platformId: 1, lines });
    await feed('snapshot', { depositorId: 2, platformId: 12, lines: [{ reference: 'B-1', quantityInStock: 5 }] });
    await feed('movements', {
      movements: [
        {
          id: 'm1',
          depositorId: 1,
          platformId: 1,
          reference: 'A-1',
          movedAt: new Date(Date.now() - 86_400_000).toISOString(),
          type: 'exit',
          quantity: -2,
          pallet: 'PAL-1',
        },
        { id: 'm2', depositorId: 2, platformId: 12, reference: 'B-1', movedAt: new Date().toISOString(), type: 'entry', quantity: 5 },
      ],
    });
  });

  afterAll(() => http?.close());

  /** GET as a signed-in demo user. */
  const as = async (login: string) => {
    const user = await http.as(login);
    return (p: string) => user.get(p);
  };
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));

  it('GET /stock follows the ra-data-simple-rest contract: array + Content-Range', async () => {
    const admin = await as('admin');
    const res = await admin(`/api/stock?filter=${q({ depositor: 1 })}&range=${q([0, 9])}&sort=${q(['quantityInStock', 'DESC'])}`).expect(
      200,
    );
    expect(res.headers['content-range']).toBe('stock 0-9/30');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.body).toHaveLength(10);
    expect(res.body[0]).toMatchObject({ reference: 'A-30', depositorCode: 'DEMO-A', quantityInStock: 30, unitPrice: 2, stockValue: 60 });
    const last = await admin(`/api/stock?filter=${q({ depositor: 1 })}&range=${q([25, 49])}`).expect(200);
    expect(last.headers['content-range']).toBe('stock 25-29/30');
    const byRef = await admin(`/api/stock?filter=${q({ view: 'reference', reference: 'A-1' })}`).expect(200);
    expect(byRef.headers['content-range']).toBe('stock 0-10/11');
    const empty = await admin(`/api/stock?filter=${q({ reference: 'NOPE' })}`).expect(200);
    expect(empty.headers['content-range']).toBe('stock 0-0/0');
    expect((await admin('/api/stock?filter=notjson').expect(400)).body.error).toMatchObject({
      key: 'validationFailed',
      fields: { filter: 'invalidFormat' },
    });
    // Checked against the list's declaration before the bus: a bad range, an unknown sort, a bad date.
    expect((await admin(`/api/stock?range=${q([5, 1])}`).expect(400)).body.error.fields).toEqual({ range: 'integer' });
    expect((await admin(`/api/items?sort=${q(['nope', 'ASC'])}`).expect(400)).body.error.fields).toEqual({ sort: 'invalidFormat' });
    expect((await admin(`/api/movements?filter=${q({ dateFrom: '2026-02-30' })}`).expect(400)).body.error.key).toBe('invalidDate');
    // react-admin's default sort works on every list.
    for (const list of ['stock', 'movements', 'items']) await admin(`/api/${list}?sort=${q(['id', 'ASC'])}`).expect(200);
    const ids = (await admin(`/api/stock?filter=${q({ view: 'reference' })}&sort=${q(['id', 'DESC'])}`).expect(200)).body;
    expect(ids.length).toBeGreaterThan(0);
  });

  it('takes depositor and platform codes as well as ids in list filters, and refuses a code the caller may not use', async () => {
    const admin = await as('admin');
    const total = async (path: string) => (await admin(path).expect(200)).headers['content-range'];
    expect(await total(`/api/stock?filter=${q({ depositor: 'DEMO-A' })}`)).toBe('stock 0-24/30');
    expect(await total(`/api/stock?filter=${q({ depositor: 'demo-a', platform: 'LYS1' })}`)).toBe(
      await total(`/api/stock?filter=${q({ depositor: 1, platform: 1 })}`),
    );
    expect(await total(`/api/movements?filter=${q({ platform: 'ORL1', depositor: '2' })}`)).toBe('movements 0-0/1');
    expect(await total(`/api/items?filter=${q({ depositor: 'DEMO-B' })}`)).toBe('items 0-0/1');
    for (const filter of [{ depositor: 'NOPE' }, { platform: 'XXX9' }, { depositor: ['DEMO-A', '\u0000'] }]) {
      const refused = await admin(`/api/stock?filter=${q(filter)}`).expect(400);
      expect(refused.body.error).toMatchObject({ key: 'validationFailed', fields: { [Object.keys(filter)[0]]: 'unknownCode' } });
    }
    // Another depositor's code is as unknown as one that does not exist: nothing says it exists.
    const bob = await as('bob');
    const foreign = await bob(`/api/stock?filter=${q({ depositor: 'DEMO-A' })}`).expect(400);
    const none = await bob(`/api/stock?filter=${q({ depositor: 'NOPE' })}`).expect(400);
    expect(foreign.body).toEqual(none.body);
    expect((await bob(`/api/movements?filter=${q({ depositor: 'DEMO-B' })}`).expect(200)).body).toHaveLength(1);
  });

  it('GET /stock/:id, /movements, /items and /items/:id', async () => {
    const bob = await as('bob'); // DEMO-B, STOCK_USER without revenue or details
    const [line] = (await bob('/api/stock').expect(200)).body;
    expect(line).not.toHaveProperty('unitPrice');
    expect((await bob(`/api/stock/${line.id}`).expect(200)).body.reference).toBe('B-1');
    const movements = await bob('/api/movements').expect(200);
    expect(movements.headers['content-range']).toBe('movements 0-0/1');
    expect(movements.body[0]).not.toHaveProperty('details');
    expect((await bob('/api/items').expect(403)).body.error.key).toBe('permissionDenied');
    const admin = await as('admin');
    const items = await admin(`/api/items?filter=${q({ reference: 'A' })}`).expect(200);
    expect(items.headers['content-range']).toBe('items 0-0/1');
    expect((await admin(`/api/items/${items.body[0].id}`).expect(200)).body.variants).toHaveLength(4);
  });

  it('keeps another depositor’s stock, movements and items out of reach, also by id and in exports', async () => {
    const bob = await as('bob');
    const admin = await as('admin');
    const [aLine] = (await admin(`/api/stock?filter=${q({ depositor: 1 })}`).expect(200)).body;
    expect((await bob(`/api/stock/${aLine.id}`).expect(404)).body.error.key).toBe('objectNotFound');
    expect((await bob(`/api/stock?filter=${q({ depositor: 1 })}`).expect(200)).body).toEqual([]);
    const csv = (await bob('/api/stock/export?format=csv').expect(200)).text;
    expect(csv).toContain('B-1');
    expect(csv).not.toContain('A-1');
    const mvts = (await bob('/api/movements/export').expect(200)).text;
    expect(mvts).not.toContain('A-1');
  });

  it('exports CSV and XLSX in the user’s date format, without revenue columns for users lacking the right', async () => {
    const bob = await as('bob');
    const res = await bob('/api/movements/export?format=csv').expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=movements-\d{8}\.csv$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, row] = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.split(';')[0]).toBe('Date');
    expect(row).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};DEMO-B;ORL1;B-1;entry;5;/);
    const two = await bob('/api/movements/export?format=csv&dateFormat=two_columns').expect(200);
    expect(two.text.split('\r\n')[1]).toMatch(/^\d{2}\/\d{2}\/\d{4};\d{2}:\d{2};DEMO-B/);
    const stockCsv = (await bob('/api/stock/export').expect(200)).text;
    expect(stockCsv).not.toContain('Prix unitaire');
    const xlsx = await bob(`/api/stock/export?format=xlsx`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).getCell(3).value).toBe('B-1');
    expect((sheet.getRow(1).values as string[]).includes('Prix unitaire')).toBe(false);
    const adminCsv = (await (await as('admin'))('/api/stock/export').expect(200)).text;
    expect(adminCsv.split('\r\n')[0]).toContain('Prix unitaire');
    expect((await bob('/api/stock/export?format=pdf').expect(400)).body.error.key).toBe('validationFailed');
  });

  it('checks the feed’s API key: none, wrong kind, another depositor', async () => {
    const body = { depositorId: 1, platformId: 1, lines: [] };
    expect((await request(url).post('/api/feed/stock/snapshot').send(body).expect(401)).body.error.key).toBe('invalidApiKey');
    expect((await request(url).post('/api/feed/stock/snapshot').set('X-Api-Key', 'pk_nope').send(body).expect(401)).body.error.key).toBe(
      'invalidApiKey',
    );
    const carrier = await request(url).post('/api/feed/stock/snapshot').set('X-Api-Key', keys.carrier).send(body).expect(401);
    expect(carrier.body.error.key).toBe('invalidApiKey');
    const other = await request(url).post('/api/feed/stock/snapshot').set('X-Api-Key', keys.onlyB).send(body).expect(403);
    expect(other.body.error.key).toBe('depositorNotAllowed');
    const lines = await request(url)
      .post('/api/feed/stock/movements')
      .set('X-Api-Key', keys.onlyB)
      .send({
        movements: [
          { id: 'x', depositorId: 1, platformId: 1, reference: 'A-1', movedAt: '2026-01-01T00:00:00Z', type: 'entry', quantity: 1 },
        ],
      })
      .expect(200);
    expect(lines.body).toEqual({ accepted: 0, duplicates: 0, refused: [{ line: 0, key: 'depositorNotAllowed', field: 'depositorId' }] });
    const bob = await as('bob');
    expect((await bob('/api/stock').expect(200)).body.map((l: { reference: string }) => l.reference)).toEqual(['B-1']);
    // a user session is no API key
    const { token } = await http.as('bob');
    expect(
      (await request(url).post('/api/feed/stock/items').set('Authorization', `Bearer ${token}`).send({ items: [] }).expect(401)).body.error
        .key,
    ).toBe('invalidApiKey');
  });
});
