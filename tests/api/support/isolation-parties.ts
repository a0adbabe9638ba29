import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { DEMO_API_KEYS } from '@portal/service-auth';
import { waitForMail } from '../../support/smtp';
import type { ApiTarget, loginAs } from './target';

/**
 * The parties of the isolation test (isolation.test.ts) and their objects: DEMO-A (1) and DEMO-B
 * (2) own orders, documents, stock lines, movements and items, fed as the warehouse system feeds
 * them; alice (both depositors) owns a private search profile, a dashboard profile and a tile, a mailed export, an order-import
 * simulation and an alert. DEMO-A's
 * objects come in two groups: aIn (activity ECOM, store MAG-MLV1) and aOut (activity B2B, store
 * MAG-LYS1), for users limited to an activity or a store.
 */

const run = randomBytes(3).toString('hex').toUpperCase();
/** Strings only one group of objects holds: seeing one in an answer is seeing that group. */
export const MARK = { aIn: `IX${run}`, aOut: `IY${run}`, b: `IZ${run}`, user: `IU${run}` } as const;
export type Group = keyof typeof MARK;
type PlacedGroup = Exclude<Group, 'user'>;
const PLACED: readonly PlacedGroup[] = ['aIn', 'aOut', 'b'];

export type ObjectKind =
  | 'order'
  | 'document'
  | 'stockLine'
  | 'movement'
  | 'item'
  | 'shipment'
  | 'address'
  | 'loopOrder'
  | 'claim'
  | 'claimAttachment'
  | 'profile'
  | 'tile'
  | 'dashboardProfile'
  | 'export'
  | 'importSimulation'
  | 'alert'
  | 'depositor'
  | 'feverZone'
  | 'feverPlan'
  | 'feverProbe'
  | 'user';
export type Ids = Record<ObjectKind, string[]>;
export const emptyIds = (): Ids => ({
  order: [],
  document: [],
  stockLine: [],
  movement: [],
  item: [],
  shipment: [],
  address: [],
  loopOrder: [],
  claim: [],
  claimAttachment: [],
  profile: [],
  tile: [],
  dashboardProfile: [],
  export: [],
  importSimulation: [],
  alert: [],
  depositor: [],
  feverZone: [],
  feverPlan: [],
  feverProbe: [],
  user: [],
});

export const DEPOSITOR_CODES: Record<number, string> = { 1: 'DEMO-A', 2: 'DEMO-B', 3: 'DEMO-C' };
export const hourAgo = (): string => new Date(Date.now() - 3_600_000).toISOString();
/** A 1x1 PNG (a depositor's logo). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Where each group lives: depositor, activity and store (orders, stock, movements), platform of its orders. */
const PLACES: Record<PlacedGroup, { depositorId: number; activity: string; store: string; orderPlatform: number }> = {
  aIn: { depositorId: 1, activity: 'ECOM', store: 'MAG-MLV1', orderPlatform: 8 },
  aOut: { depositorId: 1, activity: 'B2B', store: 'MAG-LYS1', orderPlatform: 1 },
  b: { depositorId: 2, activity: 'B2B', store: 'FROID-2-8', orderPlatform: 12 },
};
/** Stock snapshots go to platforms the demo data leaves alone, so that neither replaces the other. */
const SNAPSHOT_PLATFORM: Record<number, number> = { 1: 5, 2: 14 };
/**
 * Enough more aOut orders for an export to go to the background (past EXPORT_SYNC_MAX_ROWS, 5,000):
 * alice's mailed export. Fed in batches that stay well under the bus's message size (NATS: 1 MB).
 */
const BULK_ORDERS = 5001;
const FEED_BATCH = 500;

export type Client = Awaited<ReturnType<typeof loginAs>>;
export interface Answer {
  status: number;
  key?: string;
  /** JSON answers parsed, others as latin1 text (CSV, PDF, ZIP entries' names included). */
  body: unknown;
}

export const q = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

/** Any call as a signed-in user, whatever the answer's type. */
export async function callAs(target: ApiTarget, client: Client, method: string, path: string, body?: unknown): Promise<Answer> {
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const req = request(target.url)[verb](path).set('Authorization', `Bearer ${client.token}`);
  const res = await (body === undefined ? req : req.send(body as object)).buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const bytes = res.body as Buffer;
  const json = /json/.test(String(res.headers['content-type'] ?? ''));
  const parsed: unknown = json && bytes.length ? JSON.parse(bytes.toString('utf8')) : bytes.toString('latin1');
  const key = json ? (parsed as { error?: { key?: string } })?.error?.key : undefined;
  return { status: res.status, key, body: parsed };
}

/** The id in a mailed export link (`…/exports/<id>`). */
export const EXPORT_LINK = /\/exports\/([0-9a-f-]{36})/;

export class Parties {
  /** Ids of each group's objects, read as the administrator once fed. */
  readonly ids: Record<Group, Ids> = { aIn: emptyIds(), aOut: emptyIds(), b: emptyIds(), user: emptyIds() };

  constructor(
    private readonly target: ApiTarget,
    private readonly admin: Client,
    private readonly alice: Client,
  ) {}

  async setUp(): Promise<void> {
    await this.demoDataLoaded();
    await this.feed();
    await this.collectIds();
    await this.hubyObjects();
    await this.claims();
    await this.feverObjects();
    await this.aliceObjects();
    await this.logos();
  }

  /** Each depositor's logo, set by the administrator: the walk must leave it as it is. */
  private async logos(): Promise<void> {
    for (const id of [1, 2]) {
      await request(this.target.url)
        .post(`/api/admin/depositors/${id}/logo`)
        .set({ Authorization: `Bearer ${this.admin.token}`, 'Content-Type': 'application/octet-stream' })
        .send(PNG)
        .expect(201);
    }
  }

  /** What the owners see of every object: compared before and after the walk. */
  async ownersView(): Promise<Record<string, unknown>> {
    const view: Record<string, unknown> = {};
    const read = async (client: Client, path: string) => {
      const answer = await callAs(this.target, client, 'GET', path);
      const file = answer.status === 200 && typeof answer.body === 'string';
      view[path] = file
        ? createHash('sha256')
            .update(answer.body as string)
            .digest('hex')
        : answer;
    };
    for (const g of PLACED) {
      for (const id of this.ids[g].order) await read(this.admin, `/api/orders/${id}`);
      for (const id of this.ids[g].stockLine) await read(this.admin, `/api/stock/${id}`);
      for (const id of this.ids[g].movement) await read(this.admin, `/api/movements/${id}`);
      for (const id of this.ids[g].item) await read(this.admin, `/api/items/${id}`);
      for (const id of this.ids[g].shipment) await read(this.admin, `/api/dashtower/orders/${id}`);
      for (const id of this.ids[g].address) await read(this.admin, `/api/dashtower/addresses/${id}`);
      for (const id of this.ids[g].loopOrder) await read(this.admin, `/api/dashtower/loop-orders/${id}`);
      for (const id of this.ids[g].claim) await read(this.admin, `/api/claims/${id}`);
      for (const id of this.ids[g].depositor) await read(this.admin, `/api/depositors/${id}/logo`);
      for (const id of this.ids[g].feverPlan) await read(this.admin, `/api/fever/plans/${id}`);
      for (const id of this.ids[g].feverProbe) await read(this.admin, `/api/fever/probes/${id}`);
    }
    const own = [
      '/api/tracking-profiles',
      '/api/dashboard/list',
      '/api/dashboard/profiles',
      `/api/user/${this.alice.user.uuid}/filters`,
      '/api/user/me',
    ];
    const simulation = `/api/dashtower/import/simulations/${this.ids.user.importSimulation[0]}`;
    const alert = `/api/alerts/${this.ids.user.alert[0]}`;
    for (const path of [...own, `/api/exports/${this.ids.user.export[0]}`, simulation, `${simulation}/lines`, alert])
      await read(this.alice, path);
    // When the alert last mailed and will next mail is its delivery's state, moved by the demo's own events, not by a caller.
    const sent = view[alert] as { body?: Record<string, unknown> } | undefined;
    if (sent?.body && typeof sent.body === 'object') {
      const { lastSentAt: _last, nextSlotAt: _next, ...owned } = sent.body;
      view[alert] = { ...sent, body: owned };
    }
    return view;
  }

  /**
   * All-in-one, the demo orders and stock load in the background after the start, with ids of
   * their own: the feed waits for them (the distributed deployment loads none).
   */
  private async demoDataLoaded(): Promise<void> {
    if (this.target.deployment) return;
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const [items, movements] = await Promise.all([
        this.admin.get(`/api/items?range=${q([0, 0])}`),
        this.admin.get(`/api/movements?range=${q([0, 0])}`),
      ]);
      if (items.body.length && movements.body.length) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the demo data did not load within 60 s');
  }

  private warehouse(path: string) {
    return request(this.target.url).post(`/api/feed/${path}`).set('X-Api-Key', DEMO_API_KEYS.warehouse);
  }

  private async feed(): Promise<void> {
    const orders = PLACED.flatMap((g) => [order(g, 1), order(g, 2)]);
    expect((await this.warehouse('tracking/orders/bulk').send({ orders }).expect(200)).body).toMatchObject({ applied: 6, rejected: [] });
    const bulk = Array.from({ length: BULK_ORDERS }, (_, i) => order('aOut', 100 + i, dayAgo(i)));
    for (let i = 0; i < bulk.length; i += FEED_BATCH) {
      const batch = bulk.slice(i, i + FEED_BATCH);
      const fed = await this.warehouse('tracking/orders/bulk').send({ orders: batch }).expect(200);
      expect(fed.body).toMatchObject({ applied: batch.length, rejected: [] });
    }
    for (const depositorId of [1, 2]) {
      const lines = depositorId === 1 ? [stockLine('aIn', 1), stockLine('aOut', 1), stockLine('aOut', 2)] : [stockLine('b', 1)];
      const snapshot = await this.warehouse('stock/snapshot')
        .send({ depositorId, platformId: SNAPSHOT_PLATFORM[depositorId], lines })
        .expect(200);
      expect(snapshot.body.refused).toEqual([]);
    }
    const movements = PLACED.map((g) => ({
      id: `MV-${MARK[g]}`,
      depositorId: PLACES[g].depositorId,
      platformId: SNAPSHOT_PLATFORM[PLACES[g].depositorId],
      reference: `${MARK[g]}-00001`,
      movedAt: hourAgo(),
      type: 'entry',
      quantity: 10,
      lot: `LOT${MARK[g]}`,
      storeCode: PLACES[g].store,
    }));
    expect((await this.warehouse('stock/movements').send({ movements }).expect(200)).body.refused).toEqual([]);
    const items = (['aIn', 'b'] as const).map((g) => ({
      depositorId: PLACES[g].depositorId,
      reference: `${MARK[g]}-ITEM`,
      label: `Fiche ${MARK[g]}`,
    }));
    expect((await this.warehouse('stock/items').send({ items }).expect(200)).body.refused).toEqual([]);
  }

  /** The ids of what was fed, read as the administrator (who sees everything); one document uploaded per group. */
  private async collectIds(): Promise<void> {
    const idsOf = async (path: string) => ((await this.admin.get(path).expect(200)).body as { id: number }[]).map((r) => String(r.id));
    for (const g of PLACED) {
      const ids = this.ids[g];
      // The two newest: aOut's bulk orders are older.
      ids.order = await idsOf(`/api/orders?filter=${q({ q: MARK[g] })}&range=${q([0, 1])}`);
      const upload = { type: 'INVOICE', name: `${MARK[g]}-facture.pdf`, contentBase64: PDF.toString('base64') };
      ids.document = [String((await this.admin.post(`/api/orders/${ids.order[0]}/documents`, upload).expect(201)).body.id)];
      ids.stockLine = await idsOf(`/api/stock?filter=${q({ reference: MARK[g] })}&range=${q([0, 1])}`);
      ids.movement = await idsOf(`/api/movements?filter=${q({ reference: `${MARK[g]}-00001` })}`);
      // The depositor itself (its logo): DEMO-A once, in aIn (aOut is DEMO-A too, never foreign to a DEMO-A user).
      ids.depositor = g === 'aOut' ? [] : [String(PLACES[g].depositorId)];
      ids.item = await idsOf(`/api/items?filter=${q({ reference: MARK[g] })}`);
      expect([g, ids.order.length, ids.stockLine.length, ids.movement.length]).toEqual([g, 2, g === 'aOut' ? 2 : 1, 1]);
    }
  }

  /**
   * Huby objects (they have no activity or store: DEMO-A's are in aIn only, like items): a shipper
   * and a recipient address, a draft shipment and a Loop order draft per depositor, created as the administrator.
   */
  private async hubyObjects(): Promise<void> {
    for (const g of ['aIn', 'b'] as const) {
      const depositor_id = g === 'b' ? 2 : 1;
      const address = async (book: string, name: string) =>
        String(
          (
            await this.admin
              .post('/api/dashtower/addresses', {
                book,
                depositor_id,
                company_name: `${name} ${MARK[g]}`,
                address1: '3 place Bellecour',
                zip: '69002',
                town: 'LYON',
                country: 'FR',
                customer_code: `${MARK[g]}-${book.toUpperCase()}`,
              })
              .expect(201)
          ).body.uuid,
        );
      const shipper = await address('shipper', 'Expéditeur');
      const recipient = await address('recipient', 'Client');
      const shipment = await this.admin
        .post('/api/dashtower/orders', {
          depositor_id,
          reference: `${MARK[g]}-HUB`,
          uuid_address_shipper: shipper,
          uuid_address_recipient: recipient,
          tour_code: 'COLIS-J1',
          packings: [{ weight_kg: 2, packages: 1 }],
        })
        .expect(201);
      // A Loop order draft on the platform where the group's stock was fed, marked by its customer reference.
      const loopOrder = await this.admin
        .post('/api/dashtower/loop-orders', {
          depositor_id,
          platform_id: SNAPSHOT_PLATFORM[depositor_id],
          customer_reference: `${MARK[g]}-LOOP`,
          uuid_address_recipient: recipient,
        })
        .expect(201);
      this.ids[g].address = [shipper, recipient];
      this.ids[g].shipment = [String(shipment.body.uuid)];
      this.ids[g].loopOrder = [String(loopOrder.body.uuid)];
    }
  }

  /** A claim per group on its newest order (scoped like it: depositor, activity, store), with a PDF attachment, created as the administrator. */
  private async claims(): Promise<void> {
    for (const g of PLACED) {
      const order = (await this.admin.get(`/api/orders/${this.ids[g].order[0]}`).expect(200)).body as { id: number; reference: string };
      const claim = await this.admin
        .post('/api/claims', { number: order.reference, order_id: order.id, customer_claim_number: `${MARK[g]}-LIT` })
        .expect(201);
      const attachment = await request(this.target.url)
        .post(`/api/claims/${claim.body.uuid}/attachments?type=invoice&name=${MARK[g]}.pdf`)
        .set({ Authorization: `Bearer ${this.admin.token}`, 'Content-Type': 'application/octet-stream' })
        .send(PDF)
        .expect(201);
      this.ids[g].claim = [String(claim.body.uuid)];
      this.ids[g].claimAttachment = [String(attachment.body.id)];
    }
  }

  /**
   * Fever objects per depositor (they have no activity or store: DEMO-A's are in aIn only, like Huby's):
   * a zone, a plan and a probe placed on it, created as the administrator (ADMIN_SONDE's rights).
   */
  private async feverObjects(): Promise<void> {
    for (const [i, g] of (['aIn', 'b'] as const).entries()) {
      const [depositorId, platformId] = g === 'b' ? [2, 12] : [1, 8];
      const zone = await this.admin
        .post('/api/fever/zones', { depositorId, platformId, code: `Z${MARK[g]}`, label: `Zone ${MARK[g]}`, maxTemperature: 8 })
        .expect(201);
      const plan = await this.admin.post('/api/fever/plans', { depositorId, platformId, name: `Plan ${MARK[g]}` }).expect(201);
      const mac = `02:${run.slice(0, 2)}:${run.slice(2, 4)}:${run.slice(4, 6)}:0${i}:01`;
      const probe = await this.admin.post('/api/fever/probes', { mac, label: `Sonde ${MARK[g]}`, zoneId: zone.body.id }).expect(201);
      await this.admin.put(`/api/fever/probes/${probe.body.id}/place`, { planId: plan.body.id, x: 0.5, y: 0.5 }).expect(200);
      this.ids[g].feverZone = [String(zone.body.id)];
      this.ids[g].feverPlan = [String(plan.body.id)];
      this.ids[g].feverProbe = [String(probe.body.id)];
    }
  }

  /**
   * alice's own objects: a private search profile, a tile, a mailed export (of aOut's orders), an import simulation of the sample,
   * an alert naming both her depositors (another user of either depositor must not reach it).
   */
  private async aliceObjects(): Promise<void> {
    const profile = await this.alice
      .post('/api/tracking-profiles', { name: `${MARK.user} profil`, filter: { q: MARK.b }, shared: false })
      .expect(201);
    const dashboardProfile = await this.alice.post('/api/dashboard/profiles', { name: `${MARK.user} tableau` }).expect(201);
    const tile = await this.alice.post('/api/dashboard/create', { id_object: 'pgt', config: { title: `${MARK.user} tuile` } }).expect(201);
    const since = Date.now();
    await this.alice.get(`/api/orders/export?format=csv&filter=${q({ q: MARK.aOut })}`).expect(202);
    const mail = await waitForMail(this.target.mailbox, 'alice.martin@demo-a.example', {
      since,
      match: (m) => EXPORT_LINK.test(m.text),
      timeoutMs: 60_000,
    });
    const sample = (await this.alice.get('/api/dashtower/import/sample/csv').expect(200)).text;
    const upload = await request(this.target.url)
      .post('/api/dashtower/import/simulations?name=walk.csv')
      .set({ Authorization: `Bearer ${this.alice.token}`, 'Content-Type': 'text/csv' })
      .send(sample)
      .expect((res) => expect([200, 201, 202]).toContain(res.status));
    const simulation = String(upload.body.id);
    // Simulated before the walk, so that the owner's view does not change under it.
    for (let i = 0; i < 200 && (await this.alice.get(`/api/dashtower/import/simulations/${simulation}`)).body.state === 'reading'; i++)
      await new Promise((r) => setTimeout(r, 50));
    const alert = await this.alice
      .post('/api/alerts', {
        kind: 'VIP',
        title: `${MARK.user} alerte`,
        depositorIds: [1, 2],
        statuses: [100],
        recipients: [{ name: 'Service client', email: 'sc@demo-a.example' }],
      })
      .expect(201);
    this.ids.user = {
      ...emptyIds(),
      alert: [String(alert.body.id)],
      profile: [String(profile.body.id)],
      tile: [tile.body.uuid],
      dashboardProfile: [String(dashboardProfile.body.id)],
      export: [EXPORT_LINK.exec(mail.text)![1]],
      importSimulation: [simulation],
      user: [this.alice.user.uuid],
    };
    expect((await this.alice.get(`/api/exports/${this.ids.user.export[0]}`).expect(200)).text).toContain(MARK.aOut);
  }
}

function order(group: PlacedGroup, n: number, createdAt = new Date(Date.now() - (10 - n) * 3_600_000)) {
  const place = PLACES[group];
  return {
    reference: `${MARK[group]}${n}`,
    depositorId: place.depositorId,
    depositorCode: DEPOSITOR_CODES[place.depositorId],
    platformId: place.orderPlatform,
    activityCode: place.activity,
    storeCode: place.store,
    customerReference: `PO-${MARK[group]}-${n}`,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: `Client ${MARK[group]}`, name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
    createdAt: createdAt.toISOString(),
    dates: { shippedAt: new Date(createdAt.getTime() + 600_000).toISOString() },
    lines: [{ reference: `ART-${MARK[group]}`, label: 'Lecteur', quantityOrdered: 1, quantitySent: 1, serials: [`SN${MARK[group]}${n}`] }],
    parcels: [{ trackingNumber: `GLS${MARK[group]}${n}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
    statuses: [
      { status: 0, at: createdAt.toISOString() },
      { status: 90, at: new Date(createdAt.getTime() + 600_000).toISOString() },
    ],
  };
}

/** A day ago, minus `n` seconds: older than the groups' own orders. */
function dayAgo(n: number): Date {
  return new Date(Date.now() - 86_400_000 - n * 1000);
}

function stockLine(group: PlacedGroup, n: number) {
  return {
    reference: `${MARK[group]}-${String(n).padStart(5, '0')}`,
    label: `Article ${MARK[group]}`,
    lot: `LOT${MARK[group]}`,
    quantityInStock: 10,
    quantityAvailable: 10,
    storeCode: PLACES[group].store,
  };
}
