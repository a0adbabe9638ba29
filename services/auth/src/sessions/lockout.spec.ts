import { afterFailure, CLEARED, secondsBlocked } from './lockout';

describe('account lockout', () => {
  const t0 = new Date('2026-11-22T08:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  it('blocks 15 minutes at the fifth failure within 15 minutes', () => {
    let state = CLEARED;
    for (let i = 0; i < 4; i++) state = afterFailure(state, at(i));
    expect(state.blockedUntil).toBeNull();
    state = afterFailure(state, at(4));
    expect(state.blockedUntil).toEqual(at(19));
    expect(secondsBlocked(state, at(4))).toBe(900);
    expect(secondsBlocked(state, at(19))).toBe(0);
  });

  it('starts counting again when the window is over', () => {
    let state = CLEARED;
    for (let i = 0; i < 4; i++) state = afterFailure(state, at(i));
    state = afterFailure(state, at(16));
    expect(state).toMatchObject({ failedLogins: 1, blockedUntil: null });
  });
});
