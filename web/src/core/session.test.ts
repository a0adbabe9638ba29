import { describe, expect, it } from 'vitest';
import { loginPathFor, sanitizeBackpath } from './session';

describe('sanitizeBackpath', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(sanitizeBackpath('/stock')).toBe('/stock');
    expect(sanitizeBackpath('/settings/filter?x=1&y=2')).toBe('/settings/filter?x=1&y=2');
    expect(sanitizeBackpath('/report/1002')).toBe('/report/1002');
  });
  it('falls back to the dashboard for anything else', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'stock',
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\\b',
      '/x\n',
      '/login',
      '/login?backpath=/x',
    ]) {
      expect(sanitizeBackpath(bad)).toBe('/dashboard');
    }
  });
  it('builds the login path with an encoded backpath', () => {
    expect(loginPathFor('/stock?ref=A B')).toBe('/login?backpath=%2Fstock%3Fref%3DA%20B');
    expect(loginPathFor('https://evil.example')).toBe('/login?backpath=%2Fdashboard');
  });
});
