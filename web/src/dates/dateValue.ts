/**
 * The values of the date fields (core/DateInput) as the forms hold them, and the `Date`s the MUI X
 * pickers work on. A form holds a day as `YYYY-MM-DD` and a date and time as `YYYY-MM-DDTHH:mm`, the
 * wall clock of the user's time zone (contracts `toLocalInput` / `zonedInstant` convert it to and
 * from an instant); the picker holds the same wall clock in a `Date` of the browser's zone, read
 * and written through its local getters only, so the browser's own zone never shifts a value.
 *
 * '' is an empty field; `INVALID_DATE` a field holding an invalid or unfinished date: a value no
 * list declaration or `zonedInstant` accepts, so the form marks it and nothing is sent.
 */
export const INVALID_DATE = 'invalid';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
const two = (n: number) => String(n).padStart(2, '0');
const invalid = () => new Date(Number.NaN);

export const isValidDate = (date: Date | null | undefined): date is Date => date instanceof Date && !Number.isNaN(date.getTime());

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` → the same wall clock as a local `Date`; null when empty, an invalid `Date` when malformed. */
export function wallClockToDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = LOCAL.exec(value);
  if (!m) return invalid();
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number);
  const date = new Date(year, month - 1, day, hour, minute);
  // 31 February rolls over into March: not a day of the calendar.
  if (year < 1000 || month < 1 || month > 12 || date.getDate() !== day || hour > 23 || minute > 59) return invalid();
  return date;
}

/** A local `Date` → `YYYY-MM-DD`; '' for no date, `INVALID_DATE` for an invalid one. */
export function dateToDay(date: Date | null | undefined): string {
  if (date === null || date === undefined) return '';
  if (!isValidDate(date)) return INVALID_DATE;
  return `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A local `Date` → `YYYY-MM-DDTHH:mm` (seconds dropped); '' for no date, `INVALID_DATE` for an invalid one. */
export function dateToWallClock(date: Date | null | undefined): string {
  const day = dateToDay(date);
  return day && day !== INVALID_DATE ? `${day}T${two(date!.getHours())}:${two(date!.getMinutes())}` : day;
}
