import type { TourDto } from './dto';
import { fittingTours, packingVolume, tourMisfits, type TourNeeds } from './tour-fit';

const tour = (over: Partial<TourDto> = {}): TourDto =>
  ({
    id: 1,
    depositor_id: 1,
    depositor_code: 'DEMO-A',
    code: 'COLIS-J1',
    account_number: null,
    transport_code: null,
    carrier: { id: 1, ref: 'DEMO', name: 'Transporteur démo' },
    tour_type: 'parcel',
    transport_mode: 'road',
    flags: { allow_pallet_stripping: false, floor_delivery: false, hatchback: false, appointment: false },
    weight_min_kg: null,
    weight_max_kg: 30,
    volume_min_m3: null,
    volume_max_m3: null,
    max_packages: 5,
    delivery_delay_days: null,
    codes: {},
    active: true,
    ...over,
  }) as TourDto;

const needs = (over: Partial<TourNeeds> = {}): TourNeeds => ({
  appointment: false,
  pallet_stripping: false,
  hatchback: false,
  delivery_on_floor: false,
  total_weight_kg: 12,
  package_count: 2,
  packings: [{ packages: 2, duplicate_count: 0, weight_kg: 6, volume_m3: 0.02 }],
  date_shipment_desired: null,
  date_delivery_desired: null,
  ...over,
});

describe('tour fit (the rule of the server and of the shipment form)', () => {
  it('reads a volume from the dimensions in cm when none is entered', () => {
    expect(packingVolume({ length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(0.024);
    expect(packingVolume({ volume_m3: 0.5, length_cm: 40, width_cm: 30, height_cm: 20 })).toBe(0.5);
    expect(packingVolume({ length_cm: 40, width_cm: null, height_cm: 20 })).toBeNull();
  });

  it('says why a tour cannot take a shipment', () => {
    expect(tourMisfits(tour(), needs())).toEqual([]);
    expect(tourMisfits(tour({ active: false }), needs())).toEqual(['inactive']);
    expect(tourMisfits(tour(), needs({ total_weight_kg: 31, appointment: true, package_count: 6 }))).toEqual([
      'appointment',
      'weight_max',
      'max_packages',
    ]);
    expect(
      tourMisfits(tour({ volume_max_m3: 0.03 }), needs({ packings: [{ packages: 2, duplicate_count: 0, weight_kg: 6, volume_m3: 0.02 }] })),
    ).toEqual(['volume_max']);
    expect(
      tourMisfits(tour({ delivery_delay_days: 2 }), needs({ date_shipment_desired: '2026-12-07', date_delivery_desired: '2026-12-08' })),
    ).toEqual(['delivery_delay']);
  });

  it("offers only the depositor's tours that fit, and says when none does", () => {
    const tours = [tour(), tour({ code: 'B-TOUR', depositor_id: 2 }), tour({ code: 'LIGHT', weight_max_kg: 5 })];
    expect(fittingTours(tours, 1, needs())).toEqual({ tours: [tours[0]] });
    expect(fittingTours(tours, 1, needs({ total_weight_kg: 40 }))).toEqual({ tours: [], warning: 'noToursAvailable' });
  });
});
