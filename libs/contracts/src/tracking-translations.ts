import { z } from 'zod';
import { bodyField as f } from './body';
import { FIELD_ERRORS } from './errors';
import { LOCALES, type ShortLocale } from './settings';
import {
  CARRIER_EVENT_STATUS_LABELS,
  TRACER_EVENT_TYPE_LABELS,
  TRACER_ROUTE_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  type Labels5,
} from './tracking/labels';

/**
 * The tracking translations (issue 36 item 6, spec §6 ADMIN_TRACKING_TRANSLATION): the provider
 * overrides, per language, the words customers see for order statuses and carrier events. The
 * catalogue stays the label tables of tracking/labels.ts; an override, when there is one, wins.
 * Kept by the admin service (the provider's reference data); read by every signed-in user and by
 * the public tracking page's server side.
 */
export const TrackingTranslationSubjects = {
  /** Every override (small: at most kinds × codes × 5 languages); any signed-in user, the system. */
  list: 'admin.tracking-translations.list',
  /** Sets one word (an empty text removes the override). ADMIN_TRACKING_TRANSLATION. */
  set: 'admin.tracking-translations.set',
  remove: 'admin.tracking-translations.remove',
} as const;

/** The catalogue of each kind of word: tracking statuses, Tracer Route statuses, Tracer Route events, carrier statuses. */
export const TRACKING_WORD_TABLES = {
  trackingStatus: TRACKING_STATUS_LABELS as Record<string, Labels5>,
  tracerStatus: TRACER_ROUTE_STATUS_LABELS as Record<string, Labels5>,
  tracerEvent: TRACER_EVENT_TYPE_LABELS as Record<string, Labels5>,
  carrierStatus: CARRIER_EVENT_STATUS_LABELS as Record<string, Labels5>,
} as const;
export type TrackingWordKind = keyof typeof TRACKING_WORD_TABLES;
export const TRACKING_WORD_KINDS = Object.keys(TRACKING_WORD_TABLES) as [TrackingWordKind, ...TrackingWordKind[]];
export const TRACKING_WORD_LOCALES = LOCALES.map((l) => l.short) as [ShortLocale, ...ShortLocale[]];
/** A word shown in a chip or a timeline line. */
export const TRACKING_WORD_MAX_LENGTH = 120;
/** How long the gateway keeps the overrides before asking again (the public page, the exports). */
export const TRACKING_WORDS_CACHE_MS = 30_000;

/** The codes of a kind, as the catalogue keys them (tracking status codes as their decimal text). */
export const trackingWordCodes = (kind: TrackingWordKind): string[] => Object.keys(TRACKING_WORD_TABLES[kind]);

/** Which word: a kind, a code of its catalogue, a language. */
export const trackingWordKey = z
  .object({
    kind: f.oneOf(TRACKING_WORD_KINDS).nonoptional({ error: FIELD_ERRORS.required }),
    code: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string({ error: FIELD_ERRORS.required }).min(1, { error: FIELD_ERRORS.required }).max(40, { error: FIELD_ERRORS.maxLength }),
    ),
    locale: f.oneOf(TRACKING_WORD_LOCALES).nonoptional({ error: FIELD_ERRORS.required }),
  })
  .superRefine((k, issue) => {
    if (!Object.hasOwn(TRACKING_WORD_TABLES[k.kind], k.code))
      issue.addIssue({ code: 'custom', message: FIELD_ERRORS.unknownCode, path: ['code'] });
  });
export type TrackingWordKey = z.infer<typeof trackingWordKey>;

/** The word itself: trimmed, one line, no control character, at most 120 characters; empty = back to the catalogue. */
export const trackingWordInput = z.object({ text: f.text(TRACKING_WORD_MAX_LENGTH) });
export type TrackingWordInput = z.infer<typeof trackingWordInput>;

export interface TrackingTranslationDto {
  kind: TrackingWordKind;
  code: string;
  locale: ShortLocale;
  text: string;
}

/** The overrides by kind, code and language, as the resolvers read them. */
export type TrackingWords = Partial<Record<TrackingWordKind, Record<string, Partial<Record<ShortLocale, string>>>>>;

export function trackingWordsOf(list: readonly TrackingTranslationDto[]): TrackingWords {
  const words: TrackingWords = {};
  for (const t of list) ((words[t.kind] ??= {})[t.code] ??= {})[t.locale] = t.text;
  return words;
}

/** The word customers see: the override, else the catalogue's, else the code itself. */
export function trackingWord(words: TrackingWords | undefined, kind: TrackingWordKind, code: string | number, locale: ShortLocale): string {
  const key = String(code);
  return words?.[kind]?.[key]?.[locale] ?? TRACKING_WORD_TABLES[kind][key]?.[locale] ?? key;
}
