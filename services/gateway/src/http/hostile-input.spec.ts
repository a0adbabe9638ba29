import { holdsNul } from '@portal/contracts';
import { jsonDepth, MAX_JSON_DEPTH } from './hostile-input';

describe('hostile input checks', () => {
  it('counts JSON nesting outside strings only, and stops counting past the limit', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('"[[[[{{{{"')).toBe(0);
    expect(jsonDepth('{"a":"\\"[[[[[","b":{}}')).toBe(2);
    expect(jsonDepth('[]'.repeat(1000))).toBe(1);
    expect(jsonDepth('['.repeat(1_000_000))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('finds a NUL character in any string, key or depth of a JSON value', () => {
    expect(holdsNul({ a: [{ b: 'ok' }], c: 1, d: null })).toBe(false);
    expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul('\u0000')).toBe(true);
  });
});
