import { describe, expect, it } from 'vitest';
import { listQuery, pageOf } from './provider';

describe('stock list provider', () => {
  it('reads an exact total', () => {
    expect(pageOf([{ id: 1 }], 'stock 0-0/42', 'false', 1)).toEqual({ data: [{ id: 1 }], total: 42 });
  });
  it('turns the `*` total into a next-page paginator', () => {
    expect(pageOf([{ id: 1 }], 'stock 0-24/*', 'true', 1)).toEqual({
      data: [{ id: 1 }],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
    expect(pageOf([], 'stock 50-50/*', 'false', 3).pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });
  it('drops empty filter values and encodes sort and range as JSON', () => {
    const q = listQuery({ reference: 'AB', lot: '', type: undefined }, { field: 'movedAt', order: 'DESC' }, [0, 24]);
    expect(q.get('filter')).toBe('{"reference":"AB"}');
    expect(q.get('sort')).toBe('["movedAt","DESC"]');
    expect(q.get('range')).toBe('[0,24]');
  });
});
