import { AppError, type CarrierDto, type CarrierEventStatus, type ShipmentDto, type TourDto } from '@portal/contracts';
import { DEMO_TOWNS, demoCarrierSecret } from '@portal/demo';
import { insuranceByMail } from './connectors/connector-kit';
import type { CarrierAdapter, CarrierTrackingEvent, FollowedShipment, PickupBooking, VoucherAnswer } from './carrier-adapter';

/**
 * The demo carrier's journey, in steps (HUBY_DEMO_CARRIER_STEP_MS, default two hours) from when the
 * labels came, or from 06:00 UTC on the shipping day if that is later: picked up after one step, in
 * transit after two, delivered after four. A reference ending in "-ANO" meets an anomaly on the way
 * and is delivered later.
 */
const TIMELINE: { step: number; status: CarrierEventStatus; note: string }[] = [
  { step: 1, status: 'PICKED_UP', note: 'Colis pris en charge' },
  { step: 2, status: 'IN_TRANSIT', note: 'En cours d’acheminement' },
  { step: 4, status: 'DELIVERED', note: 'Livré' },
];
const WITH_ANOMALY: typeof TIMELINE = [
  ...TIMELINE.slice(0, 2),
  { step: 3, status: 'ANOMALY', note: 'Destinataire absent, avis de passage déposé' },
  { step: 6, status: 'DELIVERED', note: 'Livré après nouvelle présentation' },
];
export const DEMO_CARRIER_STEP_MS = 2 * 3_600_000;
export const demoCarrierStepMs = (): number => {
  const ms = Number(process.env.HUBY_DEMO_CARRIER_STEP_MS ?? DEMO_CARRIER_STEP_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEMO_CARRIER_STEP_MS;
};

/** The département (first two postcode digits) of the towns the demo carrier knows. */
const DEPARTMENT_OF_DEMO_TOWN: Record<string, string> = Object.fromEntries(DEMO_TOWNS.map(([zip, town]) => [town, zip.slice(0, 2)]));

/** Countries a carrier serves unless its settings say otherwise (`countries`: comma-separated ISO codes). */
const DEFAULT_COUNTRIES = ['FR', 'MC', 'BE', 'LU', 'DE', 'NL', 'ES', 'IT', 'CH'];

/**
 * The built-in demo carrier: answers like a carrier's web service would, from the shipment alone
 * (deterministic, so that demos and tests can show every answer):
 * - a destination country the carrier does not serve: noCarrierService;
 * - a French postcode that is not five digits: zipTownNotReferenced;
 * - a known town with a postcode of another département: addressNotReferenced;
 * - "poste restante" or an unnamed street: addressNotDeliverable;
 * - settings.simulate = "ws-down": carrierServiceFailed with code WS-503;
 * - a reference ending in "-KO": voucherCreationFailed with code E-1042;
 * otherwise a voucher and one tracking number per package (the carrier's own format), the insurance
 * declared by mail above the carrier's threshold. Then it reports the parcels' journey (TIMELINE) on
 * the first tracking number, signed with the carrier's demo webhook secret.
 */
export class DemoCarrier implements CarrierAdapter {
  constructor(
    private readonly nextNumber: () => Promise<number>,
    private readonly stepMs = demoCarrierStepMs(),
  ) {}

  trackingEvents(s: FollowedShipment, _carrier: CarrierDto, now: Date): CarrierTrackingEvent[] {
    const shippingDay = s.date_shipment_desired ? new Date(`${s.date_shipment_desired}T06:00:00.000Z`).getTime() : 0;
    const start = Math.max(new Date(s.labels_at).getTime(), shippingDay);
    const timeline = /-ANO$/.test(s.reference) ? WITH_ANOMALY : TIMELINE;
    return timeline
      .map((e, i) => ({
        id: `${s.voucher}-${i + 1}`,
        trackingNumber: s.tracking_numbers[0],
        status: e.status,
        at: new Date(start + e.step * this.stepMs).toISOString(),
        note: e.note,
      }))
      .slice(s.sent)
      .filter((e) => new Date(e.at).getTime() <= now.getTime());
  }

  signingSecret(carrier: CarrierDto): string {
    return demoCarrierSecret(carrier.ref);
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto): Promise<VoucherAnswer> {
    if (carrier.settings?.simulate === 'ws-down')
      throw new AppError('carrierServiceFailed', `${carrier.name}: web service unavailable`, { code: 'WS-503' });
    const r = s.recipient;
    const countries = carrier.settings?.countries?.split(',').map((c) => c.trim().toUpperCase()) ?? DEFAULT_COUNTRIES;
    if (!countries.includes(r.country))
      throw new AppError('noCarrierService', `${carrier.name} does not serve ${r.country}`, { country: r.country, carrier: carrier.ref });
    if (r.country === 'FR') {
      if (!/^\d{5}$/.test(r.zip))
        throw new AppError('zipTownNotReferenced', `${r.zip} ${r.town} is not referenced`, { zip: r.zip, town: r.town });
      const department = DEPARTMENT_OF_DEMO_TOWN[r.town.toUpperCase()];
      if (department && !r.zip.startsWith(department))
        throw new AppError('addressNotReferenced', `${r.zip} does not match ${r.town}`, { zip: r.zip, town: r.town });
    }
    if (/poste restante/i.test(`${r.address1} ${r.address2 ?? ''}`) || !/[a-z]{3}/i.test(r.address1))
      throw new AppError('addressNotDeliverable', 'address not deliverable', { reason: r.address1 });
    if (/-KO$/.test(s.reference)) throw new AppError('voucherCreationFailed', `${carrier.name} refused the voucher`, { code: 'E-1042' });
    const n = await this.nextNumber();
    const voucher = `${carrier.ref.slice(0, 3)}${tour.account_number ?? ''}${String(n).padStart(8, '0')}`;
    const trackingNumbers = Array.from({ length: Math.max(1, s.package_count) }, (_, i) => trackingNumber(carrier.ref, n, i));
    return { voucher, trackingNumbers, insuranceByMail: insuranceByMail(s, carrier) };
  }

  /** Books the pickup: ENL + the carrier's three letters + the day + a number; down with its web service. */
  async requestPickup(p: PickupBooking, carrier: CarrierDto): Promise<{ reference: string }> {
    if (carrier.settings?.simulate === 'ws-down')
      throw new AppError('carrierServiceFailed', `${carrier.name}: web service unavailable`, { code: 'WS-503' });
    const n = await this.nextNumber();
    return { reference: `ENL${carrier.ref.slice(0, 3)}${p.pickup_date.slice(2).replace(/-/g, '')}${String(n % 100000).padStart(5, '0')}` };
  }

  async cancel(): Promise<void> {
    // The demo carrier keeps nothing to cancel.
  }
}

/** Colissimo: 2 letters and 11 digits; Chronopost: XX + 9 digits + FR; others: their ref's letters and 10 digits. */
export function trackingNumber(ref: string, n: number, i: number): string {
  const serial = String(n * 100 + i).padStart(9, '0');
  if (ref === 'COLISSIMO') return `6A${serial}${String((n + i) % 100).padStart(2, '0')}`;
  if (ref === 'CHRONOPOST') return `XY${serial}FR`;
  return `${ref.slice(0, 3)}${serial}${i}`;
}
