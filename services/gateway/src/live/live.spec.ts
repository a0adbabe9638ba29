import { InProcessTransport } from '@portal/bus';
import {
  AlertsEvents,
  EMPTY_SCOPE,
  FULL_SCOPE,
  HubyEvents,
  Role,
  TrackingEvents,
  type CallerContext,
  type DomainEvent,
  type Scope,
} from '@portal/contracts';
import { factOf, rowVisible, viewOf, type LiveRow } from './live-facts';
import { LiveFeed, parseCursor } from './live-feed';

const scope = (patch: Partial<Scope>): Scope => ({ ...EMPTY_SCOPE, ...patch });
const caller = (roles: string[], s: Scope): CallerContext => ({
  requestId: 'r',
  roles,
  scope: s,
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
  user: { id: 1, uuid: 'u', login: 'u', sessionId: 's' },
});
const event = (type: string, payload: unknown): DomainEvent => ({
  id: 'e',
  type,
  occurredAt: '2026-12-04T10:00:00Z',
  source: 't',
  payload,
});
const statusChanged = (depositorId: number, order: Record<string, unknown> = {}) =>
  event(TrackingEvents.orderStatusChanged, {
    orderId: 7,
    depositorId,
    depositorCode: 'X',
    reference: 'BL7',
    previousStatus: 0,
    status: 90,
    tracerStatus: 'SHIPPED',
    source: 'feed',
    at: '2026-12-04T10:00:00Z',
    order: { platformId: 1, activityCode: 'ECOM', storeCode: 'MAG', recipientName: 'Camille', recipientEmail: 'c@x.example', ...order },
  });

describe('live screens: the scope rule on one row (libs/db scopeConditions, case by case)', () => {
  const order: LiveRow = { depositorIds: [1], platformId: 1, activityCode: 'ECOM', storeCode: 'MAG' };

  it('denies by default and keeps every depositor of the row inside the scope', () => {
    expect(rowVisible(EMPTY_SCOPE, order)).toBe(false);
    expect(rowVisible(FULL_SCOPE, order)).toBe(true);
    expect(rowVisible(scope({ depositorIds: [2] }), order)).toBe(false);
    expect(rowVisible(scope({ depositorIds: [1] }), order)).toBe(true);
    // An alert naming two depositors: both must be in the scope.
    expect(rowVisible(scope({ depositorIds: [1] }), { depositorIds: [1, 2] })).toBe(false);
    expect(rowVisible(scope({ depositorIds: [1, 2] }), { depositorIds: [1, 2] })).toBe(true);
    expect(rowVisible(FULL_SCOPE, { depositorIds: [] })).toBe(true);
    expect(rowVisible(scope({ depositorIds: [1] }), { depositorIds: [] })).toBe(false);
  });

  it('narrows by platform, activity and store where the row carries them (an empty column is hidden)', () => {
    expect(rowVisible(scope({ depositorIds: [1], platformIds: [2] }), order)).toBe(false);
    expect(rowVisible(scope({ depositorIds: [1], platformIds: [1] }), order)).toBe(true);
    expect(rowVisible(scope({ depositorIds: [1], platformIds: [1] }), { ...order, platformId: null })).toBe(false);
    // A row without a platform column (a Huby shipment) is not narrowed by it.
    expect(rowVisible(scope({ depositorIds: [1], platformIds: [2] }), { depositorIds: [1] })).toBe(true);
    expect(rowVisible(scope({ depositorIds: [1], activityKeys: ['1:B2B'] }), order)).toBe(false);
    expect(rowVisible(scope({ depositorIds: [1], activityKeys: ['1:ECOM'] }), order)).toBe(true);
    expect(rowVisible(scope({ depositorIds: [1], activityKeys: ['1:ECOM'] }), { ...order, activityCode: null })).toBe(false);
    // Keys of another depositor leave this one whole.
    expect(rowVisible(scope({ depositorIds: [1, 2], storeKeys: ['2:FROID'] }), order)).toBe(true);
    expect(rowVisible(scope({ depositorIds: [1, 2], storeKeys: ['1:FROID'] }), order)).toBe(false);
  });
});

describe('live screens: what leaves, and for whom', () => {
  it('carries only what the row shows: no recipient, no address', () => {
    const fact = factOf(statusChanged(1), 5)!;
    expect(fact.event).toMatchObject({ name: 'order', data: { orderId: 7, reference: 'BL7', status: 90, tracerStatus: 'SHIPPED' } });
    expect(JSON.stringify(fact.event?.data)).not.toMatch(/Camille|c@x/);
  });

  it('gives the row to the roles of its screens, the counters to those who read them, nothing to another depositor', () => {
    const fact = factOf(statusChanged(1), 5)!;
    expect(viewOf(fact, caller([Role.PGT_USER], scope({ depositorIds: [1] })))).toMatchObject({ event: { name: 'order' } });
    expect(viewOf(fact, caller([Role.PGT_USER], scope({ depositorIds: [2] })))).toBeNull();
    // A stock user of the depositor: neither the row nor tracking's counters.
    expect(viewOf(fact, caller([Role.STOCK_USER], scope({ depositorIds: [1] })))).toBeNull();
    const shipment = factOf(event(HubyEvents.shipmentToTrack, { depositorId: 1, reference: 'HUB-1', sender: { hubyUuid: 'abc' } }), 6)!;
    expect(viewOf(shipment, caller([Role.PGT_USER], scope({ depositorIds: [1] })))).toBeNull();
    expect(viewOf(shipment, caller([Role.DASHTOWER_USER], scope({ depositorIds: [1] })))?.event?.data).toEqual({
      uuid: 'abc',
      reference: 'HUB-1',
    });
    const mail = factOf(
      event(AlertsEvents.mailSent, { alertId: 3, ownerId: 1, depositorIds: [1, 2], to: 'x@y', subject: 's', attempts: 1 }),
      7,
    )!;
    expect(viewOf(mail, caller([Role.ALERT_USER], scope({ depositorIds: [1] })))).toBeNull();
    expect(viewOf(mail, caller([Role.ALERT_USER], scope({ depositorIds: [1, 2] })))?.event?.data).toEqual({ alertId: 3 });
    // Another user of the same depositors: the alert is not theirs, its mails are not told to them; the provider's ADMIN sees them.
    const other = { ...caller([Role.ALERT_USER], scope({ depositorIds: [1, 2] })), user: { id: 2, uuid: 'v', login: 'v', sessionId: 't' } };
    expect(viewOf(mail, other)).toBeNull();
    expect(viewOf(mail, { ...other, roles: [Role.ALERT_USER, Role.ADMIN], scope: { ...other.scope, all: true } })?.event?.data).toEqual({
      alertId: 3,
    });
  });

  it('drops an event that names no depositor', () => {
    expect(factOf(event(TrackingEvents.orderStatusChanged, { orderId: 1 }), 1)).toBeNull();
    expect(factOf(event(AlertsEvents.mailFailed, { alertId: 1, ownerId: 1, depositorIds: ['x'] }), 1)).toBeNull();
    // A mail without its alert's owner (an alert gone, an older event) is told to nobody.
    expect(factOf(event(AlertsEvents.mailSent, { alertId: 1, depositorIds: [1] }), 1)).toBeNull();
  });
});

describe('LiveFeed, the replay of one gateway', () => {
  it('numbers events alike on every follower of the bus and replays after a cursor, or says it is too old', async () => {
    const bus = new InProcessTransport();
    const [one, two] = [new LiveFeed(bus), new LiveFeed(bus)];
    await one.onModuleInit();
    await bus.publish(statusChanged(1));
    await two.onModuleInit();
    await bus.publish(statusChanged(2));
    await bus.publish(statusChanged(1));
    expect(one.cursor()).toEqual(two.cursor());
    const second = { ...one.cursor(), position: one.cursor().position - 1 };
    expect(two.since(second)!.map((f) => f.row.depositorIds[0])).toEqual([1]);
    // Before the second gateway started: it cannot say what was missed.
    expect(two.since({ ...second, position: 0 })).toBeNull();
    expect(one.since({ ...second, position: 0 })!.length).toBe(3);
    expect(one.since({ epoch: 'other', position: 3 })).toBeNull();
    expect(parseCursor('zz')).toBeNull();
    expect(parseCursor(' ab-12 ')).toEqual({ epoch: 'ab', position: 12 });
    await bus.close();
  });
});
