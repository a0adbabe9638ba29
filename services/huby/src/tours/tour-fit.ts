import { packingTotals, type ShipmentDto, type TourDto } from '@portal/contracts';

/** What a shipment asks of a tour: its delivery options, weight, volume, packages and dates. */
export type TourNeeds = Pick<
  ShipmentDto,
  | 'appointment'
  | 'pallet_stripping'
  | 'hatchback'
  | 'delivery_on_floor'
  | 'total_weight_kg'
  | 'package_count'
  | 'packings'
  | 'date_shipment_desired'
  | 'date_delivery_desired'
>;

/**
 * Why a tour cannot take a shipment (empty: it can). Spec §3 and issue 11: a tour is offered only
 * when its flags allow the shipment's options and its limits hold its weight, volume and package
 * count, and its delivery delay fits between the desired shipping and delivery days.
 */
export function tourMisfits(tour: TourDto, s: TourNeeds): string[] {
  const reasons: string[] = [];
  if (!tour.active) reasons.push('inactive');
  if (s.pallet_stripping && !tour.flags.allow_pallet_stripping) reasons.push('pallet_stripping');
  if (s.delivery_on_floor && !tour.flags.floor_delivery) reasons.push('delivery_on_floor');
  if (s.hatchback && !tour.flags.hatchback) reasons.push('hatchback');
  if (s.appointment && !tour.flags.appointment) reasons.push('appointment');
  const weight = s.total_weight_kg;
  if (tour.weight_min_kg !== null && weight < tour.weight_min_kg) reasons.push('weight_min');
  if (tour.weight_max_kg !== null && weight > tour.weight_max_kg) reasons.push('weight_max');
  const volume = packingTotals(s.packings).volume_m3;
  if (tour.volume_min_m3 !== null && volume < tour.volume_min_m3) reasons.push('volume_min');
  if (tour.volume_max_m3 !== null && volume > tour.volume_max_m3) reasons.push('volume_max');
  if (tour.max_packages !== null && s.package_count > tour.max_packages) reasons.push('max_packages');
  if (tour.delivery_delay_days !== null && s.date_shipment_desired && s.date_delivery_desired) {
    const days = (Date.parse(s.date_delivery_desired) - Date.parse(s.date_shipment_desired)) / 86_400_000;
    if (days < tour.delivery_delay_days) reasons.push('delivery_delay');
  }
  return reasons;
}
