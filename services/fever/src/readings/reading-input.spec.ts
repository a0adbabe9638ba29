import { describe, expect, it } from '@jest/globals';
import { normalizeMac } from './reading-input';

describe('normalizeMac', () => {
  it('reads the usual spellings of a MAC address as PostgreSQL writes them', () => {
    for (const mac of ['00:1B:C5:0A:10:01', '00-1b-c5-0a-10-01', '001b.c50a.1001', '001bc50a1001', ' 00:1b:c5:0a:10:01 '])
      expect(normalizeMac(mac)).toBe('00:1b:c5:0a:10:01');
  });

  it('refuses what is not one', () => {
    for (const mac of [
      '00:1b:c5:0a:10',
      '00:1b-c5:0a:10:01',
      'zz:1b:c5:0a:10:01',
      '00:1b:c5:0a:10:01:02',
      '',
      null,
      42,
      {},
      '00:1b:c5:0a:10:01\u0000',
    ])
      expect(normalizeMac(mac)).toBeNull();
  });
});
