import { describe, expect, it } from 'vitest';
import { deliveredAtProblem, staysInTab, withoutBlanks } from './tracerApi';

describe('bulk "mark delivered"', () => {
  const now = new Date('2026-06-01T10:00:00Z'); // 12:00 in Paris

  it('wants a delivery date at least 10 minutes in the past, in the user time zone', () => {
    expect(deliveredAtProblem('2026-06-01T11:50', 'Europe/Paris', now)).toBeNull();
    expect(deliveredAtProblem('2026-06-01T11:51', 'Europe/Paris', now)).toBe('tooRecent');
    expect(deliveredAtProblem('2026-06-02T09:00', 'Europe/Paris', now)).toBe('tooRecent');
    // The same wall clock in London is an hour later: too recent there.
    expect(deliveredAtProblem('2026-06-01T10:55', 'Europe/London', now)).toBe('tooRecent');
    expect(deliveredAtProblem('2026-06-01T10:45', 'Europe/London', now)).toBeNull();
  });
  it('names an empty or malformed date', () => {
    expect(deliveredAtProblem('', 'Europe/Paris', now)).toBe('required');
    expect(deliveredAtProblem('01/06/2026 10:00', 'Europe/Paris', now)).toBe('invalidDate');
  });
  it('does not send empty fields', () => {
    expect(withoutBlanks({ ids: [1], at: 'x', comment: '', carrierCode: undefined })).toEqual({ ids: [1], at: 'x' });
  });
});

describe('Tracer Route tabs', () => {
  it('keeps a changed row in the "all" tab and in the tab of its new status only', () => {
    expect(staysInTab(undefined, 'ANOMALY')).toBe(true);
    expect(staysInTab('ANOMALY', 'ANOMALY')).toBe(true);
    expect(staysInTab('SHIPPED', 'ANOMALY')).toBe(false);
  });
});
