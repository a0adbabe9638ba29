import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSubjects } from '@portal/contracts';
import { callerContext, startServices, type ServiceHarness } from '@portal/testing';
import { AdminServiceModule } from '../admin.module';
import type { CountriesResponse, StatesResponse } from './geo.dto';

describe('countries and states', () => {
  let h: ServiceHarness;

  beforeAll(async () => {
    h = await startServices([AdminServiceModule]);
  });
  afterAll(() => h.close());

  const label = (r: CountriesResponse, ref: string) => r.countries.find((c) => c.ref === ref)?.label;

  it('names the ISO 3166-1 countries in the caller’s language', async () => {
    const expected: Record<string, [string, string]> = {
      fr_FR: ['Allemagne', 'Espagne'],
      en_US: ['Germany', 'Spain'],
      es_ES: ['Alemania', 'España'],
      it_IT: ['Germania', 'Spagna'],
      de_DE: ['Deutschland', 'Spanien'],
    };
    for (const [locale, [de, es]] of Object.entries(expected)) {
      const r = await h.call<CountriesResponse>(AdminSubjects.countries, callerContext({ locale }), { minify: 1 });
      expect(r.success).toBe(true);
      expect(label(r, 'DE')).toBe(de);
      expect(label(r, 'ES')).toBe(es);
    }
  });

  it('lists every country once, sorted by label in the caller’s language', async () => {
    const r = await h.call<CountriesResponse>(AdminSubjects.countries, callerContext({ locale: 'fr_FR' }), { minify: '1' });
    expect(r.countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(r.countries.map((c) => c.ref)).size).toBe(r.countries.length);
    const labels = r.countries.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('fr').compare));
  });

  it('answers only ref and label with minify, the ISO codes too without', async () => {
    const min = await h.call<CountriesResponse>(AdminSubjects.countries, callerContext({}), { minify: 1 });
    expect(Object.keys(min.countries[0]).sort()).toEqual(['label', 'ref']);
    const full = await h.call<CountriesResponse>(AdminSubjects.countries, callerContext({ locale: 'en_US' }), {});
    expect(full.countries.find((c) => c.ref === 'FR')).toEqual({ ref: 'FR', label: 'France', alpha3: 'FRA', numeric: '250' });
  });

  it('lists the ISO 3166-2 subdivisions of one country', async () => {
    const r = await h.call<StatesResponse>(AdminSubjects.states, callerContext({}), { minify: 1, country: 'FR' });
    expect(r.success).toBe(true);
    expect(r.states).toContainEqual({ code: 'FR-69', label: 'Rhône' });
    expect(r.states).toContainEqual({ code: 'FR-ARA', label: 'Auvergne-Rhône-Alpes' });
    expect(r.states.every((s) => s.code.startsWith('FR-'))).toBe(true);
    const lower = await h.call<StatesResponse>(AdminSubjects.states, callerContext({}), { minify: 1, country: 'de' });
    expect(lower.states).toContainEqual({ code: 'DE-BY', label: 'Bayern' });
  });

  it('lists all subdivisions without a country, with their country and type unless minified', async () => {
    const r = await h.call<StatesResponse>(AdminSubjects.states, callerContext({}), {});
    expect(r.states.length).toBeGreaterThan(4000);
    expect(r.states.find((s) => s.code === 'US-CA')).toMatchObject({ label: 'California', country: 'US', type: 'State' });
  });

  it('answers an empty list for a country without subdivisions and rejects a malformed country', async () => {
    expect((await h.call<StatesResponse>(AdminSubjects.states, callerContext({}), { country: 'XX' })).states).toEqual([]);
    await expect(h.call(AdminSubjects.states, callerContext({}), { country: 'FRA1' })).rejects.toMatchObject({
      key: 'validationFailed',
      fields: { country: 'invalidFormat' },
    });
  });

  it('needs a signed-in caller', async () => {
    const anonymous = { ...callerContext({}), user: undefined };
    await expect(h.call(AdminSubjects.countries, anonymous, {})).rejects.toMatchObject({ key: 'tokenDismiss' });
  });
});
