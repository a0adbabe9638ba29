import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, type OrderDetailDto } from '@portal/contracts';
import { deliveryProgress } from './progress';

const NOW = new Date('2026-11-20T12:00:00Z');

/** The fields the progress reads; the rest of the detail does not matter here. */
function order(status: number, history: [number, string][], patch: Partial<OrderDetailDto> = {}): OrderDetailDto {
  return {
    status,
    tracerStatus: 'WAITING',
    createdAt: '2026-11-16T08:00:00Z',
    shippedAt: null,
    deliveredAt: null,
    promisedDeliveryAt: '2026-11-19T18:00:00Z',
    dates: { preparationEndedAt: null, shippedAt: null, deliveredAt: null, promisedDeliveryAt: null, canceledAt: null },
    history: history.map(([s, at]) => ({ status: s, at, source: 'feed', comment: null })),
    tracerEvents: [],
    lines: [],
    customsStatus: null,
    ...patch,
  } as unknown as OrderDetailDto;
}

const reached = (o: OrderDetailDto) => deliveryProgress(o, NOW).steps.map((s) => [s.step, s.reached, s.at]);

describe('the progress summary of a delivery', () => {
  it('maps a delivered order: every step reached with the date it was first reached', () => {
    const o = order(100, [
      [0, '2026-11-16T08:00:00Z'],
      [30, '2026-11-16T09:00:00Z'],
      [60, '2026-11-16T10:00:00Z'],
      [70, '2026-11-16T11:00:00Z'],
      [90, '2026-11-17T08:00:00Z'],
      [95, '2026-11-17T14:00:00Z'],
      [100, '2026-11-18T10:00:00Z'],
    ]);
    expect(reached(o)).toEqual([
      ['ordered', true, '2026-11-16T08:00:00Z'],
      ['prepared', true, '2026-11-16T10:00:00Z'],
      ['shipped', true, '2026-11-17T08:00:00Z'],
      ['delivered', true, '2026-11-18T10:00:00Z'],
    ]);
    expect(deliveryProgress(o, NOW)).toMatchObject({ current: 3, trouble: null, promisedAt: '2026-11-19T18:00:00Z', lateness: null });
  });

  it('stops an order still being picked at ordered, and one in transit past its date at shipped, late', () => {
    const picking = order(30, [
      [0, '2026-11-16T08:00:00Z'],
      [30, '2026-11-16T09:00:00Z'],
    ]);
    expect(deliveryProgress(picking, NOW)).toMatchObject({ current: 0, lateness: 'late' });
    const inTransit = order(95, [
      [0, '2026-11-16T08:00:00Z'],
      [90, '2026-11-17T08:00:00Z'],
      [95, '2026-11-17T14:00:00Z'],
    ]);
    // Shipped without a dated end of preparation: prepared is reached, its date unknown.
    expect(reached(inTransit)).toEqual([
      ['ordered', true, '2026-11-16T08:00:00Z'],
      ['prepared', true, null],
      ['shipped', true, '2026-11-17T08:00:00Z'],
      ['delivered', false, null],
    ]);
    expect(deliveryProgress(inTransit, NOW)).toMatchObject({ current: 2, trouble: null, lateness: 'late' });
  });

  it('shows an anomaly, a return, a cancelation and a partial delivery where they happened', () => {
    const shipped: [number, string][] = [
      [0, '2026-11-16T08:00:00Z'],
      [90, '2026-11-17T08:00:00Z'],
    ];
    expect(deliveryProgress(order(97, [...shipped, [97, '2026-11-18T09:00:00Z']]), NOW)).toMatchObject({
      current: 2,
      trouble: { kind: 'anomaly', at: '2026-11-18T09:00:00Z' },
    });
    expect(deliveryProgress(order(96, [...shipped, [97, '2026-11-18T09:00:00Z'], [96, '2026-11-19T09:00:00Z']]), NOW)).toMatchObject({
      current: 2,
      trouble: { kind: 'returned', at: '2026-11-19T09:00:00Z' },
    });
    const canceled = order(-1, [
      [0, '2026-11-16T08:00:00Z'],
      [10, '2026-11-16T08:20:00Z'],
      [-1, '2026-11-16T10:00:00Z'],
    ]);
    expect(deliveryProgress(canceled, NOW)).toMatchObject({ current: 0, trouble: { kind: 'canceled', at: '2026-11-16T10:00:00Z' } });
    expect(reached(canceled).filter(([, r]) => r)).toHaveLength(1);
    const partial = deliveryProgress(order(98, [...shipped, [98, '2026-11-20T09:00:00Z']], { deliveredAt: '2026-11-20T09:00:00Z' }), NOW);
    expect(partial).toMatchObject({ current: 3, trouble: { kind: 'partial' }, lateness: 'deliveredLate' });
  });
});

describe('the link to the carrier’s tracking page', () => {
  it('puts the URL-encoded number in the template, and links nothing without a valid template', () => {
    expect(carrierTrackingUrl('https://www.dhl.com/fr-fr/home/suivi.html?tracking-id={trackingNumber}', '1Z 99&x=1')).toBe(
      'https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=1Z%2099%26x%3D1',
    );
    expect(carrierTrackingUrl('https://trace.dpd.fr/fr/trace/{trackingNumber}', '../admin')).toBe(
      'https://trace.dpd.fr/fr/trace/..%2Fadmin',
    );
    expect(carrierTrackingUrl(null, '6A123')).toBeNull();
    expect(carrierTrackingUrl('javascript:alert(1)//{trackingNumber}', '6A123')).toBeNull();
    expect(carrierTrackingUrl('https://{trackingNumber}.example/', 'evil')).toBeNull();
    expect(carrierTrackingUrl('https://www.laposte.fr/outils/suivre-vos-envois?code={trackingNumber}', '')).toBeNull();
  });
});
