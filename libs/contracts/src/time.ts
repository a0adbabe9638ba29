/**
 * Time zones and date formats, on the server and in the web (spec §3 User.timezone, §9 date formats).
 * Every conversion between a wall clock of the user's time zone and an instant goes through here, on
 * date-fns and @date-fns/tz: they read the zone's rules at the very instant asked, so a day's bounds,
 * a typed time and a formatted cell are right on daylight-saving days too.
 *
 * Days travel as `YYYY-MM-DD` strings (a calendar day, no zone); instants as `Date`s or ISO strings.
 * On a spring-forward day a wall-clock time that does not exist (02:30 in Paris) moves forward to the
 * first that does (03:30); a time that happens twice in the autumn is read as its later occurrence.
 */
import { TZDate, tz } from '@date-fns/tz';
// One function's module, not the index (which loads every one of date-fns's 300 modules at start).
import type { Locale } from 'date-fns';
import { format } from 'date-fns/format';

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
const DAY_MS = 86_400_000;

export const isDay = (value: unknown): value is string => typeof value === 'string' && DAY_PATTERN.test(value);

const known = new Map<string, string>();
/** The zone itself when the runtime knows it, else UTC (a user's stored zone may predate a tzdata change). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  const name = timeZone || 'UTC';
  let zone = known.get(name);
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      zone = 'UTC';
    }
    if (known.size < 1000) known.set(name, zone);
  }
  return zone;
}

const asDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` read as a wall clock of `timeZone` → the instant, or null when malformed. */
export function zonedInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const at = TZDate.tz(knownTimeZone(timeZone), year, month - 1, day, hour, minute);
  // Date rolls 31 February over into March: a day that is not in the calendar is malformed.
  if (!valid(at) || at.getDate() !== day) return null;
  return new Date(at.getTime());
}

/** The first instant of a calendar day in `timeZone` (its midnight, or the first hour after a skipped one). */
export function dayStart(day: string, timeZone: string): Date | null {
  return isDay(day) ? zonedInstant(day, timeZone) : null;
}

/** The first instant after a calendar day in `timeZone` (the next day's start): `[dayStart, dayEnd)`. */
export function dayEnd(day: string, timeZone: string): Date | null {
  return isDay(day) ? zonedInstant(addDays(day, 1), timeZone) : null;
}

/** A calendar day moved by `days` (no zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export const nextDay = (day: string): string => addDays(day, 1);

/** The instant formatted with a date-fns pattern in `timeZone`, or '' for an invalid date. */
export function formatIn(value: Date | string | number, timeZone: string, pattern: string): string {
  const date = asDate(value);
  return valid(date) ? format(date, pattern, { in: tz(knownTimeZone(timeZone)) }) : '';
}

/** The wall clock of an instant in `timeZone` (TZDate's getters read the zone), or null for an invalid date. */
function wallClock(value: Date | string | number, timeZone: string): TZDate | null {
  const date = asDate(value);
  return valid(date) ? new TZDate(date.getTime(), knownTimeZone(timeZone)) : null;
}
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const year = (d: TZDate) => String(d.getFullYear()).padStart(4, '0');
const clock = (d: TZDate) => `${two(d.getHours())}:${two(d.getMinutes())}`;
const isoDay = (d: TZDate) => `${year(d)}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
const frenchDay = (d: TZDate) => `${two(d.getDate())}/${two(d.getMonth() + 1)}/${year(d)}`;

/** The calendar day an instant falls on in `timeZone` (today by default), as `YYYY-MM-DD`. */
export function dayIn(timeZone: string, at: Date | string | number = new Date()): string {
  const d = wallClock(at, timeZone);
  return d ? isoDay(d) : '';
}

export const todayIn = (timeZone: string, now: Date = new Date()): string => dayIn(timeZone, now);

/** The instant as `YYYY-MM-DDTHH:mm` in `timeZone` (the value of a datetime-local input). */
export function toLocalInput(value: Date | string | number, timeZone: string): string {
  const d = wallClock(value, timeZone);
  return d ? `${isoDay(d)}T${clock(d)}` : '';
}

/** Spec §9: `DD/MM/YYYY`, or `DD/MM/YYYY HH:mm`, in the user's time zone; '' for an invalid date. */
export function formatDate(value: Date | string | number, timeZone: string, withTime = false): string {
  const d = wallClock(value, timeZone);
  if (!d) return '';
  return withTime ? `${frenchDay(d)} ${clock(d)}` : frenchDay(d);
}

/**
 * Spec §9 date and time apart (`DD/MM/YYYY`, `HH:mm`), for the two-column export format; null when
 * invalid. Called for every date cell of a 200,000-row export: getters, not a format pattern (3.5 µs
 * a cell against 10 µs for date-fns `format`).
 */
export function dateAndTime(value: Date | string | number, timeZone: string): [string, string] | null {
  const d = wallClock(value, timeZone);
  return d ? [frenchDay(d), clock(d)] : null;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY` (a calendar day: no time zone shift). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "GMT+01:00"-style offset of a zone at an instant (now by default), shown beside zone names. */
export function zoneOffset(timeZone: string, at: Date = new Date()): string {
  return `GMT${formatIn(at, timeZone, 'xxx')}`;
}

/**
 * A long date and time in a language (date-fns `PPPp`: "25 novembre 2026 à 14:30"), in `timeZone`;
 * the locale object comes from `date-fns/locale`, imported by the caller that needs it.
 */
export function formatLongIn(value: Date | string | number, timeZone: string, locale: Locale): string {
  const date = asDate(value);
  return valid(date) ? format(date, 'PPPp', { in: tz(knownTimeZone(timeZone)), locale }) : '';
}
