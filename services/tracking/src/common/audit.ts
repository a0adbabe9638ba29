import type { AuditedRows } from '@portal/bus';

/** An order's narrowing, as every tracking row's audit entry carries it (a depositor's users see their colleagues' changes only). */
const NARROWING = `o.depositor_id, o.platform_id, o.activity_code, o.store_code`;
const INSTANT = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface Narrowed {
  depositor_id: number;
  platform_id: number | null;
  activity_code: string | null;
  store_code: string | null;
}

const narrowing = ({ depositor_id, platform_id, activity_code, store_code }: Narrowed) => ({
  depositorIds: [depositor_id],
  platformId: platform_id,
  activityCode: activity_code,
  storeCode: store_code,
});

/** What the trail keeps of a row: its fields, without its id and narrowing (the entry carries them). */
const shown = <R extends Narrowed & { id: string }>({
  id: _i,
  depositor_id: _d,
  platform_id: _p,
  activity_code: _a,
  store_code: _s,
  ...row
}: R) => row;

interface AuditedOrder extends Narrowed {
  id: string;
  reference: string;
  status: number;
  tracer_status: string;
  delivered_at: string | null;
  carrier_name: string | null;
  carrier_code: string | null;
  tracking_numbers: string[];
  hidden_at: string | null;
}

/** A delivery as a user changes it by hand (status, delivered date, carrier information, removal from the tracker). */
export const ORDER_ROWS: AuditedRows<AuditedOrder> = {
  service: 'tracking',
  entity: 'delivery',
  read: (em, ids) =>
    em.query(
      `SELECT o.id::text AS id, o.reference, o.status, o.tracer_status, ${INSTANT('o.delivered_at')} AS delivered_at, o.carrier_name,
         o.carrier_code, o.tracking_numbers, ${INSTANT('o.hidden_at')} AS hidden_at, ${NARROWING}
       FROM orders o WHERE o.id = ANY($1::bigint[])`,
      [ids],
    ),
  subject: (o) => ({ id: o.id, label: o.reference, ...narrowing(o) }),
  fields: shown,
};

interface AuditedDocument extends Narrowed {
  id: string;
  reference: string;
  type: string;
  name: string;
  size: number | null;
}

/** A document or POD a user added to a delivery, or deleted. */
export const DOCUMENT_ROWS: AuditedRows<AuditedDocument> = {
  service: 'tracking',
  entity: 'document',
  read: (em, ids) =>
    em.query(
      `SELECT d.id::text AS id, o.reference, d.type, d.name, d.size, ${NARROWING}
       FROM documents d JOIN orders o ON o.id = d.order_id WHERE d.id = ANY($1::uuid[])`,
      [ids],
    ),
  subject: (d) => ({ id: d.id, label: `${d.reference} · ${d.name}`, ...narrowing(d) }),
  fields: shown,
};

interface AuditedTracerEvent extends Narrowed {
  id: string;
  reference: string;
  type: string;
  carrier_name: string | null;
  appointment_at: string | null;
  event_at: string;
  public_note: string | null;
}

/** A Tracer Route event entered by hand; its private note stays out (colleagues read the trail). */
export const TRACER_EVENT_ROWS: AuditedRows<AuditedTracerEvent> = {
  service: 'tracking',
  entity: 'tracerEvent',
  read: (em, ids) =>
    em.query(
      `SELECT e.id::text AS id, o.reference, e.type, e.carrier_name, ${INSTANT('e.appointment_at')} AS appointment_at,
         ${INSTANT('e.event_at')} AS event_at, e.public_note, ${NARROWING}
       FROM tracer_events e JOIN orders o ON o.id = e.order_id WHERE e.id = ANY($1::bigint[])`,
      [ids],
    ),
  subject: (e) => ({ id: e.id, label: `${e.reference} · ${e.type}`, ...narrowing(e) }),
  fields: shown,
};
