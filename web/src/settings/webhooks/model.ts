import type { ChipProps } from '@mui/material';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryDto,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpointDto,
  type WebhookEndpointInput,
  type WebhookEventType,
} from '@portal/contracts';

/** The gateway's routes of the webhooks (contracts webhooks.ts). */
export const WEBHOOKS_PATH = '/settings/webhooks';
export const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;
/** The screen of an endpoint's delivery log (bookmarkable). */
export const logRoute = (id: string) => `/settings/integrations/webhooks/${encodeURIComponent(id)}`;

/**
 * The events as a customer chooses them: one checkbox per business fact, a pair of opposite events
 * (blocked / unblocked, opened / closed) under one box, since a system that follows one needs the other.
 */
export const EVENT_CHOICES: readonly { key: string; types: readonly WebhookEventType[] }[] = [
  { key: 'orderStatus', types: ['order.status_changed'] },
  { key: 'delivered', types: ['order.delivered'] },
  { key: 'carrierAnomaly', types: ['shipment.carrier_anomaly'] },
  { key: 'labelsReady', types: ['shipment.labels_ready'] },
  { key: 'claimStatus', types: ['claim.status_changed'] },
  { key: 'stockBlock', types: ['stock.line_blocked', 'stock.line_unblocked'] },
  { key: 'temperature', types: ['temperature.excursion_opened', 'temperature.excursion_closed'] },
];

/** The i18n key (settings.webhooks.eventTypes.<key>) of one event type, as the log shows it. */
export const EVENT_TYPE_KEYS: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'order.status_changed': 'orderStatusChanged',
  'order.delivered': 'orderDelivered',
  'shipment.carrier_anomaly': 'carrierAnomaly',
  'shipment.labels_ready': 'labelsReady',
  'claim.status_changed': 'claimStatusChanged',
  'stock.line_blocked': 'stockLineBlocked',
  'stock.line_unblocked': 'stockLineUnblocked',
  'temperature.excursion_opened': 'excursionOpened',
  'temperature.excursion_closed': 'excursionClosed',
  [WEBHOOK_TEST_EVENT]: 'test',
};
/** An event type the screen does not know yet (a newer service) reads as its own code. */
export const eventTypeKey = (type: string): string | undefined => (EVENT_TYPE_KEYS as Record<string, string>)[type];

export type ChoiceState = 'all' | 'some' | 'none';
export function choiceState(events: readonly string[], choice: (typeof EVENT_CHOICES)[number]): ChoiceState {
  const held = choice.types.filter((t) => events.includes(t)).length;
  return held === 0 ? 'none' : held === choice.types.length ? 'all' : 'some';
}

/** Ticks a box: all its events when it was not fully ticked, none of them when it was. */
export function toggleChoice(events: readonly WebhookEventType[], choice: (typeof EVENT_CHOICES)[number]): WebhookEventType[] {
  const rest = events.filter((t) => !choice.types.includes(t));
  return choiceState(events, choice) === 'all' ? rest : sortEvents([...rest, ...choice.types]);
}

const sortEvents = (events: readonly WebhookEventType[]): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((t) => events.includes(t));

/**
 * The words of an endpoint's events as keys under settings.webhooks: a fully subscribed box by its own
 * words, half a pair (subscribed through the API) by the event's.
 */
export function eventWordKeys(events: readonly string[]): string[] {
  return EVENT_CHOICES.flatMap((choice) => {
    const state = choiceState(events, choice);
    if (state === 'all') return [`choices.${choice.key}`];
    if (state === 'none') return [];
    return choice.types.filter((t) => events.includes(t)).map((t) => `eventTypes.${EVENT_TYPE_KEYS[t]}`);
  });
}

/** Where an endpoint stands, as its chip says: stopped by its owner, or by the service after failing for a day. */
export type EndpointState = 'active' | 'disabled' | 'failing';
export const endpointState = (endpoint: Pick<WebhookEndpointDto, 'status' | 'disabledReason'>): EndpointState =>
  endpoint.status === 'active' ? 'active' : endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
export const ENDPOINT_STATE_COLORS: Record<EndpointState, ChipProps['color']> = {
  active: 'success',
  disabled: 'default',
  failing: 'error',
};
export const DELIVERY_STATUS_COLORS: Record<WebhookDeliveryStatus, ChipProps['color']> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
};
export const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

/** The endpoint form as the dialog holds it. */
export interface EndpointForm {
  url: string;
  description: string;
  depositorIds: number[];
  eventTypes: WebhookEventType[];
}

/** A new endpoint: the only depositor ticked when the user reaches one, no event yet. */
export const emptyEndpointForm = (depositorIds: readonly number[]): EndpointForm => ({
  url: '',
  description: '',
  depositorIds: depositorIds.length === 1 ? [depositorIds[0]] : [],
  eventTypes: [],
});

export const formFromEndpoint = (endpoint: WebhookEndpointDto): EndpointForm => ({
  url: endpoint.url,
  description: endpoint.description,
  depositorIds: [...endpoint.depositorIds],
  eventTypes: sortEvents(endpoint.eventTypes),
});

export const endpointBody = (form: EndpointForm): WebhookEndpointInput => ({
  url: form.url.trim(),
  description: form.description.trim(),
  depositorIds: [...form.depositorIds].sort((a, b) => a - b),
  eventTypes: sortEvents(form.eventTypes),
});

/** The log's page read: newest first, filtered by status, older than the cursor of the page before. */
export function deliveriesPath(endpointId: string, status: WebhookDeliveryStatus | null, before: string | null): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (before) query.set('before', before);
  const text = query.toString();
  return `${endpointPath(endpointId)}/deliveries${text ? `?${text}` : ''}`;
}

export const deliveryPath = (endpointId: string, deliveryId: string) =>
  `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}`;

/** The log as shown: the pages read so far, and the cursor of the next (older) one. */
export interface LogState {
  items: WebhookDeliveryDto[];
  next: string | null;
}

/**
 * "Charger plus" appends the older page; a delivery already shown (a page boundary that moved while
 * new deliveries arrived) keeps its place and takes the newer reading.
 */
export function appendPage(state: LogState, page: WebhookDeliveryPage): LogState {
  const fresh = new Map(page.items.map((d) => [d.id, d]));
  const items = state.items.map((d) => fresh.get(d.id) ?? d);
  const shown = new Set(items.map((d) => d.id));
  return { items: [...items, ...page.items.filter((d) => !shown.has(d.id))], next: page.next };
}

/** A delivery's payload as the detail shows it: indented JSON, or the text the service kept. */
export const payloadText = (payload: unknown): string => (typeof payload === 'string' ? payload : (JSON.stringify(payload, null, 2) ?? ''));

/** The status filter of the log from its address (?status=), ignoring what is not a status. */
export const statusFromQuery = (value: string | null): WebhookDeliveryStatus | null => DELIVERY_STATUSES.find((s) => s === value) ?? null;
