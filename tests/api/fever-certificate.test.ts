import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { Role } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { COLD_FIGURES_FR, COLD_ROOM, COLD_STAY, insertColdRoom } from '../support/cold-chain-readings';
import { asBytes, loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/** pdftotext (poppler-utils) reads the figures printed; without it only the PDF's header is checked. */
const PDFTOTEXT = spawnSync('pdftotext', ['-v']).error === undefined;

/**
 * The cold-chain certificate of an order through the gateway (issue 16 item 5), on both buses: a
 * DEMO-B order of a cold room whose readings are written straight into the fever database gets its
 * certificate among its documents, with the figures computed by hand (tests/support/cold-chain-readings.ts);
 * a newer one replaces it; another depositor's user neither creates nor reads it; no probes, or
 * fever stopped (distributed), answer their key and store nothing.
 */
describe('cold-chain certificate API', () => {
  let target: ApiTarget;
  let pgtB: Awaited<ReturnType<typeof loginAs>>;
  let pgtA: Awaited<ReturnType<typeof loginAs>>;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const zone = `CF-${run}`;
  const ref = (n: number) => `COLD${run}${n}`;
  const ids: Record<number, number> = {};
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-chain-'));

  function order(n: number, store: string, dates: Record<string, string>, depositorId = COLD_ROOM.depositorId) {
    return {
      reference: ref(n),
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: COLD_ROOM.platformId,
      storeCode: store,
      customerReference: `PO-${run}-${n}`,
      carrier: { code: 'GEODIS', name: 'Geodis Messagerie' },
      recipient: { company: 'Pharmacie du Centre', zip: '45000', town: 'ORLEANS', country: 'FR' },
      createdAt: '2026-11-20T08:00:00Z',
      dates,
      statuses: [{ status: 0, at: '2026-11-20T08:00:00Z' }, ...(dates.shippedAt ? [{ status: 90, at: dates.shippedAt }] : [])],
    };
  }
  const certify = (client: typeof pgtB, n: number) => client.post(`/api/orders/${ids[n]}/documents/cold-chain`);
  const coldDocs = async (n: number) =>
    (
      (await pgtB.get(`/api/orders/${ids[n]}`).expect(200)).body.documents as { id: string; type: string; url: string; name: string }[]
    ).filter((d) => d.type === 'COLD_CHAIN');
  const pdfText = async (url: string): Promise<string> => {
    const res = await pgtB.get(url).buffer(true).parse(asBytes).expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (!PDFTOTEXT) return '';
    const file = path.join(tmp, `${randomBytes(4).toString('hex')}.pdf`);
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    target = await startTarget();
    const fever = new Client({ connectionString: target.databaseUrl('fever') });
    await fever.connect();
    try {
      await insertColdRoom(async (sql, params) => (await fever.query(sql, params)).rows, {
        code: zone,
        mac: `02:00:00:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}`,
      });
    } finally {
      await fever.end();
    }
    const feed = await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({
        orders: [
          order(1, zone, COLD_STAY),
          order(2, `MAG-${run}`, COLD_STAY),
          order(3, zone, { receivedAt: COLD_STAY.receivedAt }),
          order(4, zone, COLD_STAY, 1),
        ],
      })
      .expect(200);
    expect(feed.body.rejected).toEqual([]);
    await addUser(target, { login: 'cold-b', roles: [Role.PGT_USER], depositorIds: [2] });
    await addUser(target, { login: 'cold-a', roles: [Role.PGT_USER, Role.FEVER_USER, Role.USER_DELETE_ANY_DOCUMENT], depositorIds: [1] });
    [pgtB, pgtA] = await Promise.all([loginAs(target, 'cold-b'), loginAs(target, 'cold-a')]);
    for (const n of [1, 2, 3])
      ids[n] = (await pgtB.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: ref(n) }))}`).expect(200)).body[0].id;
    ids[4] = (await pgtA.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: ref(4) }))}`).expect(200)).body[0].id;
  }, 120000);
  afterAll(async () => {
    await target?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('adds the certificate to the order’s documents, with the figures computed by hand printed in it', async () => {
    const res = await certify(pgtB, 1).expect(201);
    expect(res.body).toMatchObject({
      verdict: 'notConforming',
      provisional: false,
      zones: [zone],
      name: `certificat-chaine-du-froid-${ref(1)}.pdf`,
    });
    const [doc, ...more] = await coldDocs(1);
    expect(more).toEqual([]);
    expect(doc).toMatchObject({ id: res.body.documentId, name: res.body.name });
    const text = await pdfText(doc.url);
    if (PDFTOTEXT) {
      expect(text).toContain('CERTIFICAT CHAÎNE DU FROID');
      expect(text).toContain(`Référence : ${ref(1)}`);
      expect(text).toContain(`Zone ${zone}`);
      expect(text).toContain('Séjour sur la plateforme : de la réception 20/11/2026 11:00 à l’expédition 20/11/2026 14:00');
      for (const figure of COLD_FIGURES_FR) expect(text).toContain(figure);
    }
  });

  it('replaces the certificate by a newer one, in the caller’s language', async () => {
    const [before] = await coldDocs(1);
    await pgtB.post('/api/user/language/en_US').expect((r) => expect(r.status).toBeLessThan(300));
    const english = await loginAs(target, 'cold-b');
    const res = await certify(english, 1).expect(201);
    const docs = await coldDocs(1);
    expect(docs.map((d) => d.id)).toEqual([res.body.documentId]);
    expect(docs[0].id).not.toBe(before.id);
    expect(docs[0].name).toBe(`cold-chain-certificate-${ref(1)}.pdf`);
    const text = await pdfText(docs[0].url);
    if (PDFTOTEXT) expect(text).toContain('Time within thresholds: 75 %');
    expect((await pgtB.get(before.url)).status).toBe(404);
    await english.post('/api/user/language/fr_FR').expect((r) => expect(r.status).toBeLessThan(300));
  });

  it('marks the certificate of an order not yet shipped as provisional', async () => {
    const res = await certify(pgtB, 3).expect(201);
    expect(res.body).toMatchObject({ provisional: true, verdict: 'notConforming' });
    const [doc] = await coldDocs(3);
    if (PDFTOTEXT) expect(await pdfText(doc.url)).toContain('PROVISOIRE');
  });

  it('lets no user of another depositor create or read it', async () => {
    const [doc] = await coldDocs(1);
    expect((await certify(pgtA, 1).expect(404)).body.error.key).toBe('deliveryNotFound');
    expect((await pgtA.get(doc.url).expect(404)).body.error.key).toBe('documentNotFound');
    expect((await pgtA.delete(`/api/orders/${ids[1]}/documents/${doc.id}`).expect(404)).body.error.key).toBe('documentNotFound');
    expect((await certify(pgtB, 4).expect(404)).body.error.key).toBe('deliveryNotFound');
    expect((await pgtA.get(`/api/orders/${ids[4]}`).expect(200)).body.documents).toEqual([]);
    // A user without Pack and Go Tracer may not ask for it.
    await addUser(target, { login: 'cold-fever', roles: [Role.FEVER_USER], depositorIds: [2] });
    const feverOnly = await loginAs(target, 'cold-fever');
    expect((await certify(feverOnly, 1).expect(403)).body.error.key).toBe('permissionDenied');
    expect(await coldDocs(1)).toEqual([doc]);
  });

  it('answers coldChainNoProbes and stores nothing when the order’s store names no zone with probes', async () => {
    const res = await certify(pgtB, 2).expect(422);
    expect(res.body.error).toMatchObject({ key: 'coldChainNoProbes', params: { platformId: COLD_ROOM.platformId, store: `MAG-${run}` } });
    expect(await coldDocs(2)).toEqual([]);
    expect((await pgtB.post('/api/orders/999999999/documents/cold-chain').expect(404)).body.error.key).toBe('deliveryNotFound');
    expect((await pgtB.post('/api/orders/abc/documents/cold-chain').expect(404)).body.error.key).toBe('deliveryNotFound');
  });

  it('answers coldChainUnavailable and stores nothing while fever is stopped (distributed)', async () => {
    if (!target.deployment) return; // all-in-one hosts fever in the same process: the service test covers it
    const before = await coldDocs(1);
    await target.deployment.stop('fever');
    try {
      const res = await certify(pgtB, 1).expect(503);
      expect(res.body.error.key).toBe('coldChainUnavailable');
      expect(await coldDocs(1)).toEqual(before);
    } finally {
      target.deployment.spawn('fever');
      await target.deployment.waitHealthy();
    }
    await certify(pgtB, 1).expect(201);
  }, 60000);
});
