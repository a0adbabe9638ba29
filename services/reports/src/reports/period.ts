import { inScope } from '@portal/db';
import { AppError, DATE_RANGES, isDay, knownTimeZone, rangeOf, todayIn, type CallerContext, type DateRange } from '@portal/contracts';

/** A period longer than this (two years) is refused: the reports read at most 13 months back, and a sum over more is an export's job. */
export const REPORT_MAX_DAYS = 731;

export interface ReportPeriod {
  from: string;
  to: string;
  timeZone: string;
}

const realDay = (day: unknown): day is string => {
  if (!isDay(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day && day >= '2000-01-01' && day <= '2099-12-31';
};
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * The days a report covers, in the caller's time zone: a §9 predefined range, or from/to (both
 * inclusive), or the last 30 days. Refuses an unknown range (validationFailed), a day that is not
 * one (invalidDate), an end before the start and a period past REPORT_MAX_DAYS.
 */
export function reportPeriod(ctx: CallerContext, input: { range?: unknown; from?: unknown; to?: unknown }, now = new Date()): ReportPeriod {
  const timeZone = knownTimeZone(ctx.timezone);
  const today = todayIn(timeZone, now);
  if (input.range !== undefined && input.range !== null && input.range !== '') {
    if (!DATE_RANGES.includes(input.range as DateRange))
      throw new AppError('validationFailed', 'unknown range', undefined, { range: 'invalidFormat' });
    const [from, to] = rangeOf(input.range as DateRange, today);
    return { from, to, timeZone };
  }
  const given = (v: unknown) => v !== undefined && v !== null && v !== '';
  if (!given(input.from) && !given(input.to)) {
    const [from, to] = rangeOf('rolling30', today);
    return { from, to, timeZone };
  }
  for (const field of ['from', 'to'] as const) {
    if (!given(input[field])) throw new AppError('validationFailed', `${field} is required`, undefined, { [field]: 'required' });
    if (!realDay(input[field])) throw new AppError('invalidDate', `${field} is not a day`, undefined, { [field]: 'invalidFormat' });
  }
  const from = input.from as string;
  const to = input.to as string;
  if (to < from) throw new AppError('validationFailed', 'the period ends before it starts', { min: from }, { to: 'min' });
  if (daysBetween(from, to) >= REPORT_MAX_DAYS)
    throw new AppError('validationFailed', 'the period is too long', { max: REPORT_MAX_DAYS }, { to: 'max' });
  return { from, to, timeZone };
}

const MAX_DEPOSITORS = 500;

/** The depositors asked, each in the caller's scope; none asked: the scope's (null for a full scope). */
export function depositorsOf(ctx: CallerContext, value: unknown): number[] | null {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    return ctx.scope.all ? null : [...ctx.scope.depositorIds];
  if (!Array.isArray(value) || value.length > MAX_DEPOSITORS || !value.every((id) => Number.isSafeInteger(id) && id > 0))
    throw new AppError('validationFailed', 'depositorIds must be depositor ids', undefined, { depositorIds: 'invalidFormat' });
  const ids = [...new Set(value as number[])];
  if (!ids.every((id) => inScope(ctx.scope, id)))
    throw new AppError('validationFailed', 'a depositor outside the scope', undefined, { depositorIds: 'unknownCode' });
  return ids;
}
