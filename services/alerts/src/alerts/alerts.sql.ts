import type { AlertInput } from '@portal/contracts';

/** Alerts are scoped by all the depositors they name (libs/db ScopeColumns.depositorArray). */
export const ALERT_SCOPE = { depositor: 'a.depositor_ids', depositorArray: true };

const instant = (column: string, as: string) => `to_char(a.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${as}"`;

/** An alert row as AlertDto (every field named as the API answers it). */
export const ALERT_COLUMNS = `a.id, a.uuid, a.owner_id AS "ownerId", a.owner_login AS "ownerLogin", a.kind, a.title, a.comment, a.enabled,
  a.depositor_ids AS "depositorIds", a.activity_codes AS "activityCodes", a.carrier_codes AS "carrierCodes", a.tour_codes AS "tourCodes",
  a.store_codes AS "storeCodes", a.customer_codes AS "customerCodes", a.article_codes AS "articleCodes", a.statuses::int[] AS statuses,
  a.events, a.document_types AS "documentTypes", a.recipients, a.copy_to_self AS "copyToSelf",
  a.inform_final_recipient AS "informFinalRecipient", a.subject, a.frequency, a.time, a.weekday::int AS weekday, a.month_day AS "monthDay",
  a.month::int AS month, a.send_only_if_data AS "sendOnlyIfData", a.show_comment AS "showComment", a.reference_prefix AS "referencePrefix",
  a.sla_rule AS "slaRule", a.cutoff, a.timezone, a.locale, ${instant('created_at', 'createdAt')}, ${instant('updated_at', 'updatedAt')},
  ${instant('last_sent_at', 'lastSentAt')}, ${instant('next_slot_at', 'nextSlotAt')}`;

/** The form's columns in the order of `formValues`. */
export const FORM_COLUMNS = [
  'kind',
  'title',
  'comment',
  'enabled',
  'depositor_ids',
  'activity_codes',
  'carrier_codes',
  'tour_codes',
  'store_codes',
  'customer_codes',
  'article_codes',
  'statuses',
  'events',
  'document_types',
  'recipients',
  'copy_to_self',
  'inform_final_recipient',
  'subject',
  'frequency',
  'time',
  'weekday',
  'month_day',
  'month',
  'send_only_if_data',
  'show_comment',
  'reference_prefix',
  'sla_rule',
  'cutoff',
] as const;

/** The form's values for FORM_COLUMNS (a field absent from the form is NULL). */
export function formValues(a: AlertInput): unknown[] {
  return [
    a.kind,
    a.title,
    a.comment ?? null,
    a.enabled,
    a.depositorIds,
    a.activityCodes,
    a.carrierCodes,
    a.tourCodes,
    a.storeCodes,
    a.customerCodes,
    a.articleCodes,
    a.statuses,
    a.events,
    a.documentTypes,
    JSON.stringify(a.recipients),
    a.copyToSelf,
    a.informFinalRecipient,
    a.subject ?? null,
    a.frequency,
    a.frequency === 'IMMEDIATE' ? null : (a.time ?? null),
    a.frequency === 'WEEK' ? (a.weekday ?? null) : null,
    a.frequency === 'MONTH' || a.frequency === 'YEAR' ? (a.monthDay ?? null) : null,
    a.frequency === 'YEAR' ? (a.month ?? null) : null,
    a.sendOnlyIfData,
    a.showComment,
    a.referencePrefix ?? null,
    a.kind === 'SLA' ? (a.slaRule ?? null) : null,
    a.kind === 'SLA' && a.slaRule === 'PICKING_CUTOFF' ? (a.cutoff ?? null) : null,
  ];
}
