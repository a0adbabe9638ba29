import { z } from 'zod';
import { bodyField as f } from './body';
import { FIELD_ERRORS } from './errors';
import { API_KEY_MANAGERS } from './api-keys';

/**
 * Signed webhooks of a depositor's own systems (issue 35 item 2): endpoints subscribed to events of
 * their depositors, delivered after the Standard Webhooks specification (webhook-id,
 * webhook-timestamp, webhook-signature), at least once, in order per order or shipment, retried
 * with backoff for more than a day. Managed in Settings > Intégrations by the same administrators as
 * the API keys; answered by the alerts service, which already follows the events it needs.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.status_changed',
  'order.delivered',
  'shipment.carrier_anomaly',
  'shipment.labels_ready',
  'claim.status_changed',
  'stock.line_blocked',
  'stock.line_unblocked',
  'temperature.excursion_opened',
  'temperature.excursion_closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event a "send a test event" click delivers (never subscribed to: every endpoint takes it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Who manages webhooks: the API keys' managers (an administrator of users, a depositor's or the provider's). */
export const WEBHOOK_MANAGERS: readonly string[] = API_KEY_MANAGERS;

/** Endpoints per depositor, at most. */
export const WEBHOOK_MAX_ENDPOINTS_PER_DEPOSITOR = 20;
/** The previous secret keeps signing beside the new one for this long after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** A delivery is retried with exponential backoff for at least this long, then the endpoint is disabled. */
export const WEBHOOK_RETRY_HOURS = 26;
/** What an attempt waits for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What the log keeps of an answer's body. */
export const WEBHOOK_RESPONSE_EXCERPT = 500;

/** An address a web client can call: http or https with a host (which of them the provider allows, the service says). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
  } catch {
    return false;
  }
}

const required = { error: FIELD_ERRORS.required };

/**
 * An endpoint as its owner sends it; the form checks it with this before sending (issue 36's form
 * kit). Whether plain http or the address's host is allowed only the service knows (the provider's
 * configuration, the address's DNS): it answers with its own keys.
 */
export const webhookEndpointSchema = z.strictObject(
  {
    url: f
      .text(2000)
      .nonoptional(required)
      .refine((url) => isWebAddress(url), { error: FIELD_ERRORS.invalidFormat }),
    description: f.text(200).default(''),
    depositorIds: z
      .array(z.number().int().positive().max(2_147_483_647), { error: FIELD_ERRORS.invalidFormat })
      .min(1, required)
      .max(500, { error: FIELD_ERRORS.max }),
    eventTypes: z
      .array(z.enum(WEBHOOK_EVENT_TYPES), { error: FIELD_ERRORS.invalidFormat })
      .min(1, required)
      .max(WEBHOOK_EVENT_TYPES.length, { error: FIELD_ERRORS.max }),
  },
  { error: FIELD_ERRORS.invalidFormat },
);
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

/** An endpoint as listed: never its secret. */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string;
  depositorIds: number[];
  eventTypes: WebhookEventType[];
  /** active; disabled by its owner, or by the service after a day of failed deliveries (disabledReason says). */
  status: 'active' | 'disabled';
  disabledReason: 'manual' | 'failing' | null;
  disabledAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** Until then, the previous secret still signs beside the current one (after a rotation). */
  previousSecretUntil: string | null;
  /** Deliveries waiting for a (next) attempt. */
  pending: number;
  lastDeliveryAt: string | null;
}

/** The answer to a creation or a rotation: the secret once, in clear (`whsec_` + base64). */
export interface WebhookSecretDto extends WebhookEndpointDto {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to one endpoint, and the fate of its attempts. */
export interface WebhookDeliveryDto {
  /** The message id sent as webhook-id (the same on every attempt of this delivery). */
  id: string;
  eventType: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** The order, shipment, claim, stock line or excursion it is about (the ordering key's reference). */
  subject: string;
  createdAt: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  /** The endpoint's answer, its first WEBHOOK_RESPONSE_EXCERPT characters, or why no answer came. */
  lastResponse: string | null;
}

export interface WebhookAttemptDto {
  at: string;
  statusCode: number | null;
  durationMs: number;
  response: string | null;
}

export interface WebhookDeliveryDetailDto extends WebhookDeliveryDto {
  payload: unknown;
  attemptLog: WebhookAttemptDto[];
}

export const WebhookSubjects = {
  list: 'alerts.webhook.list',
  create: 'alerts.webhook.create',
  update: 'alerts.webhook.update',
  remove: 'alerts.webhook.remove',
  rotate: 'alerts.webhook.rotate',
  enable: 'alerts.webhook.enable',
  disable: 'alerts.webhook.disable',
  test: 'alerts.webhook.test',
  deliveries: 'alerts.webhook.deliveries',
  delivery: 'alerts.webhook.delivery',
  redeliver: 'alerts.webhook.redeliver',
} as const;

export { WEBHOOK_ERROR_STATUS } from './webhooks-errors';

/**
 * The routes (gateway, under /api): GET and POST settings/webhooks; PUT and DELETE
 * settings/webhooks/:id; POST settings/webhooks/:id/{rotate,enable,disable,test}; GET
 * settings/webhooks/:id/deliveries (?status=&before=<cursor>, newest first, WEBHOOK_LOG_PAGE a page:
 * WebhookDeliveryPage); GET settings/webhooks/:id/deliveries/:deliveryId (WebhookDeliveryDetailDto);
 * POST settings/webhooks/:id/deliveries/:deliveryId/redeliver (a new attempt now, even of a delivered one).
 */
export const WEBHOOK_LOG_PAGE = 50;
export interface WebhookDeliveryPage {
  items: WebhookDeliveryDto[];
  /** Opaque cursor of the next (older) page, or null. */
  next: string | null;
}
