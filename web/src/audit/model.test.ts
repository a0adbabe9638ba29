import { describe, expect, it } from 'vitest';
import { entryChanges, fieldWords, shortValue } from './model';

describe('audit entries', () => {
  it('lists an update’s changed fields, not the stamps', () => {
    expect(
      entryChanges({ before: { title: 'A', updatedAt: '1', statuses: [1] }, after: { title: 'B', updatedAt: '2', statuses: [1] } }),
    ).toEqual([{ field: 'title', before: 'A', after: 'B' }]);
    expect(entryChanges({ before: null, after: { title: 'B' } })).toEqual([]);
  });

  it('writes values in one short line', () => {
    expect(shortValue(null)).toBe('—');
    expect(shortValue([1, 2])).toBe('1, 2');
    expect(shortValue({ a: 1 })).toBe('{"a":1}');
    expect(shortValue(true, 60, undefined, (b) => (b ? 'oui' : 'non'))).toBe('oui');
    expect(shortValue([false], 60, undefined, (b) => (b ? 'oui' : 'non'))).toBe('non');
    expect(shortValue('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortValue('2026-11-26T17:29:31.405Z', 60, () => '26/11/2026 18:29')).toBe('26/11/2026 18:29');
    expect(fieldWords('sent_at')).toBe('sent at');
    expect(fieldWords('depositorIds')).toBe('depositor ids');
  });
});
