import { ApiError } from '../../core/api';

/** What a back-office form holds: text as typed (numbers too), switches as booleans. */
export type FormValues = Record<string, string | boolean>;

interface FieldShape {
  source: string;
  type?: string;
}

/** A record as the form shows it: nested values by their path (`message.fr`), dates as local date-times. */
export function formOf(fields: FieldShape[], record: Record<string, unknown>, defaults: FormValues): FormValues {
  const values: FormValues = { ...defaults };
  for (const f of fields) {
    const value = f.source
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record);
    if (f.type === 'switch') values[f.source] = value === true;
    else if (f.type === 'datetime') values[f.source] = typeof value === 'string' ? isoToLocalInput(value) : '';
    else values[f.source] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The fields the server refused (spec §5 keys), by field path. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? { ...(error.fields as Record<string, string>) } : {};
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it (the browser's time zone). */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an instant; null when empty, the text as typed when unreadable (the server marks it). */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** '' is no value: null for the server. */
export const orNull = (value: string | boolean | undefined): string | null => (value === '' || value === undefined ? null : String(value));
