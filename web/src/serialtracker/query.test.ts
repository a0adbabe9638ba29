import { describe, expect, it } from 'vitest';
import { serialQuery, serialSearchOf } from './query';

describe('Serial Tracker search in the URL', () => {
  it('reads a serial or a lot search, serial first, blanks ignored', () => {
    expect(serialSearchOf(new URLSearchParams('serial=SN-3-'))).toEqual({ by: 'serial', value: 'SN-3-' });
    expect(serialSearchOf(new URLSearchParams('lot=%202645L1%20'))).toEqual({ by: 'lot', value: '2645L1' });
    expect(serialSearchOf(new URLSearchParams('serial=A&lot=B'))).toEqual({ by: 'serial', value: 'A' });
    expect(serialSearchOf(new URLSearchParams('serial=%20%20'))).toBeNull();
    expect(serialSearchOf(new URLSearchParams(''))).toBeNull();
  });
  it('asks GET /api/serials with the react-admin JSON filter', () => {
    const query = new URLSearchParams(serialQuery({ by: 'lot', value: 'L&1"' }));
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ lot: 'L&1"' });
    expect([...query.keys()]).toEqual(['filter']);
  });
});
