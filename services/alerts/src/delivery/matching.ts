import { systemContext, type AlertCriteria, type AlertKind, type AlertRecipient, type OrderSnapshot } from '@portal/contracts';
import type { ScopedWhere } from '@portal/db';
import { matchingOrders } from '../alerts/match-count';

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

const inList = (codes: string[], value: string | null) => codes.length === 0 || (value !== null && codes.includes(value));

/** `*` of a customer code pattern stands for any run of characters (DUP* matches DUPONT). */
export function customerCodeMatches(patterns: string[], code: string | null): boolean {
  if (patterns.length === 0) return true;
  if (code === null) return false;
  const value = code;
  return patterns.some((p) => (p.includes('*') ? new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`).test(value) : p === value));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Whether an order meets an alert's criteria (spec §3), as the matching count's SQL reads them: one
 * of the alert's depositors (never another's: the scope rule of a mail), then each list that is not
 * empty (activities, stores, carriers, tours, customer codes with `*`, article codes; codes compared
 * as typed, upper case) and the delivery-number prefix.
 */
export function orderMatches(alert: AlertRow, order: MatchedOrder): boolean {
  return (
    alert.depositor_ids.includes(order.depositorId) &&
    inList(alert.activity_codes, order.activityCode) &&
    inList(alert.store_codes, order.storeCode) &&
    inList(alert.carrier_codes, order.carrierCode) &&
    inList(alert.tour_codes, order.tourCode) &&
    customerCodeMatches(alert.customer_codes, order.customerCode) &&
    (alert.article_codes.length === 0 || order.articleCodes.some((a) => alert.article_codes.includes(a))) &&
    (!alert.reference_prefix || order.reference.startsWith(alert.reference_prefix))
  );
}

/** Whether an alert follows what happened; one that names no status and no event follows every status. */
export function follows(alert: AlertRow, occurrence: Occurrence): boolean {
  if (alert.statuses.length === 0 && alert.events.length === 0) return occurrence.kind === 'STATUS';
  return occurrence.kind === 'STATUS' ? alert.statuses.map(String).includes(occurrence.code) : alert.events.includes(occurrence.code);
}

/**
 * The alert's criteria as the matching count reads them (alerts/match-count.ts `matchingOrders`),
 * without the followed statuses and events: a digest reads those in its period's events.
 */
export function criteriaOf(alert: AlertRow): AlertCriteria {
  return {
    kind: alert.kind,
    depositorIds: alert.depositor_ids,
    activityCodes: alert.activity_codes,
    carrierCodes: alert.carrier_codes,
    tourCodes: alert.tour_codes,
    storeCodes: alert.store_codes,
    customerCodes: alert.customer_codes,
    articleCodes: alert.article_codes,
    statuses: [],
    events: [],
    referencePrefix: alert.reference_prefix ?? undefined,
  };
}

/** The alert's orders of the projection (`alert_orders o`) created since an instant, as a ScopedWhere to add to. */
export function alertOrders(alert: AlertRow, since: Date): ScopedWhere {
  return matchingOrders(systemContext(`alert:${alert.id}`), criteriaOf(alert), since);
}

/** SQL on `alert_order_events e`: the events the alert follows (see `follows`), its parameters added to `w`. */
export function followedEvents(alert: AlertRow, w: ScopedWhere): string {
  if (alert.statuses.length === 0 && alert.events.length === 0) return `e.kind = 'STATUS'`;
  return `((e.kind = 'STATUS' AND e.code = ANY(${w.param(alert.statuses.map(String))}::text[]))
    OR (e.kind = 'EVENT' AND e.code = ANY(${w.param(alert.events)}::text[])))`;
}
