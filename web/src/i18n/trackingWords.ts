import { useEffect, useState } from 'react';
import { TRACKING_WORD_TABLES, type ShortLocale, type TrackingTranslationDto, type TrackingWordKind } from '@portal/contracts';
import { api } from '../core/api';
import { getToken } from '../core/session';
import { overridesInForce, setOverrides, wordSlot as slot } from './trackingWordKeys';

/**
 * The provider's tracking translations (issue 36 item 6) laid over the catalogue, once for every
 * screen: the status and event label tables of @portal/contracts (which the screens read, as the
 * pseudo-locale does in pseudo.ts) take the overrides in place, and the catalogue keys that name
 * the same words (`delivery.carrierStatus.*`) answer them through the i18n provider (provider.ts).
 * The overrides are read when the signed-in shell starts: a change shows on the next load.
 */

/** The words replaced, with the catalogue's word each had: `kind code locale` → word. */
const replaced = new Map<string, string>();

/** The catalogue's word (what shows without an override). */
export function catalogueWord(kind: TrackingWordKind, code: string, locale: ShortLocale): string {
  return replaced.get(slot(kind, code, locale)) ?? TRACKING_WORD_TABLES[kind][code]?.[locale] ?? code;
}

/** The overrides in force (the back office lists them). */
export const currentTrackingWords = (): TrackingTranslationDto[] =>
  [...overridesInForce()].map(([key, text]) => {
    const [kind, code, locale] = key.split(' ') as [TrackingWordKind, string, ShortLocale];
    return { kind, code, locale, text };
  });

/** Puts these overrides in force (and only these: a word no longer overridden shows its catalogue's again). */
export function applyTrackingWords(list: readonly TrackingTranslationDto[]): void {
  for (const [key, word] of replaced) {
    const [kind, code, locale] = key.split(' ') as [TrackingWordKind, string, ShortLocale];
    TRACKING_WORD_TABLES[kind][code][locale] = word;
  }
  replaced.clear();
  const overrides = new Map<string, string>();
  for (const t of list) {
    const table = TRACKING_WORD_TABLES[t.kind];
    const entry = table && Object.hasOwn(table, t.code) ? table[t.code] : undefined;
    if (!entry || typeof t.text !== 'string' || !Object.hasOwn(entry, t.locale)) continue;
    const key = slot(t.kind, t.code, t.locale);
    replaced.set(key, entry[t.locale]);
    overrides.set(key, t.text);
    entry[t.locale] = t.text;
  }
  setOverrides(overrides);
}

/** The overrides read once per session (a reload or another sign-in reads them again); never a reason not to start. */
let loading: { token: string | null; done: Promise<void> } | null = null;
let settled: string | null | undefined;
const WAIT_AT_MOST_MS = 3000;

export function loadTrackingWords(): Promise<void> {
  const token = getToken();
  if (loading?.token !== token || !loading) {
    const read = api<TrackingTranslationDto[]>('/tracking-translations')
      .then((list) => applyTrackingWords(Array.isArray(list) ? list : []))
      .catch(() => undefined);
    const cap = new Promise<void>((resolve) => setTimeout(resolve, WAIT_AT_MOST_MS));
    loading = { token, done: Promise.race([read, cap]).then(() => void (settled = token)) };
  }
  return loading.done;
}

/** Whether the overrides are in force (or given up on): the shell shows its pages from then on. */
export function useTrackingWordsReady(): boolean {
  const [ready, setReady] = useState(() => settled !== undefined && settled === getToken());
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadTrackingWords().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
