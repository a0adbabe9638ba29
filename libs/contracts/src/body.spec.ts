import { describe, expect, it } from '@jest/globals';
import { bodyFieldErrors, formRules } from './body';
import { adminUserInput } from './admin-users';
import { addressInput } from './huby/input';
import { feverZoneInput } from './fever/manage';
import { tourInput } from './huby/transport-admin';

describe('the form kit’s rules, read from the schemas the server parses bodies with', () => {
  it('gives each field of an address its kind, bounds, choices and whether it must be given', () => {
    const rules = formRules(addressInput);
    expect(rules.address1).toEqual({ kind: 'text', max: 100, required: true });
    expect(rules.company_name).toEqual({ kind: 'text', max: 100, required: false });
    expect(rules.country).toEqual({ kind: 'code', max: 2, required: true });
    expect(rules.email).toEqual({ kind: 'email', max: 255, required: false });
    expect(rules.is_favorite).toEqual({ kind: 'flag', required: false });
    expect(rules.civility).toMatchObject({ kind: 'choice', required: false, choices: ['E', 'M'] });
    expect(rules.depositor_id).toEqual({ kind: 'integer', min: 1, maxValue: 2_147_483_647, required: true });
    // Not a field a form types in (an object of days): left out.
    expect(rules.opening_hours).toBeUndefined();
    expect(Object.keys(rules)).toContain('akanea_id');
  });

  it('reads a field schema of its own by the rule given with it, required when the schema refuses it left out', () => {
    const rules = formRules(adminUserInput);
    expect(rules.login).toEqual({ kind: 'text', max: 64, required: true });
    expect(rules.phone).toEqual({ kind: 'text', max: 30, required: false });
    expect(rules.timezone).toMatchObject({ kind: 'choice', required: false, choices: expect.arrayContaining(['Europe/Paris']) });
    expect(rules.printerPort).toEqual({ kind: 'integer', min: 1, maxValue: 65_535, required: false });
    expect(bodyFieldErrors(adminUserInput, { login: 'julie', email: 'j@x.fr', phone: '04 72 AB' })).toEqual({ phone: 'phoneDigits' });
    expect(bodyFieldErrors(adminUserInput, { email: 'j@x.fr' })).toEqual({ login: 'required' });
  });

  it('finds a builder’s rule under nullable and default, a field with a default not required', () => {
    const rules = formRules(tourInput);
    expect(rules.weight_max_kg).toEqual({ kind: 'number', min: 0, maxValue: 100_000, required: false });
    expect(rules.transport_mode).toMatchObject({ kind: 'choice', required: false });
    expect(rules.code).toEqual({ kind: 'code', max: 20, required: true });
    expect(rules.flags).toBeUndefined();
    // A preprocess before the builder (an id given as '' or null).
    expect(formRules(feverZoneInput).depositorId).toEqual({ kind: 'integer', min: 1, maxValue: 2_147_483_647, required: true });
  });

  it('says what a form holds wrong with the same keys the server answers', () => {
    expect(
      bodyFieldErrors(addressInput, {
        book: 'recipient',
        depositor_id: 1,
        address1: 'x'.repeat(101),
        zip: '',
        town: 'Lyon',
        country: 'FR',
        company_name: 'A',
      }),
    ).toEqual({
      address1: 'maxLength',
      zip: 'required',
    });
    expect(
      bodyFieldErrors(addressInput, {
        book: 'recipient',
        depositor_id: 1,
        address1: '1 rue',
        zip: '69003',
        town: 'Lyon',
        country: 'FR',
        company_name: 'A',
      }),
    ).toEqual({});
  });
});
