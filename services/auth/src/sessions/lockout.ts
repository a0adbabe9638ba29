/** Spec §5 / issue: 5 failures within 15 minutes block the account for 15 minutes. */
export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
} as const;

export interface LockoutState {
  failedLogins: number;
  failureWindowStart: Date | null;
  blockedUntil: Date | null;
}

/** Seconds the account stays blocked, 0 when it is not. */
export function secondsBlocked(state: LockoutState, now = new Date()): number {
  if (!state.blockedUntil || state.blockedUntil <= now) return 0;
  return Math.ceil((state.blockedUntil.getTime() - now.getTime()) / 1000);
}

/** The state after one more failed attempt. */
export function afterFailure(state: LockoutState, now = new Date()): LockoutState {
  const windowOpen = state.failureWindowStart && now.getTime() - state.failureWindowStart.getTime() < LOCKOUT.windowMs;
  const failedLogins = windowOpen ? state.failedLogins + 1 : 1;
  const failureWindowStart = windowOpen ? state.failureWindowStart : now;
  if (failedLogins >= LOCKOUT.maxFailures) {
    return { failedLogins: 0, failureWindowStart: null, blockedUntil: new Date(now.getTime() + LOCKOUT.blockMs) };
  }
  return { failedLogins, failureWindowStart, blockedUntil: null };
}

export const CLEARED: LockoutState = { failedLogins: 0, failureWindowStart: null, blockedUntil: null };
