import type { AuditedRows } from '@portal/bus';

interface AuditedShipment {
  uuid: string;
  depositor_id: number;
  reference: string;
  status: number;
  order_number: string | null;
  customer_reference: string | null;
  recipient: string | null;
  carrier_code: string | null;
  tour_code: string | null;
  date_shipment_desired: string | null;
  date_delivery_desired: string | null;
  package_count: number;
  total_weight_kg: number | null;
  voucher: string | null;
  tracking_numbers: string[];
  printed_at: string | null;
}

/**
 * A Huby shipment as the audit trail shows it: what its list and form show a user (the recipient in
 * one line, not the whole address book entry copied into it), narrowed to its depositor.
 */
export const SHIPMENT_ROWS: AuditedRows<AuditedShipment> = {
  service: 'huby',
  entity: 'shipment',
  read: (em, uuids) =>
    em.query(
      `SELECT s.uuid, s.depositor_id, s.reference, s.status, s.order_number, s.customer_reference,
         concat_ws(', ', coalesce(s.recipient->>'company_name', s.recipient->>'contact_name'), s.recipient->>'zip', s.recipient->>'town',
           s.recipient->>'country') AS recipient,
         s.carrier_code, s.tour_code, to_char(s.date_shipment_desired, 'YYYY-MM-DD') AS date_shipment_desired,
         to_char(s.date_delivery_desired, 'YYYY-MM-DD') AS date_delivery_desired, s.package_count, s.total_weight_kg::float8 AS total_weight_kg,
         s.voucher, s.tracking_numbers, to_char(s.printed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS printed_at
       FROM shipments s WHERE s.uuid = ANY($1::uuid[])`,
      [uuids],
    ),
  subject: (s) => ({ id: s.uuid, label: s.reference, depositorIds: [s.depositor_id] }),
  fields: ({ uuid: _u, depositor_id: _d, ...s }) => s,
};
