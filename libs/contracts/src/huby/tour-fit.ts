import type { ShipmentToursDto, TourDto } from './dto';
import { packingTotals, type PackingCounts } from './limits';

/**
 * What a shipment asks of a tour: its delivery options, weight, volume, packages and dates (a saved
 * ShipmentDto is one; the form makes one from what is typed).
 */
export interface TourNeeds {
  appointment: boolean;
  pallet_stripping: boolean;
  hatchback: boolean;
  delivery_on_floor: boolean;
  total_weight_kg: number;
  package_count: number;
  packings: readonly PackingCounts[];
  date_shipment_desired: string | null;
  date_delivery_desired: string | null;
}

/** A packing line's volume per parcel (m³, 4 decimals): the one entered, else from its dimensions in cm. */
export function packingVolume(p: {
  volume_m3?: number | null;
  length_cm?: number | null;
  width_cm?: number | null;
  height_cm?: number | null;
}): number | null {
  if (p.volume_m3 !== undefined && p.volume_m3 !== null) return p.volume_m3;
  return p.length_cm && p.width_cm && p.height_cm ? Math.round(((p.length_cm * p.width_cm * p.height_cm) / 1e6) * 10_000) / 10_000 : null;
}

/**
 * Why a tour cannot take a shipment (empty: it can). Spec §3 and issue 11: a tour is offered only
 * when its flags allow the shipment's options and its limits hold its weight, volume and package
 * count, and its delivery delay fits between the desired shipping and delivery days. The one rule of
 * the server (the tours offered for a saved shipment, the choice checked at save) and of the form
 * (the tours offered as the shipment is typed, before any save).
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

/** The tours of a depositor that fit a shipment; the warning key noToursAvailable when none does. */
export function fittingTours(tours: readonly TourDto[], depositorId: number, needs: TourNeeds): ShipmentToursDto {
  const fit = tours.filter((t) => t.depositor_id === depositorId && tourMisfits(t, needs).length === 0);
  return fit.length ? { tours: fit } : { tours: fit, warning: 'noToursAvailable' };
}
