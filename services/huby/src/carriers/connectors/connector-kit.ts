import { AppError, type CarrierDto, type ErrorKey, type ShipmentDto, type ShipmentPartyDto } from '@portal/contracts';
import type { CarrierLabel } from '../carrier-adapter';
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

/** The i-th of `count` shares of an amount in cents, the remainder on the first ones. */
export const share = (total: number, count: number, i: number): number => Math.floor(total / count) + (i < total % count ? 1 : 0);

/** A label's format from its bytes: a PDF document, a PNG image or ZPL II text; null when none of them. */
export function labelFormatOf(content: Buffer): CarrierLabel['format'] | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'PDF';
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'PNG';
  return /\^XA[\s\S]*\^XZ/.test(content.toString('latin1')) ? 'ZPL' : null;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A French mobile number, as carriers that send SMS notifications want it. */
const FR_MOBILE = /^(?:\+33|0033|0)[67]\d{8}$/;

/** The party's mobile for SMS notifications: its mobile, else its phone when that is a French mobile. */
export function mobileOf(p: ShipmentPartyDto, max: number): string | undefined {
  const mobile = digits(p.mobile ?? '');
  if (mobile) return clip(mobile, max);
  const phone = digits(p.phone ?? '');
  return p.country === 'FR' && FR_MOBILE.test(phone) ? phone : undefined;
}

/** A day in France, YYYY-MM-DD (the French carriers' shipping and deposit days). */
export function parisDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** France's offset from UTC at a moment, in minutes (+60 in winter, +120 in summer). */
export function parisOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** France's offset at a moment as ISO 8601 writes it (+01:00, +02:00). */
export function parisOffsetIso(at: Date): string {
  const minutes = parisOffsetMinutes(at);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A value of a parsed XML answer as text, trimmed (numbers as written; anything else empty). */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
