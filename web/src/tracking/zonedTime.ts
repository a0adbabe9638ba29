/**
 * Wall-clock times of the user's time zone (spec §3 User.timezone) turned into instants and back.
 * Search days and dialog dates are typed in the user's zone, which need not be the browser's.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

function wallClock(date: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  return Object.fromEntries(parts.filter((p) => p.type !== 'literal').map((p) => [p.type, Number(p.value)]));
}

/** Milliseconds the zone is ahead of UTC at `date`. */
function offsetMs(date: Date, timeZone: string): number {
  const p = wallClock(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

export const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value);

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` read in `timeZone` → the instant, or null when malformed. */
export function zonedInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  if (Number.isNaN(naive)) return null;
  // Two passes: the offset at the guessed instant settles the daylight-saving edges.
  const guess = naive - offsetMs(new Date(naive), timeZone);
  return new Date(naive - offsetMs(new Date(guess), timeZone));
}

/** The instant as `YYYY-MM-DDTHH:mm` in `timeZone` (the value of a datetime-local input). */
export function toLocalInput(date: Date, timeZone: string): string {
  const p = wallClock(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** The day after `day` (calendar arithmetic, no zone). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
}
