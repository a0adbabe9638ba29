import { addDays, dayIn, zonedInstant, type AlertFrequency, type AlertMonthDay, type AlertTime } from '@portal/contracts';

/** What a scheduled alert's slots depend on (spec §3 frequency, §9 alert times). */
export interface AlertSchedule {
  frequency: AlertFrequency;
  time: AlertTime | string | null;
  /** WEEK: 1 = Monday … 7 = Sunday. */
  weekday: number | null;
  monthDay: AlertMonthDay | string | null;
  /** YEAR: 1 = January … 12 = December. */
  month: number | null;
}

/** The schedule of an alert's row (snake_case columns as stored). */
export const scheduleOf = (a: {
  frequency: string;
  time: string | null;
  weekday: number | null;
  month_day: string | null;
  month: number | null;
}): AlertSchedule => ({
  frequency: a.frequency as AlertFrequency,
  time: a.time,
  weekday: a.weekday,
  monthDay: a.month_day,
  month: a.month,
});

const two = (n: number) => String(n).padStart(2, '0');
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
const lastOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthDayOf = (year: number, month: number, which: string | null) =>
  `${String(year).padStart(4, '0')}-${two(month)}-${two(which === 'LAST' ? lastOfMonth(year, month) : 1)}`;

/**
 * The calendar days a schedule fires on, from around `day` in `step` direction (+1 later, -1
 * earlier), starting with the period that holds `day` (callers filter by instant).
 */
function* slotDays(s: AlertSchedule, day: string, step: 1 | -1): Generator<string> {
  const [year, month] = day.split('-').map(Number);
  switch (s.frequency) {
    case 'DAY':
      for (let d = addDays(day, -step); ; d = addDays(d, step)) yield d;
    case 'WEEK':
      for (let d = addDays(day, -7 * step); ; d = addDays(d, step)) if (isoWeekday(d) === s.weekday) yield d;
    case 'MONTH':
      for (let i = -step; ; i += step) {
        const m = year * 12 + (month - 1) + i;
        yield monthDayOf(Math.floor(m / 12), (m % 12) + 1, s.monthDay);
      }
    case 'YEAR':
      for (let y = year - step; ; y += step) yield monthDayOf(y, s.month ?? 1, s.monthDay);
    default:
      return;
  }
}

/** The instant of a slot: the alert's time on that day in the owner's zone (a skipped time moves forward). */
const slotInstant = (s: AlertSchedule, day: string, timeZone: string) => zonedInstant(`${day}T${s.time}`, timeZone);

const scheduled = (s: AlertSchedule) =>
  s.frequency !== 'IMMEDIATE' &&
  !!s.time &&
  (s.frequency !== 'WEEK' || !!s.weekday) &&
  (s.frequency !== 'YEAR' || !!s.month) &&
  ((s.frequency !== 'MONTH' && s.frequency !== 'YEAR') || !!s.monthDay);

/**
 * The first slot strictly after `after`: the alert's time (01:00, 12:00 or 23:50) in the owner's
 * time zone on the next day the schedule names (every day; the weekday; the first or last day of
 * each month; that day of the chosen month). Null for an immediate alert or an incomplete schedule.
 */
export function nextSlotAfter(schedule: AlertSchedule, after: Date, timeZone: string): Date | null {
  if (!scheduled(schedule)) return null;
  for (const day of slotDays(schedule, dayIn(timeZone, after), 1)) {
    const at = slotInstant(schedule, day, timeZone);
    if (at && at.getTime() > after.getTime()) return at;
  }
  return null;
}

/** The last slot at or before `at` (the previous digest's end), or null when the schedule has none. */
export function slotAtOrBefore(schedule: AlertSchedule, at: Date, timeZone: string): Date | null {
  if (!scheduled(schedule)) return null;
  for (const day of slotDays(schedule, dayIn(timeZone, at), -1)) {
    const slot = slotInstant(schedule, day, timeZone);
    if (slot && slot.getTime() <= at.getTime()) return slot;
  }
  return null;
}
