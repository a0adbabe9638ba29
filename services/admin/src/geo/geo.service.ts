import { Injectable } from '@nestjs/common';
import { subdivision } from '@koshmoney/countries';
import { shortLocale, type CallerContext } from '@portal/contracts';
import countries from 'i18n-iso-countries';
import { isFlagSet, validateData } from '../common/validate';
import { CountriesQuery, StatesQuery, type CountriesResponse, type CountryItem, type StatesResponse, type StateItem } from './geo.dto';

/**
 * Countries (ISO 3166-1, names in the caller's language from i18n-iso-countries) and states
 * (ISO 3166-2 subdivisions from @koshmoney/countries, official names as ISO publishes them).
 */
@Injectable()
export class GeoService {
  private readonly countriesByLocale = new Map<string, CountryItem[]>();
  private allStates?: StateItem[];

  countries(ctx: CallerContext, data: unknown): CountriesResponse {
    const query = validateData(CountriesQuery, data);
    const list = this.countryList(shortLocale(ctx.locale));
    return { success: true, countries: isFlagSet(query.minify) ? list.map(({ ref, label }) => ({ ref, label })) : list };
  }

  states(ctx: CallerContext, data: unknown): StatesResponse {
    const query = validateData(StatesQuery, data);
    const country = query.country?.toUpperCase();
    const list = country ? this.stateList().filter((s) => s.country === country) : this.stateList();
    return { success: true, states: isFlagSet(query.minify) ? list.map(({ code, label }) => ({ code, label })) : list };
  }

  private countryList(locale: string): CountryItem[] {
    let list = this.countriesByLocale.get(locale);
    if (!list) {
      const collator = new Intl.Collator(locale);
      list = Object.entries(countries.getNames(locale, { select: 'official' }))
        .map(([ref, label]) => ({ ref, label, alpha3: countries.alpha2ToAlpha3(ref), numeric: countries.alpha2ToNumeric(ref) }))
        .sort((a, b) => collator.compare(a.label, b.label));
      this.countriesByLocale.set(locale, list);
    }
    return list;
  }

  private stateList(): StateItem[] {
    this.allStates ??= subdivision
      .all()
      .map((s) => ({ code: s.code, label: s.name, country: s.countryCode, type: s.type }))
      .sort((a, b) => a.code.localeCompare(b.code));
    return this.allStates;
  }
}
