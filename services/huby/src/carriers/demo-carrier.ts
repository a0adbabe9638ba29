import { AppError, type CarrierDto, type ShipmentDto, type TourDto } from '@portal/contracts';
import { DEMO_TOWNS } from '@portal/demo';
import type { CarrierAdapter, VoucherAnswer } from './carrier-adapter';

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
 * declared by mail above the carrier's threshold.
 */
export class DemoCarrier implements CarrierAdapter {
  constructor(private readonly nextNumber: () => Promise<number>) {}

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
    const insuranceByMail = !!s.insurance_value && carrier.insurance_threshold !== null && s.insurance_value > carrier.insurance_threshold;
    return { voucher, trackingNumbers, insuranceByMail };
  }

  async cancel(): Promise<void> {
    // The demo carrier keeps nothing to cancel.
  }
}

/** Colissimo: 2 letters and 11 digits; Chronopost: XX + 9 digits + FR; others: their ref's letters and 10 digits. */
function trackingNumber(ref: string, n: number, i: number): string {
  const serial = String(n * 100 + i).padStart(9, '0');
  if (ref === 'COLISSIMO') return `6A${serial}${String((n + i) % 100).padStart(2, '0')}`;
  if (ref === 'CHRONOPOST') return `XY${serial}FR`;
  return `${ref.slice(0, 3)}${serial}${i}`;
}
