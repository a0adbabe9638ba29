import request from 'supertest';
import { Role, type AlertDto, type AlertMailDto, type AlertTestSendResult, type OrderDetailDto } from '@portal/contracts';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { waitForMail, type ReceivedMail } from '../support/smtp';
import { asBytes, loginAs, startTarget, type ApiTarget } from './support/target';
import { addUser } from './support/users';

/** The attachments of a raw MIME mail: file name and bytes (base64 parts, as nodemailer writes them). */
function attachmentsOf(raw: string): { filename: string; bytes: Buffer }[] {
  const found: { filename: string; bytes: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (!filename || !/content-transfer-encoding:\s*base64/i.test(headers)) continue;
    const body = part.slice(split).split(/\r?\n--/)[0];
    found.push({ filename, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

/** The Subject header of a raw mail, unfolded and its RFC 2047 words decoded (accents are encoded). */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A small real PDF (tracking checks the bytes, not the name). */
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/**
 * Alert mails through the whole portal (all-in-one, and distributed on NATS), read from a real SMTP
 * server: an order's status change fed by the warehouse reaches tracking, its durable event the
 * alerts service, whose mails leave by SMTP with their recipients, their custom subject filled and,
 * for My DOC, the order's documents as tracking stores them.
 */
describe('alert mails by SMTP', () => {
  let target: ApiTarget;
  let premium: Awaited<ReturnType<typeof loginAs>>;
  const run = Date.now().toString(36).toUpperCase();
  const reference = `DL${run}`;
  const packingList = pdf(`packing list ${run}`);
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  const order = (statuses: { status: number; at: string }[]) => ({
    reference,
    orderReference: `CMD-${run}`,
    customerReference: `CLI-${run}`,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    activityCode: 'ECOM',
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: {
      company: 'Pharmacie du Parc',
      name: 'Camille Roux',
      email: `camille.${run.toLowerCase()}@client.example`,
      zip: '69003',
      town: 'Lyon',
      country: 'FR',
      customerCode: 'CDUPONT',
    },
    createdAt,
    lines: [{ reference: 'ART-DL-1', label: 'Sérum', quantityOrdered: 1, quantitySent: 1 }],
    documents: [{ type: 'PACKING_LIST', name: `colisage-${run}.pdf`, contentBase64: packingList.toString('base64') }],
    statuses,
  });
  const feed = (statuses: { status: number; at: string }[]) =>
    request(target.url)
      .post('/api/feed/tracking/orders/bulk')
      .set('X-Api-Key', DEMO_API_KEYS.warehouse)
      .send({ orders: [order(statuses)] })
      .expect(200);
  const history = async (id: number) => (await premium.get(`/api/alerts/${id}/mails`).expect(200)).body as AlertMailDto[];
  /** An alert's mail history once every mail of it has left. */
  const sentHistory = async (id: number) => {
    let mails = await history(id);
    for (let i = 0; i < 50 && mails.some((m) => !m.sentAt); i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await history(id);
    }
    return mails;
  };
  const mailTo = (to: string, since: number, match?: (m: ReceivedMail) => boolean) =>
    waitForMail(target.mailbox, to, { since, match, timeoutMs: 30000 });

  beforeAll(async () => {
    target = await startTarget({ shared: true });
    await addUser(target, {
      login: 'alerts-mailer',
      roles: [Role.ALERT_USER, Role.USER_VIP_PREMIUM, Role.USER_CUSTOM_ALERT_SUBJECT, Role.PGT_USER, Role.TRACERROUTE_USER],
      depositorIds: [1],
    });
    premium = await loginAs(target, 'alerts-mailer');
  }, 90000);
  afterAll(() => target?.close());

  it('mails a status change to the recipients, the owner and the final recipient, and My DOC with the real documents', async () => {
    const vip = (
      await premium
        .post('/api/alerts', {
          kind: 'VIP',
          title: `Expédiées ${run}`,
          depositorIds: [1],
          statuses: [90],
          customerCodes: 'CDUP*',
          referencePrefix: reference,
          recipients: [{ name: 'Service client', email: `sc.${run.toLowerCase()}@demo-a.example` }],
          copyToSelf: true,
          informFinalRecipient: true,
          subject: '{alertName} – {deliveryNoteReference} / {customerOrderReference} / {depositorLabel}',
        })
        .expect(201)
    ).body as AlertDto;
    const doc = (
      await premium
        .post('/api/alerts', {
          kind: 'DOC',
          title: `Colisages ${run}`,
          depositorIds: [1],
          statuses: [90],
          documentTypes: ['PACKING_LIST'],
          referencePrefix: reference,
          recipients: [{ name: 'Compta', email: `doc.${run.toLowerCase()}@demo-a.example` }],
        })
        .expect(201)
    ).body as AlertDto;
    // A saved alert takes effect within a second (the immediate consumer reads the alerts once a second).
    await new Promise((r) => setTimeout(r, 1200));
    await feed([{ status: 0, at: createdAt }]);
    const since = Date.now();
    await feed([
      { status: 0, at: createdAt },
      { status: 90, at: new Date().toISOString() },
    ]);

    const staff = await mailTo(`sc.${run.toLowerCase()}@demo-a.example`, since);
    expect(subjectOf(staff.raw)).toBe(`Expédiées ${run} – ${reference} / CLI-${run} / Maison Lumière Cosmétiques`);
    expect(staff.text).toContain(reference);
    const own = await mailTo('alerts-mailer@test.example', since);
    expect(subjectOf(own.raw)).toBe(subjectOf(staff.raw));
    const final = await mailTo(`camille.${run.toLowerCase()}@client.example`, since);
    expect(subjectOf(final.raw)).toBe(`Votre livraison ${reference}`);
    expect(final.text).not.toContain(`Expédiées ${run}`);

    const docMail = await mailTo(`doc.${run.toLowerCase()}@demo-a.example`, since);
    const attached = attachmentsOf(docMail.raw);
    expect(attached.map((a) => a.filename)).toEqual([`colisage-${run}.pdf`]);
    // The very bytes tracking serves for that document.
    const found = await premium.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`).expect(200);
    const detail = (await premium.get(`/api/orders/${found.body[0].id}`).expect(200)).body as OrderDetailDto;
    const stored = detail.documents.find((d) => d.type === 'PACKING_LIST')!;
    const file = await premium.get(`/api/orders/${detail.id}/documents/${stored.id}/file`).buffer(true).parse(asBytes).expect(200);
    expect(Buffer.compare(attached[0].bytes, file.body as Buffer)).toBe(0);
    expect(Buffer.compare(attached[0].bytes, packingList)).toBe(0);

    // Each once: the history shows them sent.
    const mails = await sentHistory(vip.id);
    expect(mails.map((m) => m.to).sort()).toEqual(
      ['alerts-mailer@test.example', `camille.${run.toLowerCase()}@client.example`, `sc.${run.toLowerCase()}@demo-a.example`].sort(),
    );
    expect(mails.every((m) => m.sentAt && m.attempts === 1 && m.orders === 1)).toBe(true);
    expect((await history(doc.id)).map((m) => [m.to, m.attachments])).toEqual([[`doc.${run.toLowerCase()}@demo-a.example`, 1]]);
  });

  it('mails a Tracer Route event entered by hand to the alerts that follow its type, without its private note', async () => {
    const alert = (
      await premium
        .post('/api/alerts', {
          kind: 'VIP',
          title: `Anomalies ${run}`,
          depositorIds: [1],
          events: ['DELIVERY_ANOMALY'],
          referencePrefix: reference,
          recipients: [{ name: 'Litiges', email: `litiges.${run.toLowerCase()}@demo-a.example` }],
        })
        .expect(201)
    ).body as AlertDto;
    await new Promise((r) => setTimeout(r, 1200));
    const found = await premium.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`).expect(200);
    const id = found.body[0].id as number;
    const since = Date.now();
    // Another type first: the alert does not follow it.
    await premium.post(`/api/tracerroute/${id}/events`, { type: 'ORDER_INFO', publicNote: 'Info' }).expect(201);
    await premium
      .post(`/api/tracerroute/${id}/events`, {
        type: 'DELIVERY_ANOMALY',
        carrierName: 'GLS',
        publicNote: `Colis endommagé ${run}`,
        privateNote: `Note interne ${run}`,
      })
      .expect(201);
    const mail = await mailTo(`litiges.${run.toLowerCase()}@demo-a.example`, since);
    expect(mail.text).toContain(reference);
    expect(mail.raw).not.toContain(`Note interne ${run}`);
    const mails = await sentHistory(alert.id);
    // One mail: the ORDER_INFO event mailed nobody.
    expect(mails.map((m) => m.to)).toEqual([`litiges.${run.toLowerCase()}@demo-a.example`]);
  });

  it('test-sends to the caller alone by the same path', async () => {
    const alert = (
      await premium
        .post('/api/alerts', {
          kind: 'VIP',
          title: `Essai ${run}`,
          depositorIds: [1],
          statuses: [100],
          recipients: [{ name: 'Personne', email: `nobody.${run.toLowerCase()}@demo-a.example` }],
        })
        .expect(201)
    ).body as AlertDto;
    const since = Date.now();
    const sent = (await premium.post(`/api/alerts/${alert.id}/test-send`, { toSelfOnly: true }).expect(200)).body as AlertTestSendResult;
    expect(sent.recipients).toEqual(['alerts-mailer@test.example']);
    const mail = await mailTo('alerts-mailer@test.example', since, (m) => subjectOf(m.raw).includes(`Essai ${run}`));
    expect(subjectOf(mail.raw)).toBe(`[Mon VIP] Essai ${run}`);
    expect(target.mailbox.some((m) => m.to.includes(`nobody.${run.toLowerCase()}@demo-a.example`))).toBe(false);
  });
});
