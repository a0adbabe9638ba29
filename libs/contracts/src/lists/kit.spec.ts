import fc from 'fast-check';
import { AppError } from '../errors';
import { MOVEMENTS_LIST, STOCK_LINES_LIST } from '../stock/lists';
import { ORDERS_LIST } from '../tracking/lists';
import { encodeCursor, isValidDay, isValidInstant, parseListRequest } from './kit';

const refusal = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('accepted');
};

describe('list kit: one declared request per resource', () => {
  it('reads filter, range and sort, with react-admin defaults accepted on every list', () => {
    const q = parseListRequest(STOCK_LINES_LIST, {
      filter: { reference: ' CREME ', platform: '8', blockingCode: 'BQ' },
      range: [25, 49],
      sort: ['id', 'ASC'],
    });
    expect(q).toMatchObject({
      filter: { reference: 'CREME', platform: 8, blockingCode: ['BQ'] },
      offset: 25,
      limit: 25,
      sort: 'id',
      order: 'ASC',
    });
    expect(parseListRequest(MOVEMENTS_LIST, undefined)).toMatchObject({ offset: 0, limit: 25, sort: 'movedAt', order: 'DESC' });
  });

  it('treats empty strings and null as absent', () => {
    expect(parseListRequest(ORDERS_LIST, { filter: { q: '', depositor: null } }).filter).toEqual({});
  });

  it('refuses each bad field with its spec §5 key', () => {
    expect(refusal(() => parseListRequest(STOCK_LINES_LIST, { filter: { blockingCode: 'XX', platform: 'abc' } }))).toMatchObject({
      key: 'validationFailed',
      fields: { blockingCode: 'invalidFormat', platform: 'integer' },
    });
    expect(refusal(() => parseListRequest(STOCK_LINES_LIST, { filter: { reference: 'x'.repeat(65) } })).fields).toEqual({
      reference: 'maxLength',
    });
    expect(refusal(() => parseListRequest(STOCK_LINES_LIST, { filter: { reference: 'A\u0000B' } })).fields).toEqual({
      reference: 'invalidFormat',
    });
    expect(refusal(() => parseListRequest(STOCK_LINES_LIST, { filter: { dateFrom: '2026-02-30' } })).key).toBe('invalidDate');
    expect(refusal(() => parseListRequest(STOCK_LINES_LIST, { filter: [] })).fields).toEqual({ filter: 'invalidFormat' });
  });

  it('refuses a malformed range or sort', () => {
    for (const range of [[5], [10, 2], [-1, 3], ['a', 'b'], [0, 1e20], 'x', [0.5, 3]])
      expect(refusal(() => parseListRequest(ORDERS_LIST, { range })).fields).toEqual({ range: expect.any(String) });
    expect(refusal(() => parseListRequest(ORDERS_LIST, { range: [0, 500] })).fields).toEqual({ range: 'max' });
    expect(refusal(() => parseListRequest(ORDERS_LIST, { range: [5000, 5024] })).fields).toEqual({ range: 'max' });
    expect(refusal(() => parseListRequest(ORDERS_LIST, { sort: ['zip', 'ASC'] })).fields).toEqual({ sort: 'invalidFormat' });
    expect(refusal(() => parseListRequest(ORDERS_LIST, { sort: ['reference', 'UP'] })).fields).toEqual({ sort: 'invalidFormat' });
  });

  it('takes back its own cursors and refuses forged ones', () => {
    const cursor = encodeCursor({ sort: 'createdAt', order: 'DESC', value: '2026-11-10T08:00:00.000Z', id: '42' });
    expect(parseListRequest(ORDERS_LIST, { cursor, range: [5000, 5024] }).after).toEqual({
      sort: 'createdAt',
      order: 'DESC',
      value: '2026-11-10T08:00:00.000Z',
      id: '42',
    });
    const forged = [
      'not base64!',
      encodeCursor({ sort: 'reference', order: 'DESC', value: 'X', id: '1' }),
      encodeCursor({ sort: 'createdAt', order: 'DESC', value: '99999-01-01T00:00:00Z', id: '1' }),
      encodeCursor({ sort: 'createdAt', order: 'DESC', value: '2026-11-10T08:00:00Z', id: '1; DROP TABLE orders' }),
      Buffer.from('{"deep":'.repeat(50)).toString('base64url'),
    ];
    for (const c of forged) expect(refusal(() => parseListRequest(ORDERS_LIST, { cursor: c })).key).toBe('invalidCursor');
  });

  it('never throws anything but an AppError, whatever comes in', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), fc.anything(), (filter, range, sort, cursor) => {
        try {
          parseListRequest(ORDERS_LIST, { filter, range, sort, cursor });
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('knows the days and instants PostgreSQL and the screens can hold', () => {
    expect(['2026-02-28', '2024-02-29', '1900-01-01', '2999-12-31'].every(isValidDay)).toBe(true);
    expect(['2026-02-29', '0000-01-01', '99999-12-31', '2026-13-01', '2026-1-1', '3000-01-01'].some(isValidDay)).toBe(false);
    expect(isValidInstant('2026-03-29T01:30:00+01:00')).toBe(true);
    expect(isValidInstant('2026-03-29T01:30:00')).toBe(false);
  });
});
