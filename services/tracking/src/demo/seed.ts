import { Logger } from '@nestjs/common';
import { TrackingStatus } from '@portal/contracts';
import type { Db } from '@portal/db';
import { DEMO_STORE_CODES, demoCatalogue, demoOrders, type DemoOrder } from '@portal/demo';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { tracerStatusOf } from '../common/tracer-status';
import { DEMO_CARRIER_SECRETS, setCarrierSecret } from './carrier-secrets';
import { seedDemoCarriers } from './carriers';
import { podSignaturePng } from './pod-image';
import { demoTimeline } from './timeline';

const CODES: Record<number, string> = { 1: 'DEMO-A', 2: 'DEMO-B', 3: 'DEMO-C' };
const SENDERS: Record<number, object> = {
  1: { company: 'Entrepôt Lyon Saint-Priest', address1: '12 rue du Dauphiné', zip: '69800', town: 'SAINT-PRIEST', country: 'FR' },
  2: { company: 'Plateforme Roissy Cargo', address1: '3 rue du Té', zip: '95700', town: 'ROISSY-EN-FRANCE', country: 'FR' },
  3: { company: 'Entrepôt Orléans Saran', address1: '250 rue de la Ferté', zip: '45770', town: 'SARAN', country: 'FR' },
};
const BATCH = 5000;
/** PODs rendered as PNG files for this many delivered orders per depositor (the others have no POD). */
const POD_SAMPLE = 30;

/**
 * Demo orders of the tracker from the shared generator (libs/demo): `100,000 × scale` orders over 18
 * months with status timelines, parcels, serials, carrier events and a delivery note each (rendered
 * as a PDF on first download), plus PNG PODs for a sample. Idempotent: does nothing when orders exist.
 * Also the benchmark's generator (scale 10 = 1,000,000 orders).
 */
export async function seedTrackingDemo(
  db: Db,
  options: { scale: number; now: Date },
  files: FileStorage = new LocalFileStorage(),
): Promise<{ orders: number; ms: number }> {
  const started = Date.now();
  for (const [carrier, secret] of Object.entries(DEMO_CARRIER_SECRETS)) await setCarrierSecret(db, carrier, secret);
  await seedDemoCarriers(db);
  // Huby's labelled shipments may come first (they are tracking orders too): they are not the demo's.
  const [{ any }] = await db.system.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM orders WHERE sender->>'hubyUuid' IS NULL) AS any`,
  );
  if (any) return { orders: 0, ms: Date.now() - started };
  const count = Math.round(100_000 * options.scale);
  const pods = new Map<number, number>();
  let total = 0;
  await withoutSecondaryIndexes(db, async () => {
    let batch: DemoOrder[] = [];
    for (const order of demoOrders(demoCatalogue(), { count, now: options.now, months: 18 })) {
      batch.push(order);
      if (batch.length === BATCH) {
        total += await insertBatch(db, batch, options.now, files, pods);
        batch = [];
      }
    }
    if (batch.length) total += await insertBatch(db, batch, options.now, files, pods);
  });
  // VACUUM too: a bulk load leaves the visibility map unset, and the reference search's index-only
  // scans would read the table for every match until autovacuum came by.
  await db.system.query(`VACUUM (ANALYZE)`);
  const ms = Date.now() - started;
  new Logger('TrackingDemo').log(`${total} demo orders in ${(ms / 1000).toFixed(1)} s`);
  return { orders: total, ms };
}

async function insertBatch(db: Db, batch: DemoOrder[], now: Date, files: FileStorage, pods: Map<number, number>): Promise<number> {
  const orders: object[] = [];
  const lines: object[] = [];
  const serials: [number, number, number, string][] = [];
  const parcels: object[] = [];
  const history: [number, number, number, string][] = [];
  const events: object[] = [];
  const documents: object[] = [];
  // Ids from the sequence, not the demo's numbers: orders that arrive during the load (Huby's) take theirs too.
  const ids = await db.system.query<{ id: string }>(
    `SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id FROM generate_series(1, $1)`,
    [batch.length],
  );
  const idOf = new Map(batch.map((o, i) => [o.n, Number(ids[i].id)]));
  for (const o of batch) {
    const id = idOf.get(o.n)!;
    const timeline = demoTimeline(o, now);
    const status = timeline[timeline.length - 1][0];
    const at = (s: number) => timeline.find(([code]) => code === s)?.[1]?.toISOString() ?? null;
    const weight = o.lines.reduce((w, l) => w + l.quantitySent * 0.4, 0);
    orders.push({
      id,
      depositor_id: o.depositorId,
      depositor_code: CODES[o.depositorId] ?? `DEP-${o.depositorId}`,
      platform_id: o.platformId,
      activity_code: o.activityCode,
      store_code: DEMO_STORE_CODES[o.lines[0]?.storeId] ?? null,
      reference: o.reference,
      customer_reference: o.customerReference,
      order_reference: `BL${o.reference.slice(3)}`,
      slip_number: o.carrier.kind === 'parcel' ? null : `GRP${o.depositorId}${o.createdAt.toISOString().slice(2, 10).replace(/-/g, '')}`,
      tour_code: `T-${o.carrier.code}`,
      carrier_code: o.carrier.code,
      carrier_name: o.carrier.name,
      weight_kg: Math.round(weight * 1000) / 1000,
      provisional_weight_kg: Math.round(weight * 1.1 * 1000) / 1000,
      parcel_count: o.trackingNumbers.length,
      sender: SENDERS[o.depositorId] ?? null,
      recipient_company: o.recipient.company,
      recipient_name: o.recipient.name,
      recipient_address1: o.recipient.address1,
      zip: o.recipient.zip,
      town: o.recipient.town,
      country: o.recipient.country,
      recipient_phone: o.recipient.phone,
      recipient_email: o.recipient.email,
      customer_code: `C${o.recipient.company
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 6)
        .toUpperCase()}`,
      insurance_amount: o.depositorId === 3 ? 500 : null,
      customs_status: o.recipient.country === 'FR' ? 'NOT_NEEDED' : o.shippedAt ? 'BAE_OBTAINED' : 'WAITING',
      packaging: JSON.stringify([
        { type: o.carrier.kind === 'parcel' ? 'CARTON' : 'PALETTE', count: Math.max(o.trackingNumbers.length, 1) },
      ]),
      tracking_numbers: o.trackingNumbers,
      status,
      tracer_status: tracerStatusOf(status, o.trackingNumbers.length > 0),
      created_at: o.createdAt.toISOString(),
      received_at: at(TrackingStatus.ReceivedAtPlatform),
      packed_at: at(TrackingStatus.Packing),
      shipping_validated_at: at(TrackingStatus.ReadyToShip),
      shipped_at: o.shippedAt?.toISOString() ?? null,
      promised_shipping_at: new Date(o.createdAt.getTime() + 86_400_000).toISOString(),
      promised_delivery_at: o.promisedDeliveryAt.toISOString(),
      delivered_at: o.deliveredAt?.toISOString() ?? null,
      preparation_ended_at: at(TrackingStatus.PreparationEnded),
      canceled_at: at(TrackingStatus.Canceled),
    });
    o.lines.forEach((l, i) => {
      lines.push({
        order_id: id,
        line_no: i + 1,
        depositor_id: o.depositorId,
        article_reference: l.reference,
        label: l.label,
        quantity_ordered: l.quantityOrdered,
        quantity_sent: l.quantitySent,
        lot: l.lot,
        best_before: l.bestBefore,
      });
      for (const s of l.serials) serials.push([id, i + 1, o.depositorId, s]);
    });
    o.trackingNumbers.forEach((t, i) =>
      parcels.push({
        order_id: id,
        number: i + 1,
        depositor_id: o.depositorId,
        tracking_number: t,
        status,
        weight_kg: Math.round((weight / o.trackingNumbers.length) * 1000) / 1000,
        packaging: 'CARTON',
      }),
    );
    for (const [s, when] of timeline) history.push([id, o.depositorId, s, when.toISOString()]);
    events.push(...carrierEvents(o, id, timeline));
    if (o.shippedAt)
      documents.push({ order_id: id, depositor_id: o.depositorId, type: 'DELIVERY_NOTE', name: `BL-${o.reference}.pdf`, source: 'feed' });
    if (o.outcome === 'delivered' && o.deliveredAt && (pods.get(o.depositorId) ?? 0) < POD_SAMPLE) {
      pods.set(o.depositorId, (pods.get(o.depositorId) ?? 0) + 1);
      const stored = await files.put(await podSignaturePng(o.recipient.name, o.deliveredAt, o.n), {
        folder: 'tracking/pods',
        maxBytes: 1_000_000,
        accept: ['image/png'],
      });
      documents.push({
        order_id: id,
        depositor_id: o.depositorId,
        type: 'POD',
        name: `POD-${o.reference}.png`,
        source: 'feed',
        storage_key: stored.key,
        content_type: stored.contentType,
        size: stored.size,
      });
    }
  }
  await db.system.transaction(async (em) => {
    // Rows are consistent by construction: skip the per-row foreign key checks when allowed (superuser).
    // Demo rows only: this transaction's commit may be acknowledged before it is on disk (nothing else is).
    await em.query(`SET LOCAL synchronous_commit = off`);
    const [me]: { su: boolean }[] = await em.query(`SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user`);
    if (me?.su) await em.query(`SET LOCAL session_replication_role = replica`);
    await em.query(
      `INSERT INTO orders (id, depositor_id, depositor_code, platform_id, activity_code, store_code, reference, customer_reference, order_reference, slip_number,
         tour_code, carrier_code, carrier_name, weight_kg, provisional_weight_kg, parcel_count, sender, recipient_company, recipient_name,
         recipient_address1, zip, town, country, recipient_phone, recipient_email, customer_code, insurance_amount, customs_status, packaging,
         tracking_numbers, status, tracer_status, created_at, received_at, packed_at, shipping_validated_at, shipped_at, promised_shipping_at,
         promised_delivery_at, delivered_at, preparation_ended_at, canceled_at)
       SELECT id, depositor_id, depositor_code, platform_id, activity_code, store_code, reference, customer_reference, order_reference, slip_number,
         tour_code, carrier_code, carrier_name, weight_kg, provisional_weight_kg, parcel_count, sender, recipient_company, recipient_name,
         recipient_address1, zip, town, country, recipient_phone, recipient_email, customer_code, insurance_amount, customs_status, packaging::jsonb,
         tracking_numbers, status, tracer_status, created_at, received_at, packed_at, shipping_validated_at, shipped_at, promised_shipping_at,
         promised_delivery_at, delivered_at, preparation_ended_at, canceled_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, depositor_id int, depositor_code text, platform_id int, activity_code text, store_code text, reference text,
         customer_reference text, order_reference text, slip_number text, tour_code text, carrier_code text, carrier_name text, weight_kg numeric,
         provisional_weight_kg numeric, parcel_count int, sender jsonb, recipient_company text, recipient_name text, recipient_address1 text, zip text,
         town text, country text, recipient_phone text, recipient_email text, customer_code text, insurance_amount numeric, customs_status text,
         packaging text, tracking_numbers text[], status smallint, tracer_status text, created_at timestamptz, received_at timestamptz,
         packed_at timestamptz, shipping_validated_at timestamptz, shipped_at timestamptz, promised_shipping_at timestamptz,
         promised_delivery_at timestamptz, delivered_at timestamptz, preparation_ended_at timestamptz, canceled_at timestamptz)`,
      [JSON.stringify(orders)],
    );
    await em.query(
      `INSERT INTO order_lines (order_id, line_no, depositor_id, article_reference, label, quantity_ordered, quantity_sent, lot, best_before)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(order_id bigint, line_no int, depositor_id int, article_reference text, label text,
         quantity_ordered numeric, quantity_sent numeric, lot text, best_before date)`,
      [JSON.stringify(lines)],
    );
    if (serials.length) {
      await em.query(
        `INSERT INTO order_serials (order_id, line_no, depositor_id, serial) SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[])`,
        columns(serials),
      );
    }
    await em.query(
      `INSERT INTO parcels (order_id, number, depositor_id, tracking_number, status, weight_kg, packaging)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(order_id bigint, number int, depositor_id int, tracking_number text, status smallint, weight_kg numeric, packaging text)`,
      [JSON.stringify(parcels)],
    );
    await em.query(
      `INSERT INTO status_history (order_id, depositor_id, status, at, source)
       SELECT o, d, s, a, CASE WHEN s >= 95 THEN 'carrier' ELSE 'feed' END FROM unnest($1::bigint[], $2::int[], $3::smallint[], $4::timestamptz[]) AS x(o, d, s, a)`,
      columns(history),
    );
    await em.query(
      `INSERT INTO tracer_events (order_id, depositor_id, type, carrier_status, carrier_name, event_at, public_note, source, external_id)
       SELECT x.*, 'carrier', x.order_id || ':' || x.carrier_status FROM jsonb_to_recordset($1::jsonb) AS x(order_id bigint, depositor_id int, type text,
         carrier_status text, carrier_name text, event_at timestamptz, public_note text)`,
      [JSON.stringify(events)],
    );
    await em.query(
      `INSERT INTO documents (order_id, depositor_id, type, name, source, storage_key, content_type, size)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(order_id bigint, depositor_id int, type text, name text, source text, storage_key text, content_type text, size int)`,
      [JSON.stringify(documents)],
    );
  });
  return batch.length;
}

const SEEDED_TABLES = ['orders', 'order_lines', 'order_serials', 'parcels', 'status_history', 'tracer_events', 'documents'];

/**
 * An initial load into empty tables builds the search indexes once at the end (much faster than
 * maintaining them row by row); unique indexes stay, since the service is already live and its feed
 * and webhooks rely on them (ON CONFLICT) while the load runs. The definitions are read back from
 * the catalogue, so they are exactly those of the migrations.
 */
export async function withoutSecondaryIndexes(db: Db, load: () => Promise<void>): Promise<void> {
  const indexes = await db.system.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
        AND NOT (SELECT x.indisunique FROM pg_index x WHERE x.indexrelid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [SEEDED_TABLES],
  );
  for (const index of indexes) await db.system.query(`DROP INDEX IF EXISTS "${index.name}"`);
  try {
    await load();
  } finally {
    for (const index of indexes) await db.system.query(index.def);
  }
}

function columns<T extends unknown[]>(rows: T[]): unknown[][] {
  return rows[0].map((_, i) => rows.map((r) => r[i]));
}

/** The carrier's scans of a shipped demo order: taken in charge, then its outcome. */
function carrierEvents(o: DemoOrder, id: number, timeline: [number, Date][]): object[] {
  const event = (carrierStatus: string, type: string | null, at: Date, note: string) => ({
    order_id: id,
    depositor_id: o.depositorId,
    type,
    carrier_status: carrierStatus,
    carrier_name: o.carrier.name,
    event_at: at.toISOString(),
    public_note: note,
  });
  const result: object[] = [];
  for (const [status, at] of timeline) {
    if (status === TrackingStatus.InTransit) result.push(event('IN_TRANSIT', null, at, 'Colis pris en charge par le transporteur'));
    if (status === TrackingStatus.Delivered) result.push(event('DELIVERED', null, at, 'Livré'));
    if (status === TrackingStatus.PartiallyDelivered) result.push(event('DELIVERED_PARTIAL', null, at, 'Livraison partielle'));
    if (status === TrackingStatus.DeliveryAnomaly)
      result.push(event('ANOMALY', o.n % 2 ? 'WRONG_ADDRESS' : 'DELIVERY_REFUSED', at, 'Destinataire absent ou adresse incomplète'));
    if (status === TrackingStatus.ReturnedToSender) result.push(event('RETURNED', 'BACK_TO_SENDER', at, 'Retour à l’expéditeur'));
  }
  return result;
}
