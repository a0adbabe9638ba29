import {
  BLOCKING_CODE_LABELS,
  TRACER_ROUTE_STATUS_LABELS,
  type BlockingCode,
  type Labels5,
  type TracerRouteStatusCode,
} from '@portal/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What each chart source counts along its axes (i18n keys under dashboard.axis). */
export const SOURCE_AXES: Record<string, { x: string; y: string }> = {
  'late-deliveries': { x: 'carrier', y: 'deliveries' },
  'anomalies-by-carrier': { x: 'carrier', y: 'anomalies' },
  'week-deliveries-by-status': { x: 'status', y: 'deliveries' },
  'blocked-stock-by-code': { x: 'blockingCode', y: 'quantity' },
  'depositor-activities': { x: 'depositor', y: 'count' },
  'depositor-stores': { x: 'depositor', y: 'count' },
  'platform-stores': { x: 'platform', y: 'count' },
  'announcements-by-type': { x: 'announcementType', y: 'count' },
};

/**
 * A point's label as the user reads it: a Tracer Route status or a blocking code in their language,
 * "no carrier" for a delivery without one; carriers, depositor and platform codes as they are.
 */
export function figureLabel(source: string, label: string, locale: keyof Labels5, translate: Translate): string {
  if (source === 'week-deliveries-by-status') return TRACER_ROUTE_STATUS_LABELS[label as TracerRouteStatusCode]?.[locale] ?? label;
  if (source === 'blocked-stock-by-code') {
    const name = BLOCKING_CODE_LABELS[label as BlockingCode]?.[locale];
    return name ? `${label} – ${name}` : label;
  }
  if (source === 'late-deliveries' || source === 'anomalies-by-carrier') return label || translate('dashboard.noCarrier');
  return label;
}

/** What the category axis writes under a bar: a blocking code alone (its name is in the tooltip and the table). */
export function axisTick(source: string, label: string): string {
  return source === 'blocked-stock-by-code' ? label.split(' – ')[0] : label;
}
