import type { WebhookAttemptDto, WebhookDeliveryDto, WebhookDeliveryStatus, WebhookEndpointDto, WebhookEventType } from '@portal/contracts';

/** An endpoint as the service reads it (its sealed secrets stay in the service). */
export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  depositor_ids: number[];
  event_types: WebhookEventType[];
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | null;
  status: 'active' | 'disabled';
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: Date | null;
  created_at: Date;
  created_by_login: string | null;
  created_by_email: string | null;
  created_by_locale: string;
  pending?: number;
  last_delivery_at?: Date | null;
}

/** The select list of an endpoint with its pending count and last delivery (`e` the endpoint). */
export const ENDPOINT_COLUMNS = `e.*,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending') AS pending,
  (SELECT max(d.last_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'delivered') AS last_delivery_at`;

export interface DeliveryRow {
  id: string;
  seq: string;
  endpoint_id: string;
  depositor_id: number;
  event_type: string;
  subject: string;
  payload: unknown;
  created_at: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_response: string | null;
}

export interface AttemptRow {
  at: Date;
  status_code: number | null;
  duration_ms: number;
  response: string | null;
}

/** What leaves about an endpoint: never its secrets. */
export function presentEndpoint(row: EndpointRow): WebhookEndpointDto {
  const overlap = row.previous_secret_until && row.previous_secret_until.getTime() > Date.now() ? row.previous_secret_until : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    depositorIds: row.depositor_ids,
    eventTypes: row.event_types,
    status: row.status,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_login,
    previousSecretUntil: overlap?.toISOString() ?? null,
    pending: row.pending ?? 0,
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    eventType: row.event_type as WebhookDeliveryDto['eventType'],
    subject: row.subject,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    lastStatusCode: row.last_status_code,
    lastDurationMs: row.last_duration_ms,
    lastResponse: row.last_response,
  };
}

export function presentAttempt(row: AttemptRow): WebhookAttemptDto {
  return { at: row.at.toISOString(), statusCode: row.status_code, durationMs: row.duration_ms, response: row.response };
}
