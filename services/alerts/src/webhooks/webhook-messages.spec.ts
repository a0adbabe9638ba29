import type { CarrierEventReportedEvent, FeedOrderMessage, OrderStatusChangedEvent } from '@portal/contracts';
import {
  carrierAnomalyMessages,
  claimStatusMessages,
  excursionMessages,
  labelsReadyMessages,
  lineBlockMessages,
  orderStatusMessages,
} from './webhook-messages';

const change = (status: number, previousStatus: number | null): OrderStatusChangedEvent => ({
  orderId: 42,
  depositorId: 1,
  depositorCode: 'DEMO-A',
  reference: 'BL42',
  previousStatus,
  status,
  tracerStatus: 'SHIPPED',
  source: 'feed',
  at: '2026-12-04T10:00:00.000Z',
});

describe('domain events as webhook messages', () => {
  it('tells a status change, and a delivery once when the new status is a delivered one, keyed by the order', () => {
    const [changed] = orderStatusMessages(change(90, 70));
    expect(orderStatusMessages(change(90, 70))).toHaveLength(1);
    expect(changed).toMatchObject({ type: 'order.status_changed', depositorId: 1, subject: 'BL42', orderingKey: 'order:42' });
    expect(changed.data('fr')).toMatchObject({ reference: 'BL42', depositorCode: 'DEMO-A', status: { code: 90, label: 'Expédiée' } });
    expect(changed.data('en')).toMatchObject({
      status: { code: 90, label: 'Shipped' },
      previousStatus: { code: 70, label: 'Ready to ship' },
    });
    expect(orderStatusMessages(change(100, 95)).map((m) => m.type)).toEqual(['order.status_changed', 'order.delivered']);
    expect(orderStatusMessages(change(98, 95)).map((m) => m.type)).toEqual(['order.status_changed', 'order.delivered']);
    // Partially delivered, then delivered: delivered once already.
    expect(orderStatusMessages(change(100, 98)).map((m) => m.type)).toEqual(['order.status_changed']);
  });

  it('labels statuses and carrier events in the provider’s words when it has some, else the catalogue’s', () => {
    const words = { trackingStatus: { '90': { fr: 'Partie de l’entrepôt' } }, carrierStatus: { ANOMALY: { en: 'Delivery issue' } } };
    const [changed] = orderStatusMessages(change(90, 70));
    expect(changed.data('fr', words)).toMatchObject({ status: { code: 90, label: 'Partie de l’entrepôt' } });
    // Another language, another status: the catalogue.
    expect(changed.data('en', words)).toMatchObject({ status: { label: 'Shipped' }, previousStatus: { label: 'Ready to ship' } });
    const [anomaly] = carrierAnomalyMessages(
      {
        orderId: 1,
        depositorId: 1,
        reference: 'BL1',
        carrier: 'GLS',
        trackingNumber: 'TN1',
        status: 'ANOMALY',
        at: '2026-12-04T10:00:00Z',
        note: null,
      },
      'DEMO-A',
    );
    expect(anomaly.data('en', words)).toMatchObject({ event: { code: 'ANOMALY', label: 'Delivery issue' } });
  });

  it('tells only the anomalies of the carriers', () => {
    const event = (status: CarrierEventReportedEvent['status']): CarrierEventReportedEvent => ({
      orderId: 42,
      depositorId: 1,
      reference: 'BL42',
      carrier: 'GLS',
      trackingNumber: 'TN1',
      status,
      at: '2026-12-04T10:00:00.000Z',
      note: null,
    });
    expect(carrierAnomalyMessages(event('IN_TRANSIT'), 'DEMO-A')).toEqual([]);
    const [anomaly] = carrierAnomalyMessages(event('ANOMALY'), 'DEMO-A');
    expect(anomaly).toMatchObject({ type: 'shipment.carrier_anomaly', orderingKey: 'order:42' });
    expect(anomaly.data('de')).toMatchObject({
      carrier: 'GLS',
      trackingNumber: 'TN1',
      depositorCode: 'DEMO-A',
      event: { code: 'ANOMALY' },
    });
  });

  it('tells labels ready of a shipment, not its cancellation, without the recipient', () => {
    const shipment: FeedOrderMessage = {
      reference: 'HUBY1',
      depositorId: 2,
      depositorCode: 'DEMO-B',
      createdAt: '2026-12-04T09:00:00.000Z',
      carrier: { code: 'DHL', name: 'DHL Express' },
      sender: { hubyUuid: '0b0c4a48-5d8a-4e5f-9d49-2f7a3c1d2e3f', voucher: 'V1' },
      recipient: {
        name: 'Camille Bernard',
        address1: '1 rue X',
        phone: '0600000000',
        email: 'c@example.com',
      } as FeedOrderMessage['recipient'],
      dates: { shippingValidatedAt: '2026-12-04T09:30:00.000Z' },
      parcels: [{ trackingNumber: 'JD1' }, { trackingNumber: null }],
      statuses: [{ status: 70, at: '2026-12-04T09:30:00.000Z' }],
    };
    const [ready] = labelsReadyMessages(shipment);
    expect(ready).toMatchObject({
      type: 'shipment.labels_ready',
      depositorId: 2,
      orderingKey: 'shipment:0b0c4a48-5d8a-4e5f-9d49-2f7a3c1d2e3f',
    });
    const data = ready.data('fr');
    expect(data).toMatchObject({ trackingNumbers: ['JD1'], carrier: 'DHL', voucher: 'V1', depositorCode: 'DEMO-B' });
    expect(JSON.stringify(data)).not.toMatch(/Camille|rue X|0600000000|c@example/);
    expect(labelsReadyMessages({ ...shipment, dates: { canceledAt: '2026-12-04T11:00:00.000Z' } })).toEqual([]);
  });

  it('keys claims and excursions by their own id', () => {
    const [claim] = claimStatusMessages({
      uuid: 'c1',
      reference: 'R1',
      depositorId: 1,
      deliveryReference: 'BL1',
      from: 'sent',
      to: 'processed',
      by: 'alice',
      at: '2026-12-04T10:00:00.000Z',
    });
    expect(claim).toMatchObject({ type: 'claim.status_changed', orderingKey: 'claim:c1' });
    const excursion = {
      id: 7,
      probeId: 1,
      zoneId: 1,
      kind: 'high' as const,
      startedAt: '2026-12-04T08:00:00.000Z',
      endedAt: '2026-12-04T09:00:00.000Z',
      durationMinutes: 60,
      peak: 9.5,
      threshold: 8,
      depositorId: 2,
      platformId: 14,
      mac: 'AA',
      label: 'Chambre froide',
    };
    expect(excursionMessages(excursion, false)[0]).toMatchObject({ type: 'temperature.excursion_opened', orderingKey: 'excursion:7' });
    expect(excursionMessages(excursion, true)[0]).toMatchObject({ type: 'temperature.excursion_closed', timestamp: excursion.endedAt });
  });

  it('tells a stock line blocked or unblocked, keyed by the line', () => {
    const event = {
      depositorId: 1,
      depositorCode: 'DEMO-A',
      platformId: 5,
      reference: 'ART-1',
      lot: 'L1',
      storeCode: null,
      at: '2026-12-04T10:00:00.000Z',
    };
    const [blocked] = lineBlockMessages({ ...event, blocked: true, quantityBlocked: 4, blockingCode: 'BL' });
    const [unblocked] = lineBlockMessages({ ...event, blocked: false, quantityBlocked: 0, blockingCode: 'NO' });
    expect(blocked).toMatchObject({ type: 'stock.line_blocked', subject: 'ART-1 / L1' });
    expect(unblocked).toMatchObject({ type: 'stock.line_unblocked', orderingKey: blocked.orderingKey });
    expect(blocked.data('fr')).toMatchObject({ reference: 'ART-1', quantityBlocked: 4, blockingCode: 'BL', depositorCode: 'DEMO-A' });
  });
});
