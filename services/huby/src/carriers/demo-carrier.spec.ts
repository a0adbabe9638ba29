import { describe, expect, it } from '@jest/globals';
import type { CarrierDto, ShipmentDto, TourDto } from '@portal/contracts';
import { DemoCarrier } from './demo-carrier';

const carrier = (settings: Record<string, string> = {}): CarrierDto => ({
  id: 1,
  ref: 'COLISSIMO',
  name: 'Colissimo',
  kind: 'parcel',
  shipping_window_days: 10,
  insurance_threshold: 1500,
  pickup_email: 'enlevements@colissimo.example',
  settings,
});
const tour = { code: 'COLIS-J1', account_number: '0123456' } as TourDto;
const shipment = (patch: Partial<ShipmentDto> = {}, recipient: Partial<ShipmentDto['recipient']> = {}): ShipmentDto =>
  ({
    reference: 'HUB-1',
    package_count: 3,
    insurance_value: null,
    recipient: { address1: '3 place Bellecour', address2: null, zip: '69002', town: 'LYON', country: 'FR', ...recipient },
    ...patch,
  }) as ShipmentDto;

describe('the demo carrier answers like a carrier web service', () => {
  let n = 41;
  const demo = new DemoCarrier(async () => ++n);
  const refusal = async (s: ShipmentDto, c = carrier()) =>
    demo.createVoucher(s, tour, c).then(
      () => null,
      (e: { key: string; params?: Record<string, unknown> }) => ({ key: e.key, params: e.params }),
    );

  it('gives a voucher and one tracking number per package in the carrier’s format', async () => {
    const answer = await demo.createVoucher(shipment(), tour, carrier());
    expect(answer.voucher).toBe('COL012345600000042');
    expect(answer.trackingNumbers).toHaveLength(3);
    expect(answer.trackingNumbers.every((t) => /^6A\d{11}$/.test(t))).toBe(true);
    expect(new Set(answer.trackingNumbers).size).toBe(3);
    expect(answer.insuranceByMail).toBe(false);
    expect((await demo.createVoucher(shipment({ insurance_value: 2000 }), tour, carrier())).insuranceByMail).toBe(true);
  });

  it('refuses with the spec §8 keys', async () => {
    expect((await refusal(shipment({}, { country: 'US', zip: '10001', town: 'NEW YORK' })))?.key).toBe('noCarrierService');
    expect((await refusal(shipment({}, { zip: '6900' })))?.key).toBe('zipTownNotReferenced');
    expect((await refusal(shipment({}, { zip: '75011' })))?.key).toBe('addressNotReferenced');
    expect((await refusal(shipment({}, { address1: 'Poste restante' })))?.key).toBe('addressNotDeliverable');
    expect(await refusal(shipment({ reference: 'HUB-2-KO' }))).toEqual({ key: 'voucherCreationFailed', params: { code: 'E-1042' } });
    expect(await refusal(shipment(), carrier({ simulate: 'ws-down' }))).toEqual({
      key: 'carrierServiceFailed',
      params: { code: 'WS-503' },
    });
    expect(await refusal(shipment({}, { country: 'US', zip: '10001', town: 'NEW YORK' }), carrier({ countries: 'FR,US' }))).toBeNull();
  });

  it('books a pickup with a confirmation number, or fails with its web service', async () => {
    const booking = {
      depositor_code: 'DEMO-A',
      shipper: { company_name: 'Plateforme', contact_name: null, address1: '1 rue', zip: '77600', town: 'BUSSY', country: 'FR' },
      pickup_date: '2026-11-26',
      pickup_hour: '14:30',
      account_number: null,
    };
    expect((await demo.requestPickup(booking, carrier())).reference).toMatch(/^ENLCOL261126\d{5}$/);
    await expect(demo.requestPickup(booking, carrier({ simulate: 'ws-down' }))).rejects.toMatchObject({
      key: 'carrierServiceFailed',
      params: { code: 'WS-503' },
    });
  });

  it('reports the journey step by step from the labels, or from the shipping day when later', () => {
    const paced = new DemoCarrier(async () => 1, 60_000);
    const followed = {
      uuid: 'u',
      reference: 'HUB-1',
      voucher: 'COL1',
      tracking_numbers: ['6A1', '6A2'],
      labels_at: '2026-11-25T10:00:00.000Z',
      date_shipment_desired: '2026-11-25',
      sent: 0,
    };
    const at = (minutes: number) => new Date(Date.parse('2026-11-25T10:00:00.000Z') + minutes * 60_000);
    const statuses = (f: typeof followed, minutes: number) => paced.trackingEvents(f, carrier(), at(minutes)).map((e) => e.status);
    expect(statuses(followed, 0)).toEqual([]);
    expect(statuses(followed, 2)).toEqual(['PICKED_UP', 'IN_TRANSIT']);
    expect(statuses({ ...followed, sent: 1 }, 4)).toEqual(['IN_TRANSIT', 'DELIVERED']);
    expect(statuses({ ...followed, sent: 3 }, 600)).toEqual([]);
    expect(statuses({ ...followed, reference: 'HUB-1-ANO' }, 6)).toEqual(['PICKED_UP', 'IN_TRANSIT', 'ANOMALY', 'DELIVERED']);
    // Shipping tomorrow: nothing happens before tomorrow 06:00 UTC.
    expect(statuses({ ...followed, date_shipment_desired: '2026-11-26' }, 600)).toEqual([]);
    expect(paced.trackingEvents(followed, carrier(), at(1))[0]).toMatchObject({ id: 'COL1-1', trackingNumber: '6A1' });
  });
});
