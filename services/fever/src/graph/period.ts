import {
  AppError,
  dayEnd,
  dayStart,
  feverPeriodQuery,
  isDay,
  knownTimeZone,
  parseBody,
  rangeOf,
  todayIn,
  type CallerContext,
  type FeverPeriodQuery,
} from '@portal/contracts';

/** A period of readings: [from, to) as instants. */
export interface Period {
  from: Date;
  to: Date;
}

/** Graphs reach back at most this far (readings are refused past FEVER_OLDEST_READING_DAYS anyway). */
const MAX_PERIOD_DAYS = 3660;
const DAY_MS = 86_400_000;

/**
 * A §9 predefined range (`range`) or a custom `from`/`to`, read in the caller's time zone: a day
 * covers its whole local day (to included), an instant is taken as it is. Without either, the
 * rolling 30 days. A period that ends before it starts, or spans more than ten years, is invalidDate.
 */
export function periodOf(ctx: CallerContext, data: unknown): Period {
  let q: FeverPeriodQuery;
  try {
    q = parseBody(feverPeriodQuery, data ?? {});
  } catch (e) {
    throw e instanceof AppError ? new AppError('invalidDate', 'invalid period', undefined, e.fields) : e;
  }
  const tz = knownTimeZone(ctx.timezone);
  let [from, to] = [q.from, q.to];
  if (q.range || (!from && !to)) [from, to] = rangeOf(q.range ?? 'rolling30', todayIn(tz));
  if (!from || !to) throw new AppError('invalidDate', 'from and to go together', undefined, { [from ? 'to' : 'from']: 'required' });
  const start = isDay(from) ? dayStart(from, tz) : new Date(from);
  const end = isDay(to) ? dayEnd(to, tz) : new Date(to);
  if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw new AppError('invalidDate', 'invalid period', undefined, { from: 'invalidFormat' });
  if (end <= start) throw new AppError('invalidDate', 'the period ends before it starts', undefined, { to: 'min' });
  if (end.getTime() - start.getTime() > MAX_PERIOD_DAYS * DAY_MS)
    throw new AppError('invalidDate', 'period too long', { maxDays: MAX_PERIOD_DAYS }, { to: 'max' });
  return { from: start, to: end };
}

export const periodDays = (p: Period): number => (p.to.getTime() - p.from.getTime()) / DAY_MS;
