import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './fixtures';
import { compareNumbers, matchReports } from './search';

const numbers = (query: string, locale = 'fr') => matchReports(CATALOGUE, query, locale).map((r) => r.displayNumber);

describe('quick access to a report by number or title (spec §2)', () => {
  it('offers the display number typed whole first, then those starting with it', () => {
    expect(numbers('M1')).toEqual(['M1', 'M10']);
    expect(numbers('m')).toEqual(['M1', 'M2', 'M10', 'MVT1']);
    expect(numbers('mvt1')).toEqual(['MVT1']);
    expect(numbers('11')).toEqual(['11']);
  });

  it('finds a report by its id, and by words of its title, accents or not, in the user’s language', () => {
    expect(numbers('1005')).toEqual(['M1']);
    expect(numbers('stock')).toEqual(['11', 'MVT1']);
    expect(numbers('ecarts')).toEqual(['02']);
    expect(numbers('livraisons suivi')).toEqual(['M1']);
    expect(numbers('delivery', 'en')).toEqual(['M1']);
  });

  it('offers nothing for an empty query or an unknown one', () => {
    expect(numbers('  ')).toEqual([]);
    expect(numbers('zzz')).toEqual([]);
  });

  it('orders display numbers naturally', () => {
    expect(['M10', 'TS1', '11', 'M2', '02', 'L1', 'M1'].sort(compareNumbers)).toEqual(['02', '11', 'L1', 'M1', 'M2', 'M10', 'TS1']);
  });
});
