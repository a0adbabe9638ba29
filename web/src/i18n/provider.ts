import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { LOCALES, shortLocale, type ShortLocale } from '@portal/contracts';
import { frPublic } from './fr-public';
import { trackingWordOfKey } from './trackingWordKeys';

export type Catalog = TranslationMessages;

/**
 * The catalogues load on demand (spec §1: fallback en_US). Only the French words of the screens before
 * sign-in ship with the entry (fr-public.ts, issue 36); the whole French catalogue loads at once beside
 * the login page (startCatalog) and is in place before the Shell renders (wholeCatalog).
 */
const loaders: Record<ShortLocale, () => Promise<{ default: Catalog }>> = {
  fr: () => import('./bundles/fr'),
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
  it: () => import('./bundles/it'),
  de: () => import('./bundles/de'),
};
const loaded: Partial<Record<ShortLocale, Catalog>> = {};
/** French until bundles/fr.ts is here: react-admin's words (small) and those of the screens before sign-in. */
const publicFrench = { ...frenchMessages, ...frPublic } as Catalog;
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
  let catalog = known ?? (await loaders[locale]()).default;
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

/** What starts the whole French's load on the login page: the user's first move, or a short wait. */
const FIRST_MOVES = ['pointerdown', 'keydown', 'input'] as const;
export const FRENCH_LOAD_WAIT_MS = 1500;

/** Runs `load` once, on the user's first move or after FRENCH_LOAD_WAIT_MS, whichever comes first. */
export function onFirstMove(load: () => void) {
  if (typeof window === 'undefined') return load();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    FIRST_MOVES.forEach((type) => window.removeEventListener(type, once, true));
    load();
  };
  const timer = setTimeout(once, FRENCH_LOAD_WAIT_MS);
  FIRST_MOVES.forEach((type) => window.addEventListener(type, once, true));
}

/**
 * Loads the catalogue to start with; the language it could load. French is not waited for (the login
 * page has its words in the entry): its load starts, after the login form's first paint, as soon as the
 * user moves (or a moment later), in parallel with the login; the Shell's wholeCatalog starts it at once
 * for a signed-in user. A catalogue that cannot load (server down) must not leave a blank page: French
 * is built in.
 */
export async function startCatalog(wanted: ShortLocale): Promise<ShortLocale> {
  if (wanted === 'fr' && !pseudo) {
    onFirstMove(() => void loadCatalog('fr').catch(() => undefined));
    return 'fr';
  }
  return loadCatalog(wanted)
    .then(() => wanted)
    .catch(() => 'fr' as const);
}

type Provider = ReturnType<typeof polyglotI18nProvider>;
/** The provider made last (main.tsx makes one), and whether it shows only the French of the public screens. */
let current: { provider: Provider; partial: boolean } | undefined;

/**
 * Resolves once the provider holds the whole catalogue of its language: the Shell's lazy import waits
 * for it, so no screen behind the sign-in ever shows a raw key. Started at the page load, the French
 * catalogue is most often here before the login answers.
 */
export async function wholeCatalog(): Promise<void> {
  const state = current;
  if (!state?.partial) return;
  const locale = state.provider.getLocale();
  await loadCatalog(shortLocale(locale));
  // Same language: polyglot takes the whole catalogue in place of the public words.
  if (state.partial) await state.provider.changeLocale(locale);
}

/** The catalogues, with the provider's tracking translations over the words they name (trackingWords.ts). */
export function createI18nProvider(locale: ShortLocale) {
  const state = { partial: false } as { provider: Provider; partial: boolean };
  let started = false;
  const provider = polyglotI18nProvider(
    (wanted) => {
      const short = shortLocale(wanted);
      const ready = !pseudo || pseudoDone.has(short) ? loaded[short] : undefined;
      // Only the first French, that of the page load, may be the public words; a change waits for the whole.
      state.partial = !ready && !started && short === 'fr' && !pseudo;
      return state.partial ? publicFrench : (ready ?? loadCatalog(short));
    },
    locale,
    LOCALES.map((l) => ({ locale: l.short, name: l.label })),
    { allowMissing: true },
  );
  started = true;
  state.provider = provider;
  current = state;
  return {
    ...provider,
    translate: (key: string, options?: object) => trackingWordOfKey(key, provider.getLocale()) ?? provider.translate(key, options),
  };
}
