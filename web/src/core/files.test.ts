import { describe, expect, it } from 'vitest';
import { fileNameOf } from './files';

describe('file names of downloads', () => {
  it('takes the RFC 5987 name first, accents and spaces included', () => {
    expect(fileNameOf(`attachment; filename="r_sum_.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`, 'x')).toBe('résumé.csv');
    expect(fileNameOf(`attachment; filename="BL-CMD_1.pdf"; filename*=UTF-8''BL-CMD%201%C3%A9.pdf`, 'x')).toBe('BL-CMD 1é.pdf');
  });
  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameOf('attachment; filename="stock-20261122.xlsx"', 'x')).toBe('stock-20261122.xlsx');
    expect(fileNameOf(`attachment; filename="pods.zip"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('pods.zip');
    expect(fileNameOf(null, 'export.csv')).toBe('export.csv');
  });
});
