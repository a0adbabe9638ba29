import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  isPublicTrackingToken,
  Role,
  systemContext,
  TrackingSubjects,
  type FeedResultDto,
  type OrderDetailDto,
  type OrderSearchPage,
  type PublicTrackingDto,
  type PublicTrackingLinkDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { A, B, feedOrder, userOf, warehouse } from '../../test/fixtures';
import { TrackingServiceModule } from '../tracking.module';

describe('public tracking tokens and page data', () => {
  let h: ServiceHarness;
  const ofA = userOf([A], [Role.PGT_USER, Role.TRACERROUTE_USER, Role.USER_DELETE_TRACKING_LINE]);
  const ofB = userOf([B]);
  const anonymous = { ...systemContext('anonymous'), roles: [], scope: { ...systemContext().scope, all: false } };
  const lookup = (token: unknown) => h.call<PublicTrackingDto | null>(TrackingSubjects.publicTracking, anonymous, { token });
  const detailOf = async (ctx: typeof ofA, reference: string): Promise<OrderDetailDto> => {
    const page = await h.call<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, { filter: { q: reference } });
    return h.call<OrderDetailDto>(TrackingSubjects.orderDetail, ctx, { id: page.items[0].id });
  };
  const recipient = {
    company: 'Pharmacie du Centre',
    name: 'Camille Bernard',
    address1: '12 rue Pasteur',
    address2: 'Bâtiment B',
    zip: '69003',
    town: 'Lyon',
    country: 'FR',
    phone: '+33 4 78 00 00 00',
    email: 'camille.bernard@example.org',
  };

  beforeAll(async () => {
    h = await startServices([TrackingServiceModule]);
    const orders = [
      feedOrder(1, { recipient, carrier: { code: 'GLS', name: 'GLS' } }),
      feedOrder(2),
      feedOrder(3, { depositorId: B, recipient: { ...recipient, zip: '75011', town: 'Paris', address1: '3 rue Oberkampf' } }),
    ];
    expect(await h.call<FeedResultDto>(TrackingSubjects.feedOrders, warehouse(), { orders })).toMatchObject({ applied: 3 });
    const db = h.get<Db>(Db);
    // Test set-up: the carrier settings' public page of GLS.
    await db.system.query(`INSERT INTO carriers (code, name, tracking_url_template) VALUES ('GLS', 'GLS', $1)`, [
      'https://gls-group.com/FR/fr/suivi-colis?match={trackingNumber}',
    ]);
  });
  afterAll(() => h.close());

  it('gives every order its own unguessable token, shown in its detail', async () => {
    const [one, two] = [await detailOf(ofA, 'CMD1000001'), await detailOf(ofA, 'CMD1000002')];
    expect(isPublicTrackingToken(one.publicToken)).toBe(true);
    expect(one.publicToken).not.toBe(two.publicToken);
    expect(one.publicToken).not.toContain(one.reference);
    const db = h.get<Db>(Db);
    // Every stored token has the format and is unique.
    const [stats] = await db.system.query<{ n: string; distinct: string; bad: string }>(
      `SELECT count(*) AS n, count(DISTINCT public_token) AS distinct, count(*) FILTER (WHERE public_token !~ '^[A-Za-z0-9_-]{24}$') AS bad FROM orders`,
    );
    expect(stats).toEqual({ n: '3', distinct: '3', bad: '0' });
  });

  it('answers what the page shows, and never the street, phone, email, names or references', async () => {
    const order = await detailOf(ofA, 'CMD1000001');
    await h.call(TrackingSubjects.tracerAddEvent, ofA, {
      id: order.id,
      type: 'NEW_APPOINTMENT',
      appointmentAt: '2026-11-20T09:00:00.000Z',
      eventAt: '2026-11-19T10:00:00.000Z',
      publicNote: 'Rappeler le 06 12 34 56 78',
      privateNote: 'secret',
    });
    await h.call(TrackingSubjects.tracerAddEvent, ofA, {
      id: order.id,
      type: 'LITIGATION_IN_PROGRESS',
      eventAt: '2026-11-19T11:00:00.000Z',
    });
    const page = await lookup(order.publicToken);
    expect(page).toEqual({
      depositorId: A,
      status: 90,
      carrierName: 'GLS',
      trackingNumbers: [
        { number: order.trackingNumbers[0], url: `https://gls-group.com/FR/fr/suivi-colis?match=${order.trackingNumbers[0]}` },
      ],
      promisedDeliveryAt: order.promisedDeliveryAt,
      deliveredAt: null,
      zip: '69003',
      // The feed writes towns in capitals (as on labels).
      town: 'LYON',
      timeline: [
        {
          kind: 'event',
          at: '2026-11-19T10:00:00.000Z',
          type: 'NEW_APPOINTMENT',
          carrierStatus: null,
          appointmentAt: '2026-11-20T09:00:00.000Z',
        },
        ...order.history.map((s) => ({ kind: 'status', at: s.at, status: s.status })).sort((a, b) => Date.parse(b.at) - Date.parse(a.at)),
      ],
    });
    const text = JSON.stringify(page);
    for (const hidden of [
      recipient.address1,
      recipient.address2,
      recipient.phone,
      recipient.email,
      recipient.name,
      recipient.company,
      order.reference,
      order.customerReference!,
      'secret',
      '06 12',
    ])
      expect(text).not.toContain(hidden);
  });

  it('keeps each depositor’s order to its own token', async () => {
    const a = await detailOf(ofA, 'CMD1000002');
    const b = await detailOf(ofB, 'CMD2000003');
    expect(await lookup(a.publicToken)).toMatchObject({ depositorId: A, town: 'LYON' });
    expect(await lookup(b.publicToken)).toMatchObject({ depositorId: B, town: 'PARIS', zip: '75011' });
    expect(JSON.stringify(await lookup(a.publicToken))).not.toContain('PARIS');
  });

  it('answers null alike for unknown, malformed and hidden (revoked) tokens', async () => {
    const order = await detailOf(ofA, 'CMD1000002');
    const unknown = order.publicToken.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const token of [
      unknown,
      'A'.repeat(24),
      '',
      null,
      42,
      { $ne: '' },
      ['x'],
      `${order.publicToken}\u0000`,
      'x'.repeat(100_000),
      '😀'.repeat(12),
      order.publicToken.toLowerCase() === order.publicToken ? order.publicToken.toUpperCase() : order.publicToken.toLowerCase(),
      ` ${order.publicToken}`,
    ])
      expect(await lookup(token)).toBeNull();
    expect(await lookup(order.publicToken)).not.toBeNull();
    await h.call(TrackingSubjects.deleteOrder, ofA, { id: order.id });
    expect(await lookup(order.publicToken)).toBeNull();
  });

  it('gives the alert mails the links of visible orders, to system callers only', async () => {
    const one = await detailOf(ofA, 'CMD1000001');
    const b = await detailOf(ofB, 'CMD2000003');
    const links = await h.call<PublicTrackingLinkDto[]>(TrackingSubjects.publicTrackingLinks, systemContext('alerts'), {
      orderIds: [one.id, b.id, 999_999, 'x'],
    });
    expect(links).toEqual([
      { orderId: one.id, token: one.publicToken },
      { orderId: b.id, token: b.publicToken },
    ]);
    await expect(h.call(TrackingSubjects.publicTrackingLinks, ofA, { orderIds: [one.id] })).rejects.toMatchObject({
      key: 'permissionDenied',
    });
  });
});
