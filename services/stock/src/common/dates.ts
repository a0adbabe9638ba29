import { STOCK_LIMITS, type ExpiryFlag } from '@portal/contracts';

/** Today as YYYY-MM-DD in a time zone (the caller's, for the expiry flags). */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The expiry flag of a best-before date: expired before today, soon within 30 days (STOCK_LIMITS.expirySoonDays). */
export function expiryOf(bestBefore: string | null, today: string): ExpiryFlag {
  if (!bestBefore) return null;
  if (bestBefore < today) return 'expired';
  return bestBefore <= addDays(today, STOCK_LIMITS.expirySoonDays) ? 'soon' : null;
}
