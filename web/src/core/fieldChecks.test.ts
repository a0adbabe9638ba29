import { describe, expect, it } from 'vitest';
import { fieldProblem } from './fieldChecks';

describe('fieldProblem (spec §5 messages under the field)', () => {
  it('asks for a required field, not for an empty optional one', () => {
    expect(fieldProblem('', ['required'])).toBe('required');
    expect(fieldProblem('   ', ['required', 'email'])).toBe('required');
    expect(fieldProblem('', ['email'])).toBeUndefined();
    expect(fieldProblem('Durand', ['required'])).toBeUndefined();
  });
  it('checks e-mail addresses', () => {
    for (const ok of ['claire.durand@example.fr', ' a.b+c@sub.example.com ']) expect(fieldProblem(ok, ['email'])).toBeUndefined();
    for (const bad of ['claire', 'claire@', '@example.fr', 'claire@example', 'cl aire@example.fr', 'a@b.c'])
      expect(fieldProblem(bad, ['email'])).toBe('invalidEmail');
  });
  it('takes phone digits with spaces, dots or hyphens between them and an optional +', () => {
    for (const ok of ['06 12 34 56 78', '+33612345678', '04.72.00.00.00', '04-72-00-00-00'])
      expect(fieldProblem(ok, ['phone'])).toBeUndefined();
    for (const bad of ['04-AB', '12345', '06 12 34 56 78 ext 2', '++33612345678', '0'.repeat(16)])
      expect(fieldProblem(bad, ['phone'])).toBe('phoneDigits');
  });
  it('takes a printer as http(s)://host[:port] and nothing else', () => {
    for (const ok of ['http://192.168.1.50:9100', 'https://printer.local', 'http://10.0.0.5:9100/'])
      expect(fieldProblem(ok, ['printerUri'])).toBeUndefined();
    for (const bad of [
      '192.168.1.50:9100',
      'ftp://10.0.0.5',
      'http://u:p@10.0.0.5',
      'http://10.0.0.5/print?x=1',
      'lpt1',
      'javascript:alert(1)',
    ])
      expect(fieldProblem(bad, ['printerUri'])).toBe('printerAddress');
  });
});
