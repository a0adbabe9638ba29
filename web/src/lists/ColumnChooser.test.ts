import { describe, expect, it } from 'vitest';
import { hiddenOf, hiddenValue } from './ColumnChooser';

describe('column chooser preference', () => {
  it('reads and writes the hidden columns in the list order, ignoring blanks, keeping columns not shown now', () => {
    expect([...hiddenOf('')]).toEqual([]);
    expect([...hiddenOf('lot,,unitPrice')]).toEqual(['lot', 'unitPrice']);
    expect(hiddenValue(new Set(['unitPrice', 'lot']), ['reference', 'lot', 'unitPrice'])).toBe('lot,unitPrice');
    expect(hiddenValue(new Set(['unitPrice', 'lot']), ['reference', 'lot'])).toBe('lot,unitPrice');
  });
});
