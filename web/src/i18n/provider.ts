import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { LOCALES, shortLocale, type ShortLocale } from '@portal/contracts';
import { fr } from './fr';

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

export async function loadCatalog(locale: ShortLocale): Promise<Catalog> {
  const known = loaded[locale];
  if (known) return known;
  const catalog = (await loaders[locale as Exclude<ShortLocale, 'fr'>]()).default;
  loaded[locale] = catalog;
  return catalog;
}

/** The language to start with: the stored user's, else the one picked on the login page, else French. */
export function initialLocale(userLanguage: string | undefined): ShortLocale {
  const picked = typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCALE_KEY);
  return shortLocale(userLanguage ?? picked ?? 'fr');
}

export function createI18nProvider(locale: ShortLocale) {
  return polyglotI18nProvider(
    (wanted) => {
      const short = shortLocale(wanted);
      return loaded[short] ?? loadCatalog(short);
    },
    locale,
    LOCALES.map((l) => ({ locale: l.short, name: l.label })),
    { allowMissing: true },
  );
}
