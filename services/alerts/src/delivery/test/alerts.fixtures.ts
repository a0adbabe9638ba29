import type { OrderSnapshot } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { AlertRow } from '../matching';

/** An alert row with every criterion empty: tests set what they check. */
export function alertRow(over: Partial<AlertRow> = {}): AlertRow {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    owner_id: 10,
    owner_login: 'alice',
    owner_email: 'alice@demo-a.example',
    kind: 'VIP',
    title: 'Clients VIP',
    comment: null,
    enabled: true,
    depositor_ids: [1],
    activity_codes: [],
    carrier_codes: [],
    tour_codes: [],
    store_codes: [],
    customer_codes: [],
    article_codes: [],
    statuses: [],
    events: [],
    document_types: [],
    recipients: [{ name: 'Quai', email: 'quai@demo-a.example' }],
    copy_to_self: false,
    inform_final_recipient: false,
    subject: null,
    frequency: 'IMMEDIATE',
    time: null,
    weekday: null,
    month_day: null,
    month: null,
    send_only_if_data: true,
    show_comment: false,
    reference_prefix: null,
    sla_rule: null,
    cutoff: null,
    timezone: 'Europe/Paris',
    locale: 'fr_FR',
    created_at: new Date('2026-01-01T00:00:00Z'),
    last_slot_at: null,
    next_slot_at: null,
    ...over,
  };
}

let nextOrder = 1000;
/** An order snapshot as tracking sends it (depositor 1, status 90 unless told). */
export function snapshot(over: Partial<OrderSnapshot> = {}): OrderSnapshot {
  const id = over.orderId ?? nextOrder++;
  return {
    orderId: id,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    activityCode: 'COSM',
    storeCode: 'LYON',
    reference: `BL${id}`,
    orderReference: `CMD${id}`,
    customerReference: `CLI${id}`,
    slipNumber: null,
    carrierCode: 'GLS',
    tourCode: 'T1',
    customerCode: 'DUPONT',
    recipientName: 'Jeanne Dupont',
    recipientEmail: 'jeanne@client.example',
    articleCodes: ['ART-1'],
    status: 90,
    tracerStatus: 'SHIPPED',
    createdAt: '2026-11-20T08:00:00.000Z',
    promisedShippingAt: null,
    shippedAt: null,
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}

const COLUMNS = Object.keys(alertRow()).filter((c) => !['id', 'uuid', 'created_at'].includes(c));

/** Inserts an alert straight into the alerts database (the CRUD is another work's); answers it. */
export async function insertAlert(db: Db, over: Partial<AlertRow> = {}): Promise<AlertRow> {
  const row = alertRow(over) as unknown as Record<string, unknown>;
  const columns = [...COLUMNS, ...(over.created_at ? ['created_at'] : [])];
  const values = columns.map((c) => (c === 'recipients' ? JSON.stringify(row[c]) : row[c]));
  const [inserted] = await db.system.query<AlertRow>(
    `INSERT INTO alerts (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    values,
  );
  return inserted;
}

/** Puts an order in the projection (what the projection consumer would have written). */
export async function projectOrder(
  db: Db,
  o: OrderSnapshot,
  events: { code: string; at: string; kind?: 'STATUS' | 'EVENT' }[] = [],
): Promise<void> {
  await db.system.query(
    `INSERT INTO alert_orders (order_id, depositor_id, depositor_code, platform_id, activity_code, store_code, reference, order_reference,
       customer_reference, slip_number, carrier_code, tour_code, customer_code, recipient_name, recipient_email, article_codes, status,
       tracer_status, created_at, promised_shipping_at, shipped_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
    [
      o.orderId,
      o.depositorId,
      o.depositorCode,
      o.platformId,
      o.activityCode,
      o.storeCode,
      o.reference,
      o.orderReference,
      o.customerReference,
      o.slipNumber,
      o.carrierCode,
      o.tourCode,
      o.customerCode,
      o.recipientName,
      o.recipientEmail,
      o.articleCodes,
      o.status,
      o.tracerStatus,
      o.createdAt,
      o.promisedShippingAt,
      o.shippedAt,
      o.updatedAt,
    ],
  );
  for (const e of events)
    await db.system.query(
      `INSERT INTO alert_order_events (event_id, order_id, depositor_id, kind, code, at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`,
      [o.orderId, o.depositorId, e.kind ?? 'STATUS', e.code, e.at],
    );
}
