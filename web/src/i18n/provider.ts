import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { LOCALES, shortLocale, type ShortLocale } from '@portal/contracts';
import { fr } from './fr';
import { trackingWordOfKey } from './trackingWordKeys';

export type Catalog = TranslationMessages;

/** French ships with the entry; the other languages load when chosen (spec §1: fallback en_US). */
const loaders: Record<Exclude<ShortLocale, 'fr'>, () => Promise<{ default: Catalog }>> = {
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
  it: () => import('./bundles/it'),
  de: () => import('./bundles/de'),
};
const loaded: Partial<Record<ShortLocale, Catalog>> = { fr: { ...frenchMessages, ...fr } as Catalog };
export const LOCALE_KEY = 'portal.locale';

/**
 * The tests' pseudo-locale (pseudo.ts), on when this key holds '1' at the start: only the pseudo-locale
 * walk (tests/e2e/pseudo-locale.e2e.mjs) sets it; no screen offers it and nothing else reads it.
 */
export const PSEUDO_LOCALE_KEY = 'portal.pseudoLocale';
const pseudo = typeof localStorage !== 'undefined' && localStorage.getItem(PSEUDO_LOCALE_KEY) === '1';
/** The catalogues already in the pseudo-locale (loaded and transformed). */
const pseudoDone = new Set<ShortLocale>();

export async function loadCatalog(locale: ShortLocale): Promise<Catalog> {
  const known = loaded[locale];
  if (known && (!pseudo || pseudoDone.has(locale))) return known;
  let catalog = known ?? (await loaders[locale as Exclude<ShortLocale, 'fr'>]()).default;
  if (pseudo) {
    // Loaded only in the pseudo-locale: the shipped entry stays as it is.
    const { pseudoCatalog, pseudoLabelTables } = await import('./pseudo');
    catalog = pseudoCatalog(catalog);
    pseudoLabelTables();
    pseudoDone.add(locale);
  }
  loaded[locale] = catalog;
  return catalog;
}

/** The language to start with: the stored user's, else the one picked on the login page, else French. */
export function initialLocale(userLanguage: string | undefined): ShortLocale {
  const picked = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return shortLocale(userLanguage ?? picked ?? 'fr');
}

/** The catalogues, with the provider's tracking translations over the words they name (trackingWords.ts). */
export function createI18nProvider(locale: ShortLocale) {
  const provider = polyglotI18nProvider(
    (wanted) => {
      const short = shortLocale(wanted);
      return (!pseudo || pseudoDone.has(short) ? loaded[short] : undefined) ?? loadCatalog(short);
    },
    locale,
    LOCALES.map((l) => ({ locale: l.short, name: l.label })),
    { allowMissing: true },
  );
  return {
    ...provider,
    translate: (key: string, options?: object) => trackingWordOfKey(key, provider.getLocale()) ?? provider.translate(key, options),
  };
}
