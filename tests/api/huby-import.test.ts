import http from 'node:http';
import request from 'supertest';
import { IMPORT_MAX_BYTES, Role, type ImportLineDto, type ImportSimulationDto } from '@portal/contracts';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/**
 * Huby order import through the gateway: the sample file simulated line by line, refused without
 * force, imported with force, re-imported without creating anything twice; an order whose write
 * fails leaves nothing behind (its new recipient neither); rights, another depositor's codes, hostile uploads.
 */
describe('Huby order import API', () => {
  let target: ApiTarget;
  let importer: Awaited<ReturnType<typeof loginAs>>;
  let otherImporter: Awaited<ReturnType<typeof loginAs>>;
  let noRight: Awaited<ReturnType<typeof loginAs>>;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));

  beforeAll(async () => {
    target = await startTarget();
    await addUser(target, { login: 'import-a', roles: [Role.DASHTOWER_USER, Role.USER_IMPORT_HUBY], depositorIds: [1] });
    await addUser(target, { login: 'import-b', roles: [Role.DASHTOWER_USER, Role.USER_IMPORT_ALL], depositorIds: [2] });
    await addUser(target, { login: 'import-none', roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER], depositorIds: [1] });
    importer = await loginAs(target, 'import-a');
    otherImporter = await loginAs(target, 'import-b');
    noRight = await loginAs(target, 'import-none');
  }, 90000);
  afterAll(() => target?.close());

  const upload = (who: { token: string }, body: string | Buffer, name = 'orders.csv', type = 'text/csv') =>
    request(target.url)
      .post(`/api/dashtower/import/simulations?name=${encodeURIComponent(name)}`)
      .set({ Authorization: `Bearer ${who.token}`, 'Content-Type': type })
      .send(body);

  /** Polls the simulation until it leaves `state`. */
  async function until(who: typeof importer, id: string, state: 'reading' | 'importing'): Promise<ImportSimulationDto> {
    for (let i = 0; i < 200; i++) {
      const s = (await who.get(`/api/dashtower/import/simulations/${id}`).expect(200)).body as ImportSimulationDto;
      if (s.state !== state) return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`simulation ${id} still ${state}`);
  }
  const lines = async (who: typeof importer, id: string, status = '') =>
    (await who.get(`/api/dashtower/import/simulations/${id}/lines?limit=100${status ? `&status=${status}` : ''}`).expect(200)).body as {
      total: number;
      lines: ImportLineDto[];
    };
  const simulated = async (who: typeof importer, file: string | Buffer, name?: string) => {
    const started = (await upload(who, file, name).expect(201)).body as ImportSimulationDto;
    expect(started.state).toBe('reading');
    return until(who, started.id, 'reading');
  };

  it('downloads a sample in CSV and XLSX written from the column definition', async () => {
    const csv = await importer.get('/api/dashtower/import/sample/csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^line_type;depositor_code;activity_code;store_code;reference;/);
    const xlsx = await importer.get('/api/dashtower/import/sample/xlsx').responseType('blob').expect(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    await importer.get('/api/dashtower/import/sample/pdf').expect(404);
  });

  it('simulates the sample and imports it as it is, then re-imports nothing', async () => {
    const sample = (await importer.get('/api/dashtower/import/sample/csv').expect(200)).text;
    const s = await simulated(importer, sample, 'sample.csv');
    expect(s).toMatchObject({
      state: 'simulated',
      name: 'sample.csv',
      format: 'csv',
      orders: 2,
      counts: { header: 1, create: 2, package: 3 },
    });
    expect(s.counts.refused).toBeUndefined();

    expect((await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, {}).expect(200)).body.state).toBe('importing');
    const done = await until(importer, s.id, 'importing');
    expect(done).toMatchObject({ state: 'imported', counts: { imported: 5 } });
    await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, { force: true }).expect(409);
    const created = (await lines(importer, s.id, 'imported')).lines.filter(
      (l) => l.what && !l.what.startsWith('PACKAGE') && !l.what.startsWith('PALLET'),
    );
    const reference = created[0].reference!;
    const found = (await noRight.get(`/api/dashtower/orders?filter=${q({ tab: 'waiting', q: reference })}`).expect(200)).body;
    expect(found).toEqual([expect.objectContaining({ reference, status: 0, package_count: 3, depositor_id: 1 })]);

    const again = await simulated(importer, sample, 'sample.csv');
    expect(again.counts).toMatchObject({ already: 5 });
    expect(again.counts.create).toBeUndefined();
  });

  it('refuses a template example line (spec §5) with its key: no import without force, the rest with force', async () => {
    const rows = (await importer.get('/api/dashtower/import/sample/csv').expect(200)).text.replace(/^\uFEFF/, '').split('\r\n');
    const example = rows[1].replace(/^ORDER;/, 'EXAMPLE;').replace(/;SAMPLE-[A-Z0-9]+-1;/, ';EXEMPLE-0001;');
    const s = await simulated(importer, [rows[0], example, ...rows.slice(1)].join('\r\n'), 'example.csv');
    expect(s).toMatchObject({ state: 'simulated', orders: 2, counts: { header: 1, refused: 1, create: 2, package: 3 } });
    expect((await lines(importer, s.id, 'refused')).lines).toEqual([
      expect.objectContaining({ line: 2, status: 'refused', key: 'importUnknownLineType', params: expect.objectContaining({ sample: 1 }) }),
    ]);
    const refused = await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, {}).expect(409);
    expect(refused.body.error).toMatchObject({ key: 'importHasRefusedLines', params: { refused: 1 } });
    expect((await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, { force: true }).expect(200)).body.state).toBe(
      'importing',
    );
    expect(await until(importer, s.id, 'importing')).toMatchObject({ state: 'imported', counts: { imported: 5, refused: 1 } });

    const report = await importer.get(`/api/dashtower/import/simulations/${s.id}/report`).expect(200);
    expect(report.headers['content-disposition']).toMatch(/example-report\.csv/);
    expect(
      report.text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'line;status;key;reason;reference;what',
      '1;header;;;;',
      // The example line, said as the screen says it, in the importer's language.
      expect.stringMatching(/^2;refused;importUnknownLineType;Type de ligne inconnu \(ligne d’exemple à supprimer \?\)\./),
    ]);
  });

  it('writes an order and its new recipient together or not at all', async () => {
    const sample = (await importer.get('/api/dashtower/import/sample/csv').expect(200)).text;
    const rows = sample.replace(/^\uFEFF/, '').split('\r\n');
    const s = await simulated(importer, rows.join('\r\n'));
    expect(s.counts.refused).toBeUndefined();
    // The second order writes a new recipient; its reference gets taken meanwhile: the order fails on it, and the recipient goes too.
    const second = (await lines(importer, s.id, 'create')).lines[1];
    expect(second.what).toContain('Claire Dubois');
    const alice = await loginAs(target, 'alice');
    const shipper = (await alice.get('/api/dashtower/address/all?type=shipper&depositor=1').expect(200)).body.addressesShipper[0].uuid;
    const recipient = (await alice.get('/api/dashtower/address/all?type=recipient&depositor=1').expect(200)).body.addressesRecipient[0]
      .uuid;
    await alice
      .post('/api/dashtower/orders', {
        depositor_id: 1,
        reference: second.reference,
        uuid_address_shipper: shipper,
        uuid_address_recipient: recipient,
      })
      .expect(201);
    const before = (await alice.get('/api/dashtower/address/all?type=recipient&depositor=1&search=Claire%20Dubois').expect(200)).body
      .addressesRecipient.length;
    await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, {}).expect(200);
    const done = await until(importer, s.id, 'importing');
    expect(done.counts).toMatchObject({ imported: 3, already: 2 });
    const after = (await alice.get('/api/dashtower/address/all?type=recipient&depositor=1&search=Claire%20Dubois').expect(200)).body
      .addressesRecipient.length;
    expect(after).toBe(before);
  });

  it("refuses another depositor's codes with importCodeNotAuthorized, and keeps each user's simulations to themself", async () => {
    const sample = (await importer.get('/api/dashtower/import/sample/csv').expect(200)).text;
    const s = await simulated(otherImporter, sample);
    const refused = (await lines(otherImporter, s.id, 'refused')).lines;
    expect(refused.filter((l) => l.key === 'importCodeNotAuthorized').map((l) => [l.line, l.params])).toEqual([
      [2, { column: 'depositor_code', code: 'DEMO-A' }],
      [3, { column: 'depositor_code', code: 'DEMO-A', line: 2 }],
      [4, { column: 'depositor_code', code: 'DEMO-A', line: 2 }],
      [5, { column: 'depositor_code', code: 'DEMO-A' }],
      [6, { column: 'depositor_code', code: 'DEMO-A', line: 5 }],
    ]);
    await importer.get(`/api/dashtower/import/simulations/${s.id}`).expect(404);
    await importer.get(`/api/dashtower/import/simulations/${s.id}/lines`).expect(404);
    await importer.post(`/api/dashtower/import/simulations/${s.id}/import`, { force: true }).expect(404);
  });

  it('keeps the import behind its right, and answers hostile uploads with a key, never a 5xx', async () => {
    expect((await upload(noRight, 'x').expect(403)).body.error.key).toBeDefined();
    await noRight.get('/api/dashtower/import/sample/csv').expect(403);
    expect((await upload(importer, '').expect(400)).body.error.key).toBe('cannotReadFile');
    expect((await importer.post('/api/dashtower/import/simulations', { a: 1 }).expect(400)).body.error.key).toBe('cannotReadFile');
    expect((await importer.get('/api/dashtower/import/simulations/not-a-uuid').expect(400)).body.error.key).toBeDefined();
    await importer.get('/api/dashtower/import/simulations/00000000-0000-4000-8000-000000000000').expect(404);
    // A file announced above the limit is refused before it is read.
    const tooBig = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${target.url}/api/dashtower/import/simulations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${importer.token}`, 'Content-Type': 'text/csv', 'Content-Length': String(IMPORT_MAX_BYTES + 1) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('line_type\r\n');
    });
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body).error).toMatchObject({ key: 'sizeLimitExceeded', params: { limit: IMPORT_MAX_BYTES } });
    // A file type elsewhere stays refused; a ZIP that is not a workbook is a file that cannot be read.
    await request(target.url)
      .post('/api/dashtower/orders')
      .set({ Authorization: `Bearer ${importer.token}`, 'Content-Type': 'text/csv' })
      .send('a;b')
      .expect(415);
    const zip = await simulated(importer, Buffer.from('PK\u0003\u0004 not really a workbook'), 'x.xlsx');
    expect(zip).toMatchObject({ state: 'failed', format: 'xlsx', error: { key: 'cannotReadFile' } });
    const nul = await simulated(importer, Buffer.from('line_type\r\nORDER\u0000;\u0000\r\n\u0000'));
    expect(nul.state).toBe('simulated');
    expect((await lines(importer, nul.id)).lines.map((l) => l.line)).toEqual([1, 2, 3]);
  });
});
