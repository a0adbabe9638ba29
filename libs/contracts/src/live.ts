/**
 * Live screens (issue 35): one server-sent events stream per browser tab, GET /api/live, carrying
 * small hints that a screen's rows changed; the screen reads them again through its usual API. An
 * event says which row, never more than the row already shows, and only to whom the row is visible.
 */

/** The stream's path (the gateway's prefix included). */
export const LIVE_PATH = '/api/live';

/** The event names of the stream (the SSE `event:` field). */
export const LiveEventNames = {
  /** The stream is open; its id is where the stream stands (a first Last-Event-ID). */
  ready: 'ready',
  /** The Last-Event-ID is too old for this gateway's replay (or from another bus): read every screen again. */
  reset: 'reset',
  /** A Pack and Go Tracer / Tracer Route order's status changed. */
  order: 'order',
  /** A Huby shipment's labels arrived (or it was canceled): its row and the auto-print queue. */
  shipment: 'shipment',
  /** Some dashboard counters may have changed: their chart sources, to read again (throttled). */
  dashboard: 'dashboard',
  /** An alert's mail was sent or given up: its delivery history. */
  alertDelivery: 'alert-delivery',
} as const;
export type LiveEventName = (typeof LiveEventNames)[keyof typeof LiveEventNames];

export interface LiveOrderEvent {
  orderId: number;
  /** The delivery number (BL), as the row shows it. */
  reference: string;
  status: number;
  tracerStatus: string;
}

export interface LiveShipmentEvent {
  /** The Huby shipment's uuid (the row's id). */
  uuid: string;
  reference: string;
}

export interface LiveDashboardEvent {
  /** Chart sources (CHART_SOURCES ids) whose figures may have changed and the caller may read. */
  sources: string[];
}

export interface LiveAlertDeliveryEvent {
  alertId: number;
}

/** The data of each event name. */
export interface LiveEventData {
  ready: Record<string, never>;
  reset: Record<string, never>;
  order: LiveOrderEvent;
  shipment: LiveShipmentEvent;
  dashboard: LiveDashboardEvent;
  'alert-delivery': LiveAlertDeliveryEvent;
}

/** What the stream tells a client to wait before it comes back (the SSE `retry:` field), ms. */
export const LIVE_RETRY_MS = 3000;
