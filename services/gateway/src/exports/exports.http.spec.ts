import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiKey } from '@portal/service-auth';
import { StockServiceModule } from '@portal/service-stock';
import { TrackingServiceModule } from '@portal/service-tracking';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { feedOrder } from '../../../tracking/test/fixtures';
import { startHttpApp, type HttpApp } from '../../test/http-app';
import { StockHttpModule } from '../stock/stock.module';
import { TrackingHttpModule } from '../tracking/tracking.module';
import { ExportLimits } from './export-limits';

/**
 * The shared export mechanism through the tracker and stock exports, with limits small enough for a
 * few rows: at most 5 rows answered at once, at most 220 rows in a file (just over one tracker page
 * of 200, so that a background export crosses it while it runs).
 */
describe('exports: answered at once, or produced in the background and mailed', () => {
  const env = { EXPORT_SYNC_MAX_ROWS: '5', EXPORT_MAX_ROWS: '220', PUBLIC_URL: 'https://portal.example.com' };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  let http: HttpApp;
  let url: string;

  beforeAll(async () => {
    Object.assign(process.env, env);
    http = await startHttpApp([TrackingServiceModule, StockServiceModule, TrackingHttpModule, StockHttpModule]);
    url = http.url;
    const key = await createApiKey(http.dbOf('auth'), { name: 'WMS', kind: 'warehouse', allDepositors: true });
    // DEMO-A: 7 orders (CMD1000001-7) and 230 stock lines; DEMO-B: 6 orders (CMD2000001-6) and 7 stock lines;
    // DEMO-C (only admin sees it): 230 orders.
    const orders = [
      ...Array.from({ length: 7 }, (_, i) => feedOrder(i + 1)),
      ...Array.from({ length: 6 }, (_, i) => feedOrder(i + 1, { depositorId: 2 })),
      ...Array.from({ length: 230 }, (_, i) => feedOrder(i + 1, { depositorId: 3, documents: [] })),
    ];
    await request(url).post('/api/feed/tracking/orders/bulk').set('X-Api-Key', key).send({ orders }).expect(200);
    const lines = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ reference: `${prefix}-${i + 1}`, quantityInStock: i + 1 }));
    const snapshot = (body: object) => request(url).post('/api/feed/stock/snapshot').set('X-Api-Key', key).send(body).expect(200);
    await snapshot({ depositorId: 1, platformId: 1, lines: lines('A', 230) });
    await snapshot({ depositorId: 2, platformId: 12, lines: lines('B', 7) });
  });

  afterAll(async () => {
    await http?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** GET as a signed-in demo user, the body kept as bytes (files and JSON alike). */
  const as = async (login: string) => {
    const user = await http.as(login);
    return (p: string) =>
      user
        .get(p)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
  };
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const json = (body: unknown) => JSON.parse((body as Buffer).toString('utf8'));
  const csvLines = (body: unknown) =>
    (body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  /** Waits for the next mail of this template to this address recorded by the auth service. */
  async function mailTo(to: string, template: 'export-ready' | 'export-failed', after: number) {
    for (let i = 0; i < 400; i++) {
      const [mail] = await http
        .dbOf('auth')
        .system.query<{ id: string; subject: string; text: string }>(
          `SELECT id, subject, text FROM mail_outbox WHERE "to" = $1 AND template = $2 AND id > $3 ORDER BY id LIMIT 1`,
          [to, template, after],
        );
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${template} mail to ${to}`);
  }
  const lastMailId = async () =>
    Number((await http.dbOf('auth').system.query<{ id: string | null }>(`SELECT max(id) AS id FROM mail_outbox`))[0].id ?? 0);
  const linkIn = (text: string) => /https:\/\/portal\.example\.com\/exports\/([0-9a-f-]{36})/.exec(text)?.[1];
  const exportFiles = () => {
    const root = path.join(process.env.DATA_DIR!, 'files', 'exports');
    return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(csv|xlsx)$/.test(f)) : [];
  };

  it('answers a small export at once, with the file, as before', async () => {
    const alice = await as('alice');
    const res = await alice(`/api/orders/export?format=csv&filter=${q({ q: 'CMD1000001' })}`).expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=orders-\d{8}\.csv$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^DEMO-A;CMD1000001;/);
    const movements = await alice('/api/movements/export').expect(200);
    expect(csvLines(movements.body)[0]).toMatch(/^Date;/);
  });

  it('past the threshold answers 202 with the masked address and mails a link that only its owner can open', async () => {
    const before = await lastMailId();
    const alice = await as('alice');
    const queued = await alice(`/api/orders/export?format=csv&filter=${q({ depositor: 1 })}`).expect(202);
    expect(json(queued.body)).toEqual({ queued: true, email: 'a***n@demo-a.example' });
    const mail = await mailTo('alice.martin@demo-a.example', 'export-ready', before);
    expect(mail.subject).toBe('Votre export est prêt : Pack and Go Tracer : suivi des commandes');
    expect(mail.text).toMatch(/7 lignes, fichier orders-\d{8}\.csv/);
    const id = linkIn(mail.text)!;
    expect(id).toBeDefined();

    const file = await alice(`/api/exports/${id}`).expect(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=orders-\d{8}\.csv$/);
    expect(file.headers['cache-control']).toBe('no-store');
    const lines = csvLines(file.body);
    expect(lines[0]).toMatch(/^Déposant;Commande;/);
    expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual(
      expect.arrayContaining(['CMD1000001', 'CMD1000002', 'CMD1000003', 'CMD1000004', 'CMD1000005', 'CMD1000006', 'CMD1000007']),
    );
    expect(lines).toHaveLength(8);

    for (const other of ['bob', 'admin']) {
      const refused = await (await as(other))(`/api/exports/${id}`).expect(404);
      expect(json(refused.body).error.key).toBe('objectNotFound');
    }
    expect(json((await alice('/api/exports/00000000-0000-4000-8000-000000000000').expect(404)).body).error.key).toBe('objectNotFound');
    expect(json((await alice('/api/exports/..%2F..%2Fetc').expect(404)).body).error.key).toBe('objectNotFound');
    expect((await request(url).get(`/api/exports/${id}`).expect(401)).body.error.key).toBe('tokenDismiss');
  });

  it('keeps another depositor’s rows out of a background export, in XLSX too', async () => {
    const before = await lastMailId();
    const bob = await as('bob'); // DEMO-B only
    expect(json((await bob('/api/orders/export?format=xlsx').expect(202)).body)).toEqual({ queued: true, email: 'b***d@demo-b.example' });
    const id = linkIn((await mailTo('bob.durand@demo-b.example', 'export-ready', before)).text)!;
    const file = await bob(`/api/exports/${id}`).expect(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(7);
    const depositors = new Set<unknown>();
    const references: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      depositors.add(row.getCell(1).value);
      references.push(row.getCell(2).value);
    });
    expect([...depositors]).toEqual(['DEMO-B']);
    expect(references.every((r) => String(r).startsWith('CMD2'))).toBe(true);
  });

  it('past EXPORT_MAX_ROWS in the background: stops, keeps no file and mails why', async () => {
    const before = await lastMailId();
    const filesBefore = exportFiles();
    const admin = await as('admin');
    // 230 orders: the first page of 200 is over 5 (202), the second one crosses 220 in the background.
    expect((await admin(`/api/orders/export?filter=${q({ depositor: 3 })}`).expect(202)).status).toBe(202);
    const mail = await mailTo('admin@portal.localhost', 'export-failed', before);
    expect(mail.subject).toBe("Votre export n'a pas pu être produit : Pack and Go Tracer : suivi des commandes");
    expect(mail.text).toContain('dépasse 220 lignes');
    expect(mail.text).toContain('Affinez les filtres');
    expect(exportFiles()).toEqual(filesBefore);
  });

  it('answers 413 exportTooLarge with params.limit when the size is known before any file is written', async () => {
    const alice = await as('alice');
    // The stock service counts its rows: 230 lines of DEMO-A are over the limit from the first page.
    const stock = await alice(`/api/stock/export?filter=${q({ depositor: 1 })}`).expect(413);
    expect(json(stock.body).error).toMatchObject({ key: 'exportTooLarge', params: { limit: 220 } });
    // The tracker counts nothing: with a threshold above the limit the answer reads past it, then refuses.
    const limits = http.app.get(ExportLimits);
    const { syncMaxRows } = limits;
    Object.assign(limits, { syncMaxRows: 1000 });
    try {
      const orders = await (await as('admin'))(`/api/orders/export?filter=${q({ depositor: 3 })}`).expect(413);
      expect(json(orders.body).error).toMatchObject({ key: 'exportTooLarge', params: { limit: 220 } });
    } finally {
      Object.assign(limits, { syncMaxRows });
    }
  });

  it('mails the stock export too, and sweeps exports past their retention when a new one is written', async () => {
    const root = path.join(process.env.DATA_DIR!, 'files', 'exports', '00000000-0000-4000-8000-00000000aaaa', 'stock');
    fs.mkdirSync(root, { recursive: true });
    const stale = path.join(root, '11111111-1111-4111-8111-111111111111.csv');
    fs.writeFileSync(stale, 'old');
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    fs.utimesSync(stale, eightDaysAgo, eightDaysAgo);

    const before = await lastMailId();
    const bob = await as('bob');
    expect((await bob('/api/stock/export').expect(202)).status).toBe(202); // 7 lines, counted: over 5 at once
    const mail = await mailTo('bob.durand@demo-b.example', 'export-ready', before);
    expect(mail.subject).toBe('Votre export est prêt : Mes Stocks');
    const file = await bob(`/api/exports/${linkIn(mail.text)}`).expect(200);
    const lines = csvLines(file.body);
    expect(lines).toHaveLength(8);
    expect(lines.slice(1).every((l) => l.startsWith('DEMO-B;'))).toBe(true);
    for (let i = 0; i < 100 && fs.existsSync(stale); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fs.existsSync(stale)).toBe(false);
  });

  it('refuses an expired export and deletes it', async () => {
    const before = await lastMailId();
    const bob = await as('bob');
    await bob('/api/movements/export').expect(200); // 0 movements: answered at once
    await bob(`/api/orders/export?format=csv`).expect(202);
    const id = linkIn((await mailTo('bob.durand@demo-b.example', 'export-ready', before)).text)!;
    const [file] = exportFiles().filter((f) => f.includes(id));
    const full = path.join(process.env.DATA_DIR!, 'files', 'exports', file);
    const old = new Date(Date.now() - 7 * 86_400_000 - 60_000);
    fs.utimesSync(full, old, old);
    expect(json((await bob(`/api/exports/${id}`).expect(404)).body).error.key).toBe('objectNotFound');
    expect(fs.existsSync(full)).toBe(false);
  });

  it('refuses to queue an export for a user without an e-mail address: userEmailEmpty', async () => {
    await http.dbOf('auth').system.query(`UPDATE users SET email = '' WHERE login = 'admin'`);
    try {
      const admin = await as('admin');
      const res = await admin(`/api/orders/export?filter=${q({ depositor: 2 })}`).expect(400);
      expect(json(res.body).error).toMatchObject({ key: 'userEmailEmpty', params: { syncLimit: 5 } });
    } finally {
      await http.dbOf('auth').system.query(`UPDATE users SET email = 'admin@portal.localhost' WHERE login = 'admin'`);
    }
  });

  it('documents the exports in the OpenAPI', async () => {
    const doc = (await request(url).get('/api/docs-json').expect(200)).body;
    expect(doc.paths['/api/exports/{id}'].get.summary).toContain('404 objectNotFound');
    expect(doc.paths['/api/orders/export'].get.responses['202']).toBeDefined();
    expect(doc.paths['/api/stock/export'].get.responses['413']).toBeDefined();
  });
});
