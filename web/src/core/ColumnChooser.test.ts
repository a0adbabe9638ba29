import { describe, expect, it } from 'vitest';
import { hiddenOf, hiddenValue } from './ColumnChooser';

describe('column chooser preference', () => {
  it('reads and writes the hidden columns in the list order, ignoring blanks and unknown keys', () => {
    expect([...hiddenOf('')]).toEqual([]);
    expect([...hiddenOf('lot,,unitPrice')]).toEqual(['lot', 'unitPrice']);
    expect(hiddenValue(new Set(['unitPrice', 'lot', 'gone']), ['reference', 'lot', 'unitPrice'])).toBe('lot,unitPrice');
  });
});
