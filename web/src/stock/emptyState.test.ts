import { describe, expect, it } from 'vitest';
import { stockEmptyKey } from './emptyState';

describe('empty stock lists', () => {
  it('say which expiry found nothing, with or without other criteria', () => {
    expect(stockEmptyKey('lines', { expiry: 'expired' })).toBe('stock.emptyStates.expired');
    expect(stockEmptyKey('byReference', { view: 'reference', expiry: 'soon' })).toBe('stock.emptyStates.soon');
    expect(stockEmptyKey('lines', { expiry: 'expired', lot: 'L1' })).toBe('stock.emptyStates.expiredFiltered');
  });
  it('tell criteria that match nothing from no stock at all', () => {
    expect(stockEmptyKey('lines', { reference: 'ART', blockingCode: '' })).toBe('stock.emptyStates.filtered');
    expect(stockEmptyKey('byReference', { view: 'reference' })).toBe('stock.emptyStates.none');
    expect(stockEmptyKey('lines')).toBe('stock.emptyStates.none');
  });
  it('speak of the period for movements', () => {
    expect(stockEmptyKey('movements', { dateFrom: '2026-01-01', dateTo: '2026-01-31' })).toBe('stock.emptyStates.movements');
    expect(stockEmptyKey('movements', { dateFrom: '2026-01-01', type: 'IN' })).toBe('stock.emptyStates.movementsFiltered');
  });
});
