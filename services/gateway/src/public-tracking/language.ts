import { DEFAULT_LOCALE, FALLBACK_LOCALE, findLocale, shortLocale, type ShortLocale } from '@portal/contracts';

/** The page's languages, in the order its language links list them. */
export const PAGE_LANGUAGES: readonly ShortLocale[] = ['fr', 'en', 'de', 'es', 'it'];

/** How dates read in a language when the browser names no country of it. */
const DATE_LOCALES: Record<ShortLocale, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', es: 'es-ES', it: 'it-IT' };

/** The language of the page's words, and the locale its dates are written in (e.g. de with de-CH). */
export interface PageLanguage {
  lang: ShortLocale;
  dateLocale: string;
}

interface Wanted {
  tag: string;
  language: string;
  q: number;
}

/** A browser's Accept-Language, best first (at most 20 entries of the first 1,000 characters are read). */
export function acceptedLanguages(header: unknown): Wanted[] {
  if (typeof header !== 'string') return [];
  const wanted: Wanted[] = [];
  for (const part of header.slice(0, 1000).split(',').slice(0, 20)) {
    const [range, ...params] = part.trim().split(';');
    const tag = range.trim();
    if (!/^([A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*|\*)$/.test(tag)) continue;
    const weight = params.find((p) => /^\s*q\s*=/i.test(p));
    const q = weight === undefined ? 1 : /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.test(weight) ? Number(weight.split('=')[1]) : 0;
    if (q > 0 && q <= 1) wanted.push({ tag, language: tag.split('-')[0].toLowerCase(), q });
  }
  // Stable: equal weights keep the browser's order.
  return wanted.sort((a, b) => b.q - a.q);
}

/**
 * The page's language: `?lang=` when it names one of the five (fr, en, de, es, it, or a portal code
 * such as de_DE), else the browser's first of them, else English (the portal's fallback locale) for
 * a browser asking only for others, French (the portal's default) for one that says nothing.
 */
export function pageLanguage(query: unknown, acceptLanguage: unknown): PageLanguage {
  const wanted = acceptedLanguages(acceptLanguage);
  const chosen = typeof query === 'string' && query.length <= 10 ? findLocale(query) : undefined;
  const offered = (l: string): l is ShortLocale => PAGE_LANGUAGES.includes(l as ShortLocale);
  const lang: ShortLocale =
    chosen?.short ??
    wanted.map((w) => w.language).find(offered) ??
    (wanted.some((w) => w.tag !== '*') ? shortLocale(FALLBACK_LOCALE) : shortLocale(DEFAULT_LOCALE));
  return { lang, dateLocale: dateLocaleOf(lang, wanted) };
}

/** The browser's own tag of that language when it names a country Intl knows (en-US, fr-BE), else the usual one. */
function dateLocaleOf(lang: ShortLocale, wanted: Wanted[]): string {
  const own = wanted.find((w) => w.language === lang && w.tag.includes('-'));
  if (own) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(own.tag);
      if (supported && supported.toLowerCase().startsWith(`${lang}-`)) return supported;
    } catch {
      // not a locale Intl reads: the usual one
    }
  }
  return DATE_LOCALES[lang];
}
