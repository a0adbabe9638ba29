import {
  addDays,
  dateAndTime,
  dayEnd,
  dayStart,
  formatDate,
  formatDay,
  isDay,
  knownTimeZone,
  nextDay,
  todayIn,
  toLocalInput,
  zonedInstant,
  zoneOffset,
} from './time';

describe('wall-clock times of the user time zone', () => {
  it('reads a day and a time in Paris, winter and summer', () => {
    expect(zonedInstant('2026-01-15', 'Europe/Paris')?.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(zonedInstant('2026-07-15T08:30', 'Europe/Paris')?.toISOString()).toBe('2026-07-15T06:30:00.000Z');
  });
  it('crosses the daylight-saving changes', () => {
    // 29 March 2026: 02:00 → 03:00 in Paris; midnight is still UTC+1.
    expect(zonedInstant('2026-03-29', 'Europe/Paris')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedInstant('2026-03-30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(zonedInstant('2026-10-25T12:00', 'Europe/Paris')?.toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
  it('works far from the browser zone', () => {
    expect(zonedInstant('2026-05-01', 'Pacific/Kiritimati')?.toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(zonedInstant('2026-05-01', 'Pacific/Pago_Pago')?.toISOString()).toBe('2026-05-01T11:00:00.000Z');
  });
  it('refuses what is not a date', () => {
    expect(zonedInstant('15/01/2026', 'Europe/Paris')).toBeNull();
    expect(zonedInstant('', 'Europe/Paris')).toBeNull();
    expect(isDay('2026-01-15')).toBe(true);
    expect(isDay('2026-1-15')).toBe(false);
  });
  it('writes an instant back as a datetime-local value of the zone', () => {
    expect(toLocalInput(new Date('2026-07-15T06:30:00Z'), 'Europe/Paris')).toBe('2026-07-15T08:30');
    expect(toLocalInput(new Date('2026-12-31T23:59:00Z'), 'America/New_York')).toBe('2026-12-31T18:59');
  });
  it('counts calendar days across months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('date-time fields in the user’s time zone (manual delivery date)', () => {
  it('reads a wall-clock time of the zone, summer and winter, across the DST change', () => {
    expect(zonedInstant('2026-01-15T10:30', 'Europe/Paris')?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(zonedInstant('2026-07-15T10:30', 'Europe/Paris')?.toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(zonedInstant('2026-03-29T03:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York')?.toISOString()).toMatch(/^2026-11-01T0[56]:30:00.000Z$/);
    expect(zonedInstant('2026-07-15T10:30', 'Asia/Kolkata')?.toISOString()).toBe('2026-07-15T05:00:00.000Z');
    expect(zonedInstant('', 'Europe/Paris')).toBeNull();
  });
  it('writes an instant as the zone’s wall clock', () => {
    expect(toLocalInput(new Date('2026-07-15T08:30:00Z'), 'Europe/Paris')).toBe('2026-07-15T10:30');
    expect(toLocalInput(new Date('2026-01-15T09:30:42Z'), 'Europe/Paris')).toBe('2026-01-15T10:30');
    expect(toLocalInput(new Date('2026-07-15T05:00:00Z'), 'Pacific/Auckland')).toBe('2026-07-15T17:00');
  });
});

describe('day bounds on daylight-saving days (movements, searches)', () => {
  // The one-pass conversion this module replaced read the offset at midnight UTC: where the change falls
  // between midnight local and midnight UTC (east of Greenwich) it was an hour off.
  it('starts a day at its own midnight when the zone changes later that day', () => {
    // Sydney, 5 April 2026: 03:00 AEDT → 02:00 AEST; midnight is still UTC+11.
    expect(dayStart('2026-04-05', 'Australia/Sydney')?.toISOString()).toBe('2026-04-04T13:00:00.000Z');
    expect(dayEnd('2026-04-05', 'Australia/Sydney')?.toISOString()).toBe('2026-04-05T14:00:00.000Z');
    // Auckland, 5 April 2026: 03:00 NZDT → 02:00 NZST; midnight is still UTC+13.
    expect(dayStart('2026-04-05', 'Pacific/Auckland')?.toISOString()).toBe('2026-04-04T11:00:00.000Z');
    // Paris both ways: a 23-hour and a 25-hour day.
    const hours = (day: string, zone: string) => (dayEnd(day, zone)!.getTime() - dayStart(day, zone)!.getTime()) / 3_600_000;
    expect(hours('2026-03-29', 'Europe/Paris')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Paris')).toBe(25);
    expect(hours('2026-04-05', 'Australia/Sydney')).toBe(25);
  });
  it('starts a day without a midnight at its first hour', () => {
    // Santiago, 6 September 2026: 00:00 → 01:00.
    expect(dayStart('2026-09-06', 'America/Santiago')?.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(toLocalInput(dayStart('2026-09-06', 'America/Santiago')!, 'America/Santiago')).toBe('2026-09-06T01:00');
  });
  it('moves a skipped wall-clock time forward and reads a repeated one as its later occurrence', () => {
    expect(zonedInstant('2026-03-29T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant('2026-10-25T02:30', 'Europe/Paris')?.toISOString()).toBe('2026-10-25T01:30:00.000Z');
  });
  it('refuses days that are not in the calendar, and unknown zones fall back to UTC', () => {
    expect(zonedInstant('2026-02-30', 'Europe/Paris')).toBeNull();
    expect(zonedInstant('2026-13-01', 'Europe/Paris')).toBeNull();
    expect(zonedInstant('2026-01-01T24:00', 'Europe/Paris')).toBeNull();
    expect(dayStart('2026-01-01T10:00', 'Europe/Paris')).toBeNull();
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownTimeZone('')).toBe('UTC');
    expect(dayStart('2026-01-15', 'Mars/Olympus_Mons')?.toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });
});

describe('spec §9 formats in the user’s zone', () => {
  it('formats dates, date-times and the two export cells', () => {
    expect(formatDate('2026-03-29T00:30:00Z', 'Europe/Paris')).toBe('29/03/2026');
    expect(formatDate('2026-03-29T01:30:00Z', 'Europe/Paris', true)).toBe('29/03/2026 03:30');
    expect(formatDate('2026-03-28T23:30:00Z', 'Asia/Tokyo', true)).toBe('29/03/2026 08:30');
    expect(formatDate('not a date', 'Europe/Paris')).toBe('');
    expect(dateAndTime('2026-10-25T00:30:00Z', 'Europe/Paris')).toEqual(['25/10/2026', '02:30']);
    expect(dateAndTime('2026-10-25T01:30:00Z', 'Europe/Paris')).toEqual(['25/10/2026', '02:30']);
    expect(dateAndTime('', 'Europe/Paris')).toBeNull();
    expect(formatDay('2026-03-04')).toBe('04/03/2026');
  });
  it('tells the calendar day of an instant in the zone and the zone’s offset', () => {
    expect(todayIn('Pacific/Auckland', new Date('2026-03-04T12:00:00Z'))).toBe('2026-03-05');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-04T03:00:00Z'))).toBe('2026-03-03');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(zoneOffset('Asia/Kolkata')).toBe('GMT+05:30');
    expect(zoneOffset('UTC')).toBe('GMT+00:00');
    expect(zoneOffset('Europe/Paris', new Date('2026-07-01T00:00:00Z'))).toBe('GMT+02:00');
  });
});

describe('formatDate (spec §9: DD/MM/YYYY, with HH:mm where a time is shown)', () => {
  const instant = '2026-03-29T22:30:00Z';
  it('shows the day in the user time zone', () => {
    expect(formatDate(instant, 'Europe/Paris')).toBe('30/03/2026');
    expect(formatDate(instant, 'America/New_York')).toBe('29/03/2026');
  });
  it('shows the time in 24 h in the user time zone', () => {
    expect(formatDate(instant, 'Europe/Paris', true)).toBe('30/03/2026 00:30');
    expect(formatDate(instant, 'UTC', true)).toBe('29/03/2026 22:30');
    expect(formatDate(instant, 'Asia/Kolkata', true)).toBe('30/03/2026 04:00');
  });
  it('pads day and month', () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 8, 7)), 'UTC', true)).toBe('05/01/2026 08:07');
  });
  it('returns an empty text for an invalid date', () => {
    expect(formatDate('not a date', 'UTC')).toBe('');
  });
  it('gives the offset of a zone', () => {
    expect(zoneOffset('UTC')).toBe('GMT+00:00');
    expect(zoneOffset('Asia/Kolkata')).toBe('GMT+05:30');
  });
});
