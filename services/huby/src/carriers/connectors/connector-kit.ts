import { AppError, type CarrierDto, type ErrorKey, type ShipmentDto } from '@portal/contracts';
import { CONTROL } from '../../labels/label-data';
import { CarrierOutage, withoutSecrets } from './carrier-line';

/** A value a carrier gives as one object or as a list of them (UPS does both). */
export function asList<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Text cut to a carrier field's length, control characters removed. */
export function clip(text: string, max: number): string {
  return text.replace(CONTROL, ' ').trim().slice(0, max);
}

export const digits = (phone: string): string => phone.replace(/[^\d+]/g, '');

/** An amount with two decimals, as carriers write money. */
export const money = (amount: number): string => (Math.round(amount * 100) / 100).toFixed(2);

/** A weight in kg in at most 5 characters, never 0 (carriers refuse a weightless package). */
export function weightText(kg: number): string {
  const w = Math.max(0.1, kg);
  return (w >= 100 ? String(Math.ceil(w)) : String(Math.round(w * 10) / 10)).slice(0, 5);
}

/** A carrier's refusal in the spec's words: its key, with the carrier's code and message in the params. */
export function carrierRefusal(carrier: string, key: ErrorKey, code: string, message: string | undefined, secrets: Record<string, string>) {
  const words = withoutSecrets(message, secrets, 200) ?? '';
  return new AppError(key, `${carrier} ${code}: ${words}`, { carrier, code, message: words });
}

/** An outage as the spec says it: carrierServiceFailed with what failed (TIMEOUT, HTTP_5XX, MALFORMED, CIRCUIT_OPEN…). */
export function outageError(outage: CarrierOutage, carrier: string): AppError {
  return new AppError('carrierServiceFailed', outage.message, {
    carrier,
    code: outage.code,
    ...(outage.status ? { status: outage.status } : {}),
  });
}

/** Spec §9: above the carrier's threshold the insured value goes by mail, not in the request. */
export function insuranceByMail(s: Pick<ShipmentDto, 'insurance_value'>, carrier: Pick<CarrierDto, 'insurance_threshold'>): boolean {
  return !!s.insurance_value && carrier.insurance_threshold !== null && s.insurance_value > carrier.insurance_threshold;
}
