import type { AlertKind, AlertRecipient, OrderSnapshot } from '@portal/contracts';

/** An alert as the delivery reads it from the `alerts` table. */
export interface AlertRow {
  id: number;
  uuid: string;
  owner_id: number;
  owner_login: string;
  owner_email: string | null;
  kind: AlertKind;
  title: string;
  comment: string | null;
  enabled: boolean;
  depositor_ids: number[];
  activity_codes: string[];
  carrier_codes: string[];
  tour_codes: string[];
  store_codes: string[];
  customer_codes: string[];
  article_codes: string[];
  statuses: number[];
  events: string[];
  document_types: string[];
  recipients: AlertRecipient[];
  copy_to_self: boolean;
  inform_final_recipient: boolean;
  subject: string | null;
  frequency: string;
  time: string | null;
  weekday: number | null;
  month_day: string | null;
  month: number | null;
  send_only_if_data: boolean;
  show_comment: boolean;
  reference_prefix: string | null;
  sla_rule: string | null;
  cutoff: string | null;
  timezone: string;
  locale: string;
  created_at: Date;
  last_slot_at: Date | null;
  next_slot_at: Date | null;
}

/** What happened to an order: a status reached or a carrier / Tracer Route event. */
export interface Occurrence {
  kind: 'STATUS' | 'EVENT';
  code: string;
  at: string;
}

/** The order fields an alert's criteria read (an OrderSnapshot, or a row of `alert_orders`). */
export type MatchedOrder = Pick<
  OrderSnapshot,
  'depositorId' | 'activityCode' | 'storeCode' | 'carrierCode' | 'tourCode' | 'customerCode' | 'articleCodes' | 'reference'
>;

const upper = (v: string | null) => (v ?? '').toUpperCase();
const inList = (codes: string[], value: string | null) => codes.length === 0 || codes.includes(upper(value));

/** `*` of a customer code pattern stands for any run of characters (DUP* matches DUPONT). */
export function customerCodeMatches(patterns: string[], code: string | null): boolean {
  if (patterns.length === 0) return true;
  const value = upper(code);
  return patterns.some((p) => (p.includes('*') ? new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`).test(value) : p === value));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Whether an order meets an alert's criteria (spec §3): one of the alert's depositors (never
 * another's: the scope rule of a mail), then each list that is not empty (activities, stores,
 * carriers, tours, customer codes with `*`, article codes) and the delivery-number prefix.
 */
export function orderMatches(alert: AlertRow, order: MatchedOrder): boolean {
  return (
    alert.depositor_ids.includes(order.depositorId) &&
    inList(alert.activity_codes, order.activityCode) &&
    inList(alert.store_codes, order.storeCode) &&
    inList(alert.carrier_codes, order.carrierCode) &&
    inList(alert.tour_codes, order.tourCode) &&
    customerCodeMatches(alert.customer_codes, order.customerCode) &&
    (alert.article_codes.length === 0 || order.articleCodes.some((a) => alert.article_codes.includes(upper(a)))) &&
    (!alert.reference_prefix || order.reference.startsWith(alert.reference_prefix))
  );
}

/** Whether an alert follows what happened; one that names no status and no event follows every status. */
export function follows(alert: AlertRow, occurrence: Occurrence): boolean {
  if (alert.statuses.length === 0 && alert.events.length === 0) return occurrence.kind === 'STATUS';
  return occurrence.kind === 'STATUS' ? alert.statuses.map(String).includes(occurrence.code) : alert.events.includes(occurrence.code);
}

/**
 * The same criteria as SQL on `alert_orders o` (digests, SLA rules, test sends): conditions and
 * their parameters, numbered from `first`.
 */
export function orderConditions(alert: AlertRow, first = 1): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${first + params.push(value) - 1}`;
  const where = [`o.depositor_id = ANY(${p(alert.depositor_ids)}::int[])`];
  const list = (column: string, codes: string[]) => {
    if (codes.length) where.push(`upper(o.${column}) = ANY(${p(codes)}::text[])`);
  };
  list('activity_code', alert.activity_codes);
  list('store_code', alert.store_codes);
  list('carrier_code', alert.carrier_codes);
  list('tour_code', alert.tour_codes);
  if (alert.customer_codes.length)
    where.push(
      `upper(o.customer_code) LIKE ANY(${p(alert.customer_codes.map((c) => c.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%')))}::text[])`,
    );
  if (alert.article_codes.length) where.push(`o.article_codes && ${p(alert.article_codes)}::text[]`);
  if (alert.reference_prefix) where.push(`starts_with(o.reference, ${p(alert.reference_prefix)})`);
  return { sql: where.join(' AND '), params };
}

/** SQL on `alert_order_events e`: the events the alert follows (see `follows`). */
export function followedEvents(alert: AlertRow, first: number): { sql: string; params: unknown[] } {
  if (alert.statuses.length === 0 && alert.events.length === 0) return { sql: `e.kind = 'STATUS'`, params: [] };
  return {
    sql: `((e.kind = 'STATUS' AND e.code = ANY($${first}::text[])) OR (e.kind = 'EVENT' AND e.code = ANY($${first + 1}::text[])))`,
    params: [alert.statuses.map(String), alert.events],
  };
}
