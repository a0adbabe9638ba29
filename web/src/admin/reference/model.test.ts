import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api';
import { fieldErrorsOf, formOf, isoToLocalInput, localInputToIso, orNull } from './model';

describe('back-office forms', () => {
  it('fills a form from a record: nested paths, switches, dates, empty values', () => {
    const fields = [
      { source: 'code' },
      { source: 'action_delay_on_address', type: 'integer' },
      { source: 'active', type: 'switch' },
      { source: 'message.fr' },
    ];
    const form = formOf(
      fields,
      { code: 'DEMO-A', action_delay_on_address: null, active: true, message: { fr: 'Bonjour' } },
      { extra: 'kept' },
    );
    expect(form).toEqual({ code: 'DEMO-A', action_delay_on_address: '', active: true, 'message.fr': 'Bonjour', extra: 'kept' });
  });

  it('reads the fields the server refused', () => {
    expect(fieldErrorsOf(new ApiError(400, 'validationFailed', 'x', {}, { code: 'invalidFormat' }))).toEqual({ code: 'invalidFormat' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });

  it('turns local date-times into instants and back', () => {
    const local = isoToLocalInput('2026-11-26T10:15:00.000Z');
    expect(local).toMatch(/^2026-11-26T\d{2}:15$/);
    expect(localInputToIso(local)).toBe('2026-11-26T10:15:00.000Z');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBe('not a date');
    expect(isoToLocalInput('garbage')).toBe('');
  });

  it('sends an empty field as null', () => {
    expect(orNull('')).toBeNull();
    expect(orNull('12')).toBe('12');
  });
});
