import { addDays } from './time';

/** Spec §9 predefined periods (Movements, tracker search), as days (YYYY-MM-DD) in the user's time zone. */
export const DATE_RANGES = [
  'today',
  'yesterday',
  'week',
  'lastWeek',
  'month',
  'lastMonth',
  'last3Months',
  'year',
  'lastYear',
  'rolling30',
  'rolling90',
  'firstDay',
  'lastDay',
] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (day: string, shift = 0) => {
  const d = utc(day);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + shift, 1)));
};
/** First and last day of the month of `day`. */
export const firstOfMonth = (day: string) => monthStart(day);
export const lastOfMonth = (day: string) => addDays(monthStart(day, 1), -1);

/** The [dateFrom, dateTo] of a predefined period; weeks start on Monday (ISO). */
export function rangeOf(range: DateRange, today: string): [string, string] {
  const weekday = (utc(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  const year = today.slice(0, 4);
  switch (range) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'week':
      return [monday, addDays(monday, 6)];
    case 'lastWeek':
      return [addDays(monday, -7), addDays(monday, -1)];
    case 'month':
      return [monthStart(today), lastOfMonth(today)];
    case 'lastMonth':
      return [monthStart(today, -1), addDays(monthStart(today), -1)];
    case 'last3Months':
      return [monthStart(today, -3), addDays(monthStart(today), -1)];
    case 'year':
      return [`${year}-01-01`, `${year}-12-31`];
    case 'lastYear':
      return [`${Number(year) - 1}-01-01`, `${Number(year) - 1}-12-31`];
    case 'rolling30':
      return [addDays(today, -29), today];
    case 'rolling90':
      return [addDays(today, -89), today];
    case 'firstDay':
      return [monthStart(today), monthStart(today)];
    case 'lastDay':
      return [lastOfMonth(today), lastOfMonth(today)];
  }
}

/** The predefined period a [from, to] pair matches, if any. */
export function matchRange(from: unknown, to: unknown, today: string): DateRange | '' {
  return (
    DATE_RANGES.find((r) => {
      const [a, b] = rangeOf(r, today);
      return a === from && b === to;
    }) ?? ''
  );
}
