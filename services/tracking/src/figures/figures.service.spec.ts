import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Role, TrackingSubjects, type FeedResultDto, type FiguresResponse } from '@portal/contracts';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';
import { currentWeek } from './figures.service';

const DAY = 86_400_000;
const now = Date.now();
const week = currentWeek('Europe/Paris', new Date(now));
const iso = (t: number) => new Date(t).toISOString();
const beforeWeek = (days: number) => week.from.getTime() - days * DAY;

/** An order of `carrier` whose statuses are [code, at] pairs (the last one is its status), promised at `promised`. */
function order(n: number, carrier: string, statuses: [number, number][], promised: number, depositorId = A) {
  const createdAt = Math.min(statuses[0][1], now - 60_000);
  return feedOrder(n, {
    depositorId,
    carrier: { code: carrier.toUpperCase(), name: carrier },
    createdAt: iso(createdAt),
    dates: { promisedDeliveryAt: iso(promised) },
    statuses: statuses.map(([status, at]) => ({ status, at: iso(at) })),
  });
}

describe('dashboard figures of deliveries', () => {
  let h: ServiceHarness;
  const figures = (source: string, ctx = userOf([A])) => h.call<FiguresResponse>(TrackingSubjects.figures, ctx, { source });

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    const old = beforeWeek(3);
    const orders = [
      // Late: open and past their promised date (before this week).
      order(
        1,
        'Colissimo',
        [
          [0, old - 2 * DAY],
          [90, old - DAY],
        ],
        old,
      ),
      order(
        2,
        'DHL',
        [
          [0, old - 2 * DAY],
          [95, old - DAY],
        ],
        old,
      ),
      order(
        3,
        'DHL',
        [
          [0, old - 2 * DAY],
          [90, old - DAY],
        ],
        old + DAY,
      ),
      // Not late: delivered, canceled, in anomaly (recent), in anomaly (40 days ago).
      order(
        4,
        'Colissimo',
        [
          [0, old - 2 * DAY],
          [100, old - DAY],
        ],
        old,
      ),
      order(
        5,
        'Colissimo',
        [
          [0, old - 2 * DAY],
          [-1, old - DAY],
        ],
        old,
      ),
      order(
        6,
        'DHL',
        [
          [0, now - 4 * DAY],
          [90, now - 3 * DAY],
          [97, now - 2 * DAY],
        ],
        beforeWeek(1),
      ),
      order(
        7,
        'Colissimo',
        [
          [0, now - 45 * DAY],
          [90, now - 42 * DAY],
          [97, now - 40 * DAY],
        ],
        now - 41 * DAY,
      ),
      // Promised this week: delivered, on its way, late, canceled.
      order(
        8,
        'Colissimo',
        [
          [0, week.from.getTime() - 2 * DAY],
          [100, now - 60_000],
        ],
        week.from.getTime() + 60_000,
      ),
      order(
        9,
        'Colissimo',
        [
          [0, now - 2 * DAY],
          [90, now - DAY],
        ],
        week.to.getTime() - 60_000,
      ),
      order(
        10,
        'Colissimo',
        [
          [0, now - 2 * DAY],
          [90, now - DAY],
        ],
        Math.max(week.from.getTime(), now - 60_000),
      ),
      order(
        11,
        'Colissimo',
        [
          [0, now - 2 * DAY],
          [-1, now - DAY],
        ],
        week.to.getTime() - 60_000,
      ),
      // Another depositor's: late, an anomaly, promised this week.
      order(
        1,
        'Geodis',
        [
          [0, old - 2 * DAY],
          [90, old - DAY],
        ],
        old,
        B,
      ),
      order(
        2,
        'Geodis',
        [
          [0, now - 4 * DAY],
          [90, now - 3 * DAY],
          [97, now - 2 * DAY],
        ],
        beforeWeek(1),
        B,
      ),
      order(
        3,
        'Geodis',
        [
          [0, now - 2 * DAY],
          [90, now - DAY],
        ],
        week.to.getTime() - 60_000,
        B,
      ),
    ];
    const result = await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders });
    expect(result).toMatchObject({ applied: orders.length, rejected: [] });
  });
  afterAll(() => h.close());

  it('counts the late deliveries per carrier, most first', async () => {
    expect(await figures('late-deliveries')).toEqual({
      source: 'late-deliveries',
      series: [
        { label: 'Colissimo', value: 2 },
        { label: 'DHL', value: 2 },
      ],
    });
  });

  it('counts the delivery anomalies of the last 30 days per carrier', async () => {
    expect((await figures('anomalies-by-carrier')).series).toEqual([{ label: 'DHL', value: 1 }]);
  });

  it('counts the deliveries promised this week by the status shown, canceled ones aside', async () => {
    expect((await figures('week-deliveries-by-status')).series).toEqual([
      { label: 'SHIPPED', value: 1 },
      { label: 'LATE', value: 1 },
      { label: 'DELIVERED', value: 1 },
    ]);
  });

  it('never counts another depositor’s deliveries', async () => {
    const ofB = userOf([B]);
    expect((await figures('late-deliveries', ofB)).series).toEqual([{ label: 'Geodis', value: 1 }]);
    expect((await figures('anomalies-by-carrier', ofB)).series).toEqual([{ label: 'Geodis', value: 1 }]);
    expect((await figures('week-deliveries-by-status', ofB)).series).toEqual([{ label: 'SHIPPED', value: 1 }]);
    const nobody = userOf([]);
    for (const source of ['late-deliveries', 'anomalies-by-carrier', 'week-deliveries-by-status'])
      expect((await figures(source, nobody)).series).toEqual([]);
    expect((await figures('late-deliveries', userOf([A, B]))).series).toEqual([
      { label: 'Colissimo', value: 2 },
      { label: 'DHL', value: 2 },
      { label: 'Geodis', value: 1 },
    ]);
  });

  it('answers permissionDenied without a tracking role, validationFailed for a source of another service or none', async () => {
    await expect(figures('late-deliveries', userOf([A], [Role.STOCK_USER]))).rejects.toMatchObject({ key: 'permissionDenied' });
    expect((await figures('late-deliveries', userOf([A], [Role.TRACERROUTE_USER]))).series).toHaveLength(2);
    await expect(figures('blocked-stock-by-code')).rejects.toMatchObject({ key: 'validationFailed', fields: { source: 'invalidFormat' } });
    await expect(figures('orders-per-day')).rejects.toMatchObject({ key: 'validationFailed', fields: { source: 'invalidFormat' } });
    await expect(h.call(TrackingSubjects.figures, userOf([A]), {})).rejects.toMatchObject({ fields: { source: 'required' } });
  });
});
