import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Role } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { waitForMail } from '../support/smtp';
import { loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Claims through the gateway (all-in-one, and distributed on NATS): the number looked up in tracking
 * (unknown, several deliveries, already claimed by someone else), the delivery's evidence copied,
 * draft → sent → processed → closed with a mail to the creator at each step, every §8 claims key,
 * attachments refused when oversized or disguised (and stored nowhere), rights and depositors.
 */
describe('claims API', () => {
  let target: ApiTarget;
  let alice: Awaited<ReturnType<typeof loginAs>>;
  let desk: Awaited<ReturnType<typeof loginAs>>;
  let colleague: Awaited<ReturnType<typeof loginAs>>;
  let reader: Awaited<ReturnType<typeof loginAs>>;
  let otherDepositor: Awaited<ReturnType<typeof loginAs>>;
  const run = randomBytes(3).toString('hex').toUpperCase();
  const ref = (n: number) => `CLM${run}${n}`;
  const shared = `ORD${run}`;
  const q = (o: object) => encodeURIComponent(JSON.stringify(o));
  const ids: Record<string, number> = {};

  function order(n: number, depositorId: number, orderReference: string) {
    const createdAt = new Date(Date.now() - 72 * 3_600_000);
    const at = (h: number) => new Date(createdAt.getTime() + h * 3_600_000).toISOString();
    return {
      reference: ref(n),
      orderReference,
      depositorId,
      depositorCode: depositorId === 1 ? 'DEMO-A' : 'DEMO-B',
      platformId: 1,
      customerReference: `PO-${run}-${n}`,
      carrier: { code: 'GEODIS', name: 'Geodis Messagerie' },
      weightKg: 12.5,
      recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'LYON', country: 'FR' },
      createdAt: createdAt.toISOString(),
      dates: { shippedAt: at(5), deliveredAt: at(30) },
      lines: [
        {
          reference: 'ART-SER',
          label: 'Lecteur code-barres',
          quantityOrdered: 2,
          quantitySent: 2,
          lot: `L${run}`,
          serials: [`SN${run}-${n}a`, `SN${run}-${n}b`],
        },
        { reference: 'ART-CREME', label: 'Crème 50 ml', quantityOrdered: 12, quantitySent: 12, lot: 'LOT-2611' },
      ],
      parcels: [
        { trackingNumber: `GEO${run}${n}1`, status: 100, weightKg: 7.5, packaging: 'CARTON' },
        { trackingNumber: `GEO${run}${n}2`, status: 100, weightKg: 5, packaging: 'CARTON' },
      ],
      statuses: [
        { status: 0, at: at(0) },
        { status: 90, at: at(5) },
        { status: 100, at: at(30) },
      ],
      documents: [{ type: 'POD', name: `pod-${n}.png`, contentBase64: PNG.toString('base64') }],
    };
  }

  const claimFiles = (): string[] => {
    const root = path.join(process.env.DATA_DIR ?? '', 'files', 'claims');
    if (process.env.API_MODE === 'distributed' || !fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  };
  const upload = (client: { token: string }, uuid: string, type: string, name: string, bytes: Buffer) =>
    request(target.url)
      .post(`/api/claims/${uuid}/attachments?type=${type}&name=${encodeURIComponent(name)}`)
      .set({ Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/octet-stream' })
      .send(bytes);

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    const feed = await request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({
        orders: [
          order(1, 1, `${shared}-1`),
          order(2, 1, shared),
          order(3, 1, shared),
          order(4, 2, `${shared}-B`),
          // Still being picked: nothing has left the warehouse.
          {
            ...order(5, 1, `${shared}-5`),
            dates: {},
            statuses: [
              { status: 0, at: new Date(Date.now() - 3_600_000).toISOString() },
              { status: 30, at: new Date().toISOString() },
            ],
            parcels: [],
            documents: [],
          },
        ],
      })
      .expect(200);
    expect(feed.body.rejected).toEqual([]);
    const claimRights = [Role.CLAIM_USER, Role.USER_CLAIM_CREATE, Role.USER_CLAIM_READ, Role.USER_CLAIM_DELETE];
    await addUser(target, { login: 'claims-desk', roles: [Role.USER_CLAIM_READ, Role.USER_CLAIM_UPDATE], depositorIds: [1, 2] });
    await addUser(target, { login: 'claims-colleague', roles: claimRights, depositorIds: [1] });
    await addUser(target, { login: 'claims-reader', roles: [Role.CLAIM_USER, Role.USER_CLAIM_READ], depositorIds: [1] });
    await addUser(target, { login: 'claims-b', roles: [...claimRights, Role.USER_CLAIM_UPDATE], depositorIds: [2] });
    await addUser(target, { login: 'claims-tracer', roles: [Role.PGT_USER, Role.TRACERROUTE_USER], depositorIds: [1, 2] });
    [alice, desk, colleague, reader, otherDepositor] = await Promise.all(
      ['alice', 'claims-desk', 'claims-colleague', 'claims-reader', 'claims-b'].map((l) => loginAs(target, l)),
    );
    const tracer = await loginAs(target, 'claims-tracer');
    for (const n of [1, 2, 3, 4, 5]) ids[n] = (await tracer.get(`/api/orders?filter=${q({ q: ref(n) })}`).expect(200)).body[0].id;
    // A carrier event on the first delivery: evidence the claim copies.
    await tracer
      .post(`/api/tracerroute/${ids[1]}/events`, { type: 'DELIVERY_ANOMALY', carrierName: 'Geodis Messagerie', publicNote: 'Carton abîmé' })
      .expect(201);
  }, 120000);
  afterAll(() => target?.close());

  it('answers claimNumberUnknown for a number no delivery of the caller has, another depositor’s included', async () => {
    for (const number of [`NOPE${run}`, ref(4)]) {
      const res = await alice.get(`/api/claims/lookup?number=${number === ref(4) ? ref(4) + 'X' : number}`).expect(404);
      expect(res.body.error).toMatchObject({ key: 'claimNumberUnknown' });
    }
    expect((await alice.post('/api/claims', { number: `NOPE${run}` }).expect(404)).body.error.key).toBe('claimNumberUnknown');
    expect((await colleague.get(`/api/claims/lookup?number=${ref(4)}`).expect(404)).body.error.key).toBe('claimNumberUnknown');
    expect((await alice.post('/api/claims', {}).expect(400)).body.error.fields).toEqual({ number: 'required' });
  });

  it('refuses a claim on a delivery not shipped yet, a reason its quantities contradict, and keeps no empty line (issue 36)', async () => {
    // Not shipped: found (the form says why), refused at creation with its key on the number.
    const waiting = (await alice.get(`/api/claims/lookup?number=${ref(5)}`).expect(200)).body;
    expect(waiting.deliveries).toEqual([expect.objectContaining({ reference: ref(5), status: 30, shippedAt: null })]);
    const refused = await alice.post('/api/claims', { number: ref(5), kind: 'delivery', reason: 'other' }).expect(409);
    expect(refused.body.error).toMatchObject({
      key: 'claimNotShipped',
      params: { reference: ref(5), status: 30 },
      fields: { number: 'notShipped' },
    });

    const line = { reference: 'ART-CREME', label: 'Crème 50 ml', quantity_ordered: 12 };
    for (const [received, reason] of [
      [12, 'less_quantity'],
      [13, 'missing_product'],
      [10, 'extra_quantity'],
      [12, 'extra_quantity'],
    ] as const) {
      const contradicted = await alice
        .post('/api/claims', {
          number: ref(2),
          kind: 'delivery',
          lines: [
            { ...line, quantity_received: 12 },
            { ...line, quantity_received: received, reason },
          ],
        })
        .expect(400);
      expect(contradicted.body.error).toMatchObject({ key: 'validationFailed', fields: { 'lines.1.reason': 'contradictsQuantities' } });
    }
    // Consistent reasons pass; a line left empty (no received quantity, reason or comment) is not kept.
    const kept = await alice
      .post('/api/claims', {
        number: ref(2),
        kind: 'delivery',
        lines: [
          { ...line, quantity_received: 10, reason: 'less_quantity' },
          { reference: 'ART-SER', quantity_ordered: 2 },
          { ...line, quantity_received: 14, reason: 'extra_quantity' },
        ],
      })
      .expect(201);
    const saved = (await alice.get(`/api/claims/${kept.body.uuid}`).expect(200)).body;
    expect(saved.lines.map((l: { quantity_received: number; reason: string }) => [l.quantity_received, l.reason])).toEqual([
      [10, 'less_quantity'],
      [14, 'extra_quantity'],
    ]);
    // Nothing was written for the refused ones.
    expect((await alice.get(`/api/claims?filter=${q({ q: ref(5) })}`).expect(200)).body).toEqual([]);
    await alice.delete(`/api/claims/${kept.body.uuid}`).expect(200);
  });

  it('lets the user choose when the order number answers several deliveries, lines pre-filled from the chosen one', async () => {
    const both = (await alice.get(`/api/claims/lookup?number=${shared}`).expect(200)).body;
    expect(both.deliveries.map((d: { reference: string }) => d.reference).sort()).toEqual([ref(2), ref(3)]);
    expect(both.lines).toBeNull();
    const refused = await alice.post('/api/claims', { number: shared, kind: 'delivery', reason: 'other' }).expect(409);
    expect(refused.body.error).toMatchObject({ key: 'claimSeveralDeliveries', fields: { order_id: 'required' } });
    expect(refused.body.error.params.deliveries).toHaveLength(2);
    const chosen = (await alice.get(`/api/claims/lookup?number=${shared}&order_id=${ids[3]}`).expect(200)).body;
    expect(chosen.lines).toEqual([
      expect.objectContaining({ reference: 'ART-SER', lot: `L${run}`, quantity_ordered: 2, quantity_received: 2 }),
      expect.objectContaining({ reference: 'ART-CREME', quantity_ordered: 12 }),
    ]);
    const claim = (await alice.post('/api/claims', { number: shared, order_id: ids[3], kind: 'preparation', reason: 'other' }).expect(201))
      .body;
    expect(claim).toMatchObject({ status: 'draft', delivery_reference: ref(3), order_reference: shared, depositor_code: 'DEMO-A' });
    expect((await alice.delete(`/api/claims/${claim.uuid}`).expect(200)).body).toEqual({ ok: true });
  });

  let claim: { uuid: string; reference: string };

  it('copies the delivery’s evidence into the claim: products with lots and serials, parcels and weights, carrier events, POD', async () => {
    const lines = (await alice.get(`/api/claims/lookup?number=${ref(1)}`).expect(200)).body.lines;
    const created = await alice
      .post('/api/claims', {
        number: ref(1),
        customer_claim_number: `LIT-${run}`,
        kind: 'delivery',
        lines: [{ ...lines[1], quantity_received: 10, reason: 'damaged_product', comment: 'Deux pots cassés' }],
        packings_concerned: `GEO${run}12`,
        final_customer: 'Pharmacie du Centre',
      })
      .expect(201);
    claim = created.body;
    expect(created.body).toMatchObject({ status: 'draft', creator: 'alice', reference: expect.stringMatching(/^RC\d{7}$/) });
    const full = (await alice.get(`/api/claims/${claim.uuid}`).expect(200)).body;
    expect(full.evidence.order).toMatchObject({ reference: ref(1), carrierName: 'Geodis Messagerie', weightKg: 12.5 });
    expect(full.evidence.lines[0]).toMatchObject({ reference: 'ART-SER', lot: `L${run}`, serials: [`SN${run}-1a`, `SN${run}-1b`] });
    expect(full.evidence.parcels.map((p: { weightKg: number }) => p.weightKg)).toEqual([7.5, 5]);
    expect(full.evidence.events).toEqual([expect.objectContaining({ type: 'DELIVERY_ANOMALY', note: 'Carton abîmé' })]);
    const pod = full.attachments.find((a: { type: string }) => a.type === 'pod');
    expect(pod).toMatchObject({ evidence: true, content_type: 'image/png', name: 'pod-1.png' });
    const file = await alice.get(`/api/claims/${claim.uuid}/attachments/${pod.id}/file`).buffer(true).expect(200);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    expect((await alice.delete(`/api/claims/${claim.uuid}/attachments/${pod.id}`).expect(409)).body.error.key).toBe(
      'claimEvidenceReadOnly',
    );
  });

  it('flags a delivery already claimed by someone else, with its link, and refuses a second claim', async () => {
    const looked = (await colleague.get(`/api/claims/lookup?number=${ref(1)}`).expect(200)).body;
    expect(looked.deliveries[0].existingClaim).toMatchObject({ uuid: claim.uuid, reference: claim.reference, creator: 'alice' });
    const refused = await colleague.post('/api/claims', { number: ref(1), kind: 'delivery', reason: 'other' }).expect(409);
    expect(refused.body.error).toMatchObject({
      key: 'claimAlreadyCreated',
      params: { uuid: claim.uuid, reference: claim.reference, creator: 'alice' },
    });
  });

  it('refuses an oversized and a disguised attachment and stores neither; takes a photo', async () => {
    const before = claimFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    expect((await upload(alice, claim.uuid, 'photo', 'big.png', big).expect(413)).body.error.key).toBe('sizeLimitExceeded');
    const disguised = Buffer.from('MZ\x90\x00 this is an executable, not a PDF');
    expect((await upload(alice, claim.uuid, 'invoice', 'facture.pdf', disguised).expect(415)).body.error.key).toBe('unexpectedFileContent');
    expect((await upload(alice, claim.uuid, 'scan', 'x.pdf', PDF).expect(400)).body.error.fields).toEqual({ type: 'invalidFormat' });
    expect(claimFiles()).toEqual(before);
    const photo = (await upload(alice, claim.uuid, 'photo', 'colis.png', PNG).expect(201)).body;
    expect(photo).toMatchObject({ type: 'photo', name: 'colis.png', evidence: false, size: PNG.length });
    const invoice = (await upload(alice, claim.uuid, 'invoice', 'facture', PDF).expect(201)).body;
    expect(invoice).toMatchObject({ name: 'facture.pdf', content_type: 'application/pdf' });
    expect((await alice.delete(`/api/claims/${claim.uuid}/attachments/${invoice.id}`).expect(200)).body).toEqual({ ok: true });
  });

  it('moves draft → sent → processed → closed, stamped with who and when, mailing the creator at each step', async () => {
    expect((await alice.post(`/api/claims/${claim.uuid}/send`).expect(400)).body.error.fields).toEqual({ reason: 'required' });
    await alice.put(`/api/claims/${claim.uuid}`, { kind: 'delivery', reason: 'damaged_product', comment: 'Avarie' }).expect(200);
    let since = Date.now();
    const sent = (await alice.post(`/api/claims/${claim.uuid}/send`).expect(200)).body;
    expect(sent).toMatchObject({ status: 'sent', sent_by: 'alice', sent_at: expect.any(String) });
    const mailSent = await waitForMail(target.mailbox, 'alice.martin@demo-a.example', {
      since,
      match: (m) => m.text.includes(claim.reference),
    });
    expect(mailSent.text).toContain('envoyée');

    expect((await alice.put(`/api/claims/${claim.uuid}`, { reason: 'other' }).expect(409)).body.error.key).toBe('claimNotDraft');
    expect((await alice.delete(`/api/claims/${claim.uuid}`).expect(409)).body.error.key).toBe('claimNotDraft');
    expect((await desk.post(`/api/claims/${claim.uuid}/close`, { confirm: true }).expect(409)).body.error).toMatchObject({
      key: 'claimMoveRefused',
      params: { from: 'sent', to: 'closed' },
    });
    expect((await alice.post(`/api/claims/${claim.uuid}/process`, { answer: 'ok' }).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await desk.post(`/api/claims/${claim.uuid}/process`, {}).expect(400)).body.error.fields).toEqual({ answer: 'required' });

    since = Date.now();
    const processed = (
      await desk
        .post(`/api/claims/${claim.uuid}/process`, { answer: 'Avoir émis pour 2 pots.', attributable: true, notifiable: true })
        .expect(200)
    ).body;
    expect(processed).toMatchObject({ status: 'processed', processed_by: 'claims-desk', attributable: true, notifiable: true });
    const mailProcessed = await waitForMail(target.mailbox, 'alice.martin@demo-a.example', {
      since,
      match: (m) => m.text.includes(claim.reference),
    });
    expect(mailProcessed.text).toContain('Avoir émis pour 2 pots.');

    expect((await desk.post(`/api/claims/${claim.uuid}/close`, {}).expect(400)).body.error.key).toBe('claimCloseNotConfirmed');
    since = Date.now();
    const closed = (await desk.post(`/api/claims/${claim.uuid}/close`, { confirm: true }).expect(200)).body;
    expect(closed).toMatchObject({ status: 'closed', closed_by: 'claims-desk', sent_by: 'alice', processed_by: 'claims-desk' });
    await waitForMail(target.mailbox, 'alice.martin@demo-a.example', {
      since,
      match: (m) => m.text.includes(claim.reference) && m.text.includes('clôturée'),
    });
    expect((await alice.post(`/api/claims/${claim.uuid}/send`).expect(409)).body.error.key).toBe('claimMoveRefused');
    expect((await upload(alice, claim.uuid, 'photo', 'late.png', PNG).expect(409)).body.error.key).toBe('claimMoveRefused');
    // Closed: the delivery can be claimed again by someone else.
    const again = (await colleague.get(`/api/claims/lookup?number=${ref(1)}`).expect(200)).body;
    expect(again.deliveries[0].existingClaim).toBeNull();
  });

  it('lists by tab with filters, and exports', async () => {
    const draft = (
      await alice.post('/api/claims', { number: ref(2), kind: 'preparation', reason: 'missing_product', send: false }).expect(201)
    ).body;
    const tab = async (name: string) =>
      (await alice.get(`/api/claims?filter=${q({ tab: name, q: `CLM${run}` })}`).expect(200)).body.map((c: { uuid: string }) => c.uuid);
    expect(await tab('closed')).toEqual([claim.uuid]);
    expect(await tab('draft')).toEqual([draft.uuid]);
    expect(await tab('current')).toEqual([]);
    const byReason = (await alice.get(`/api/claims?filter=${q({ reason: 'missing_product', q: `CLM${run}` })}`).expect(200)).body;
    expect(byReason.map((c: { uuid: string }) => c.uuid)).toEqual([draft.uuid]);
    expect((await alice.get(`/api/claims?filter=${q({ tab: 'later' })}`).expect(400)).body.error.key).toBe('validationFailed');
    const csv = (await alice.get(`/api/claims/export?format=csv&filter=${q({ q: `CLM${run}` })}`).expect(200)).text;
    expect(csv).toContain(claim.reference);
    expect(csv).toContain(draft.reference);
  });

  it('checks each right and keeps another depositor’s claims out of reach (404)', async () => {
    expect((await reader.get(`/api/claims/${claim.uuid}`).expect(200)).body.reference).toBe(claim.reference);
    expect((await reader.post('/api/claims', { number: ref(2) }).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await reader.get(`/api/claims/lookup?number=${ref(2)}`).expect(403)).body.error.key).toBe('permissionDenied');
    const draft = (await alice.get(`/api/claims?filter=${q({ tab: 'draft', q: `CLM${run}` })}`).expect(200)).body[0];
    expect((await reader.delete(`/api/claims/${draft.uuid}`).expect(403)).body.error.key).toBe('permissionDenied');
    expect((await reader.put(`/api/claims/${draft.uuid}`, { reason: 'other' }).expect(403)).body.error.key).toBe('permissionDenied');
    for (const call of [
      otherDepositor.get(`/api/claims/${claim.uuid}`),
      otherDepositor.put(`/api/claims/${draft.uuid}`, { reason: 'other' }),
      otherDepositor.delete(`/api/claims/${draft.uuid}`),
      otherDepositor.post(`/api/claims/${draft.uuid}/send`),
      otherDepositor.post(`/api/claims/${claim.uuid}/close`, { confirm: true }),
      otherDepositor.get(`/api/claims/${claim.uuid}/attachments/${randomUuid()}/file`),
      otherDepositor.get(`/api/claims/not-a-uuid`),
    ])
      expect((await call.expect(404)).body.error.key).toBe('objectNotFound');
    expect((await otherDepositor.get(`/api/claims?filter=${q({ q: `CLM${run}` })}`).expect(200)).body).toEqual([]);
    expect((await otherDepositor.get(`/api/claims/lookup?number=${ref(1)}`).expect(404)).body.error.key).toBe('claimNumberUnknown');
    expect((await alice.delete(`/api/claims/${draft.uuid}`).expect(200)).body).toEqual({ ok: true });
  });
});

function randomUuid(): string {
  return '6f1c2b1e-8a4d-4c1b-9d2e-3f4a5b6c7d8e';
}
