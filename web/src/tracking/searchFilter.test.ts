import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/api';
import {
  checkDates,
  cleanFilter,
  countCriteria,
  readSearch,
  refusedRange,
  sameFilter,
  searchParams,
  searchRequestOf,
  toApiFilter,
  ADVANCED_KEYS,
} from './searchFilter';

const PARIS = 'Europe/Paris';

describe('tracker search filter', () => {
  it('keeps known keys with usable values only', () => {
    expect(
      cleanFilter({
        q: '  CMD1 ',
        zip: '',
        town: 'LYON*',
        depositor: ['2', 1, 'x', 2],
        status: [-1, '100', 42],
        tracerStatus: 'LATE',
        dateFrom: '2026-01-01',
        dateTo: 'tomorrow',
        cursor: 'abc',
        evil: 'drop me',
      }),
    ).toEqual({ q: 'CMD1', town: 'LYON*', depositor: [1, 2], status: [-1, 100], tracerStatus: 'LATE', dateFrom: '2026-01-01' });
    expect(cleanFilter({ status: 7, tracerStatus: 'LOST', depositor: 0 })).toEqual({});
    expect(cleanFilter(null)).toEqual({});
  });

  it('keeps only what the shared declaration (ORDERS_LIST) accepts', () => {
    expect(
      cleanFilter({ zip: '1'.repeat(22), country: 'FRA', town: 'A\u0000B', dateFrom: '2026-02-30', dateTo: '2026-03-01T00:00:00Z' }),
    ).toEqual({});
    expect(cleanFilter({ zip: '69003', country: 'FR', tracerStatus: ['LATE'], depositor: '3' })).toEqual({
      zip: '69003',
      country: 'FR',
      depositor: [3],
    });
  });

  it('asks the declaration about the days a period stands for', () => {
    expect(searchRequestOf({ q: 'CMD', period: 'lastMonth', dateFrom: '2026-01-01' }, '2026-05-10')).toEqual({
      q: 'CMD',
      dateFrom: '2026-04-01',
      dateTo: '2026-04-30',
    });
    expect(searchRequestOf({ zip: ' ', dateTo: '2026-05-01' }, '2026-05-10')).toEqual({
      zip: ' ',
      dateFrom: undefined,
      dateTo: '2026-05-01',
    });
  });

  it('a predefined period wins over typed days', () => {
    expect(cleanFilter({ period: 'rolling30', dateFrom: '2026-01-01' })).toEqual({ period: 'rolling30' });
    expect(cleanFilter({ period: 'someday', dateFrom: '2026-01-01' })).toEqual({ dateFrom: '2026-01-01' });
  });

  it('round-trips through the URL; no filter parameter means "not decided yet"', () => {
    const params = searchParams({ q: 'CMD', status: [100, 90] }, { field: 'reference', order: 'ASC' });
    expect(readSearch(params)).toEqual({ filter: { q: 'CMD', status: [90, 100] }, sort: { field: 'reference', order: 'ASC' } });
    expect(searchParams({}).toString()).toBe('filter=%7B%7D');
    expect(readSearch(new URLSearchParams(''))).toEqual({ filter: null, sort: { field: 'createdAt', order: 'DESC' } });
    expect(readSearch(new URLSearchParams('filter={oops')).filter).toEqual({});
    expect(readSearch(new URLSearchParams('filter={}&sort=town&order=UP')).sort).toEqual({ field: 'createdAt', order: 'DESC' });
  });

  it('sends days as instants of the user time zone, the end day included', () => {
    expect(toApiFilter({ q: 'CMD', dateFrom: '2026-03-01', dateTo: '2026-03-31' }, PARIS, '2026-05-10')).toEqual({
      q: 'CMD',
      dateFrom: '2026-02-28T23:00:00.000Z',
      dateTo: '2026-03-31T22:00:00.000Z',
    });
    expect(toApiFilter({ period: 'lastMonth', tracerStatus: 'LATE' }, PARIS, '2026-05-10')).toEqual({
      tracerStatus: 'LATE',
      dateFrom: '2026-03-31T22:00:00.000Z',
      dateTo: '2026-04-30T22:00:00.000Z',
    });
  });

  it('refuses on purpose a range wider than 93 days, exportable up to 366', () => {
    const api = (dateFrom: string, dateTo?: string) => toApiFilter({ dateFrom, dateTo }, PARIS, '2026-12-31');
    expect(checkDates(api('2026-01-01', '2026-04-03'))).toEqual({ kind: 'ok' }); // 93 days
    expect(checkDates(api('2026-01-01', '2026-04-04'))).toEqual({ kind: 'tooWide', days: 94, exportable: true });
    expect(checkDates(api('2025-01-01', '2026-06-30'))).toMatchObject({ kind: 'tooWide', exportable: false });
    expect(checkDates(api('2026-02-01', '2026-01-01'))).toEqual({ kind: 'inverted' });
    expect(checkDates({})).toEqual({ kind: 'ok' });
  });

  it('a start without an end runs until now, like the server counts it', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(checkDates({ dateFrom: '2026-03-15T00:00:00Z' }, now)).toEqual({ kind: 'ok' });
    expect(checkDates({ dateFrom: '2026-01-15T00:00:00Z' }, now)).toMatchObject({ kind: 'tooWide', exportable: true });
    expect(checkDates({ dateFrom: '2026-07-01T00:00:00Z' }, now)).toEqual({ kind: 'ok' });
  });

  it('the calendar periods of spec §9 fit the screen, except whole years', () => {
    for (const period of ['today', 'week', 'lastMonth', 'last3Months', 'rolling30', 'rolling90'] as const) {
      expect(checkDates(toApiFilter({ period }, PARIS, '2026-05-31')).kind, period).toBe('ok');
    }
    expect(checkDates(toApiFilter({ period: 'lastYear' }, PARIS, '2026-05-31'))).toMatchObject({ kind: 'tooWide', exportable: true });
  });

  it('compares searches regardless of key and list order', () => {
    expect(sameFilter({ status: [100, 90], q: 'A' }, { q: 'A', status: [90, 100] })).toBe(true);
    expect(sameFilter({ q: 'A' }, { q: 'B' })).toBe(false);
    expect(countCriteria({ slip: 'GRP', lot: 'L1', q: 'x' }, ADVANCED_KEYS)).toBe(2);
  });

  it('treats the server refusing the range like the check made before sending', () => {
    const wide = new ApiError(400, 'dateRangeTooLarge', 'too wide', { maxDays: 93, exportInstead: true });
    const wider = new ApiError(400, 'dateRangeTooLarge', 'too wide', { maxDays: 366, exportInstead: false });
    expect(refusedRange({ kind: 'ok' }, wide)).toEqual({ days: null, exportable: true });
    expect(refusedRange({ kind: 'ok' }, wider)).toEqual({ days: null, exportable: false });
    expect(refusedRange({ kind: 'tooWide', days: 120, exportable: true }, null)).toEqual({ days: 120, exportable: true });
    expect(refusedRange({ kind: 'ok' }, new ApiError(400, 'validationFailed', 'x'))).toBeNull();
    expect(refusedRange({ kind: 'ok' }, null)).toBeNull();
  });
});
