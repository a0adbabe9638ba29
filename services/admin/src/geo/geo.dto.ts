import { IsOptional, Matches } from 'class-validator';

export class CountriesQuery {
  /** `1`: only `ref` and `label` (spec §7 `minify=1`). */
  @IsOptional()
  minify?: unknown;
}

export class StatesQuery {
  @IsOptional()
  minify?: unknown;

  /** ISO 3166-1 alpha-2 code of the country whose subdivisions are wanted. */
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/)
  country?: string;
}

export interface CountryItem {
  ref: string;
  label: string;
  alpha3?: string;
  numeric?: string;
}

export interface StateItem {
  code: string;
  label: string;
  country?: string;
  type?: string;
}

export interface CountriesResponse {
  success: true;
  countries: CountryItem[];
}

export interface StatesResponse {
  success: true;
  states: StateItem[];
}
