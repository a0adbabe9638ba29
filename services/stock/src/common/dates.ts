import { addDays, STOCK_LIMITS, type ExpiryFlag } from '@portal/contracts';

/** The expiry flag of a best-before date: expired before today, soon within 30 days (STOCK_LIMITS.expirySoonDays). */
export function expiryOf(bestBefore: string | null, today: string): ExpiryFlag {
  if (!bestBefore) return null;
  if (bestBefore < today) return 'expired';
  return bestBefore <= addDays(today, STOCK_LIMITS.expirySoonDays) ? 'soon' : null;
}
