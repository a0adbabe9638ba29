import { describe, expect, it } from '@jest/globals';
import { checkPickupTime } from './pickups.service';

const refusal = (date: string, hour: string, now: string, zone = 'Europe/Paris') => {
  try {
    checkPickupTime(date, hour, new Date(now), zone);
    return null;
  } catch (e) {
    const error = e as { key: string; fields?: Record<string, string> };
    return { key: error.key, fields: error.fields };
  }
};

describe('the same-day pickup cut-off (spec §5: before 12:00, in the pickup place)', () => {
  it('takes a same-day pickup asked at 11:59 for later that day, refuses it at 12:00', () => {
    // 10:59 UTC is 11:59 in Paris (winter time), 11:00 UTC is 12:00.
    expect(refusal('2026-11-25', '15:00', '2026-11-25T10:59:00Z')).toBeNull();
    expect(refusal('2026-11-25', '15:00', '2026-11-25T11:00:00Z')?.key).toBe('pickupCutoffPassed');
    expect(refusal('2026-11-26', '08:00', '2026-11-25T16:00:00Z')).toBeNull();
  });

  it('reads the clock of the pickup place, not the user’s', () => {
    // 09:00 UTC: 10:00 in Paris, already 18:00 in Tokyo.
    expect(refusal('2026-11-25', '15:00', '2026-11-25T09:00:00Z')).toBeNull();
    expect(refusal('2026-11-25', '19:00', '2026-11-25T09:00:00Z', 'Asia/Tokyo')?.key).toBe('pickupCutoffPassed');
    // In summer Paris is UTC+2: 09:30 UTC is 11:30.
    expect(refusal('2026-07-01', '16:00', '2026-07-01T09:30:00Z')).toBeNull();
    expect(refusal('2026-07-01', '16:00', '2026-07-01T10:00:00Z')?.key).toBe('pickupCutoffPassed');
  });

  it('refuses a past day and an hour already gone', () => {
    expect(refusal('2026-11-24', '15:00', '2026-11-25T08:00:00Z')).toEqual({ key: 'validationFailed', fields: { date: 'min' } });
    expect(refusal('2026-11-25', '08:30', '2026-11-25T08:00:00Z')).toEqual({ key: 'validationFailed', fields: { hour: 'min' } });
  });
});
