import {
  AlertsEvents,
  CHART_SOURCES,
  hasAnyRole,
  HubyEvents,
  LiveEventNames,
  Role,
  StockEvents,
  TrackingEvents,
  type AlertMailSentEvent,
  type CallerContext,
  type DomainEvent,
  type FeedOrderMessage,
  type LiveEventData,
  type OrderStatusChangedEvent,
  type Scope,
  type StockLinesReplacedEvent,
} from '@portal/contracts';

/** The domain events the live screens follow. */
export const LIVE_EVENT_TYPES = [
  TrackingEvents.orderStatusChanged,
  HubyEvents.shipmentToTrack,
  AlertsEvents.mailSent,
  AlertsEvents.mailFailed,
  StockEvents.linesReplaced,
];

/**
 * The scope columns of the row an event is about, as the services' scope helpers read them. A
 * dimension left undefined is one the row does not carry (a Huby shipment has no activity); null is
 * a row's empty column, which a narrowed scope does not show (as `= ANY(...)` is not true for NULL).
 */
export interface LiveRow {
  /** One depositor, or all those an alert names: the row is visible only when every one is in the scope. */
  depositorIds: number[];
  platformId?: number | null;
  activityCode?: string | null;
  storeCode?: string | null;
}

type RowEventName = 'order' | 'shipment' | 'alert-delivery';

/** A followed event as the live screens need it: which row, for whom, and what it tells. */
export interface LiveFact {
  position: number;
  row: LiveRow;
  /**
   * The event for the screens that show the row, and the roles that open them; `userId`: a row of
   * one user's own (an alert), told only to that user and to the provider's ADMIN.
   */
  event?: { [N in RowEventName]: { name: N; data: LiveEventData[N]; roles: readonly string[]; userId?: number } }[RowEventName];
  /** The chart sources whose figures it may change (each read only by the roles CHART_SOURCES names). */
  sources: string[];
}

const TRACKING_SCREENS = [Role.PGT_USER, Role.TRACERROUTE_USER] as const;
const HUBY_SCREENS = [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER] as const;
const ALERT_SCREENS = [Role.ALERT_USER] as const;
const TRACKING_SOURCES = CHART_SOURCES.filter((s) => s.service === 'tracking').map((s) => s.id);
const STOCK_SOURCES = CHART_SOURCES.filter((s) => s.service === 'stock').map((s) => s.id);

const id = (value: unknown): number | null => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const optionalId = (value: unknown): number | null => (value == null ? null : id(value));

/**
 * The fact of a followed event; null for one that names no depositor (nothing is pushed that the
 * scope rule cannot place). Only the fields the screens' rows show leave: no recipient, no address.
 */
export function factOf(event: DomainEvent, position: number): LiveFact | null {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case TrackingEvents.orderStatusChanged: {
      const change = payload as Partial<OrderStatusChangedEvent>;
      const depositorId = id(change.depositorId);
      const orderId = id(change.orderId);
      if (!depositorId || !orderId) return null;
      const order = change.order;
      return {
        position,
        row: {
          depositorIds: [depositorId],
          platformId: optionalId(order?.platformId),
          activityCode: text(order?.activityCode),
          storeCode: text(order?.storeCode),
        },
        event: {
          name: LiveEventNames.order,
          data: {
            orderId,
            reference: text(change.reference) ?? '',
            status: Number(change.status),
            tracerStatus: text(change.tracerStatus) ?? '',
          },
          roles: TRACKING_SCREENS,
        },
        sources: TRACKING_SOURCES,
      };
    }
    case HubyEvents.shipmentToTrack: {
      const order = payload as Partial<FeedOrderMessage>;
      const depositorId = id(order.depositorId);
      const uuid = text(order.sender?.hubyUuid);
      if (!depositorId || !uuid) return null;
      return {
        position,
        row: { depositorIds: [depositorId] },
        event: { name: LiveEventNames.shipment, data: { uuid, reference: text(order.reference) ?? '' }, roles: HUBY_SCREENS },
        sources: [],
      };
    }
    case AlertsEvents.mailSent:
    case AlertsEvents.mailFailed: {
      const mail = payload as Partial<AlertMailSentEvent>;
      const alertId = id(mail.alertId);
      const ownerId = id(mail.ownerId);
      const depositorIds = Array.isArray(mail.depositorIds) ? mail.depositorIds.map(id) : [];
      // An alert's mails are its owner's (the alerts service shows them to the owner and to ADMIN only).
      if (!alertId || !ownerId || !depositorIds.length || depositorIds.includes(null)) return null;
      return {
        position,
        row: { depositorIds: depositorIds as number[] },
        event: { name: LiveEventNames.alertDelivery, data: { alertId }, roles: ALERT_SCREENS, userId: ownerId },
        sources: [],
      };
    }
    case StockEvents.linesReplaced: {
      const snapshot = payload as Partial<StockLinesReplacedEvent>;
      const depositorId = id(snapshot.depositorId);
      if (!depositorId) return null;
      return { position, row: { depositorIds: [depositorId], platformId: optionalId(snapshot.platformId) }, sources: STOCK_SOURCES };
    }
    default:
      return null;
  }
}

/**
 * The scope rule of libs/db scopeConditions, on one row already described: deny by default, the
 * depositors always, the platforms when the user narrowed to some, activities and stores per
 * restricted depositor. It must stay the same rule: live.spec.ts walks it case by case.
 */
export function rowVisible(scope: Scope, row: LiveRow): boolean {
  if (scope.all) return true;
  if (!row.depositorIds.length || !row.depositorIds.every((d) => scope.depositorIds.includes(d))) return false;
  if (row.platformId !== undefined && scope.platformIds.length && (row.platformId === null || !scope.platformIds.includes(row.platformId)))
    return false;
  for (const [code, keys] of [
    [row.activityCode, scope.activityKeys],
    [row.storeCode, scope.storeKeys],
  ] as const) {
    if (code === undefined || !keys.length) continue;
    for (const depositorId of row.depositorIds) {
      const prefix = `${depositorId}:`;
      const allowed = keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
      // A depositor without keys is whole; one with keys shows only rows of those codes.
      if (allowed.length && (code === null || !allowed.includes(code))) return false;
    }
  }
  return true;
}

/** What one caller's stream carries of a fact: the row's event if a screen of theirs shows it, and the counters they read. */
export function viewOf(fact: LiveFact, caller: CallerContext): { event?: LiveFact['event']; sources: string[] } | null {
  if (!rowVisible(caller.scope, fact.row)) return null;
  const event =
    fact.event &&
    hasAnyRole(caller.roles, fact.event.roles) &&
    (fact.event.userId === undefined || fact.event.userId === caller.user?.id || caller.roles.includes(Role.ADMIN))
      ? fact.event
      : undefined;
  const sources = fact.sources.filter((s) => hasAnyRole(caller.roles, CHART_SOURCES.find((c) => c.id === s)?.roles ?? [Role.ADMIN]));
  return event || sources.length ? { event, sources } : null;
}
