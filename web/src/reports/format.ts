import { formatDate, type ReportCell, type ReportColumnType } from '@portal/contracts';

/**
 * A report cell as the table shows it, by its column type (libs/contracts reports-run): money in
 * euros, percentages given as 0–100, durations given in minutes, hours or days, days DD/MM/YYYY
 * (spec §9), months MM/YYYY; numbers in the user's language.
 */
export function formatCell(
  value: ReportCell | undefined,
  type: ReportColumnType,
  locale: string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'text') return String(value);
  if (type === 'datetime') return formatDate(String(value), timeZone, true) || String(value);
  if (type === 'day') return formatDay(String(value));
  if (type === 'month') return formatMonth(String(value));
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  switch (type) {
    case 'integer':
      return number(locale, 0, 0).format(n);
    case 'decimal':
      return number(locale, 0, 2).format(n);
    case 'money':
      return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(n);
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
    case 'minutes':
      return formatMinutes(n, locale);
    case 'hours':
      return unit(locale, 'hour', n);
    case 'days':
      return unit(locale, 'day', n);
    default:
      return String(value);
  }
}

/** Whether the column's figures align right. */
export const isNumeric = (type: ReportColumnType): boolean => !['text', 'day', 'month', 'datetime'].includes(type);

/** 'YYYY-MM-DD' (or an ISO date-time) as DD/MM/YYYY; anything else as it is. */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

export function formatMonth(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[1]}` : value;
}

/** 45 min; 2 h 5 min beyond an hour (negative kept: early against a promise). */
function formatMinutes(minutes: number, locale: string): string {
  const sign = minutes < 0 ? '-' : '';
  const total = Math.round(Math.abs(minutes));
  if (total < 60) return sign + unit(locale, 'minute', total);
  const rest = total % 60;
  const hours = unit(locale, 'hour', Math.floor(total / 60));
  return sign + (rest ? `${hours} ${unit(locale, 'minute', rest)}` : hours);
}

function unit(locale: string, name: 'minute' | 'hour' | 'day', value: number): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

function number(locale: string, min: number, max: number): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
}
