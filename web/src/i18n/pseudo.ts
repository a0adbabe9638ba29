import {
  BLOCKING_CODE_LABELS,
  CARRIER_EVENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  ITEM_VARIANT_LABELS,
  MOVEMENT_TYPE_LABELS,
  REPORT_TITLES,
  RIGHT_GROUP_LABELS,
  RIGHTS,
  TRACER_EVENT_TYPE_LABELS,
  TRACER_ROUTE_STATUS_LABELS,
  TRACKING_ERROR_LABELS,
  TRACKING_STATUS_LABELS,
} from '@portal/contracts';
import { accent } from './pseudo-letters';

/**
 * The pseudo-locale of the tests (issue 36, tests/e2e/pseudo-locale.e2e.mjs), never offered to users:
 * every message of a catalogue accented, lengthened by about 30 % (the longer languages) and wrapped
 * in ⟦ ⟧, so that a word on screen outside the brackets is a word that bypasses the catalogues.
 * Placeholders (%{name}) and plural forms (||||) are kept as they are; the values put in stay plain.
 */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** One message in the pseudo-locale: each plural form accented outside its placeholders, lengthened and wrapped. */
export function pseudoMessage(text: string): string {
  return text
    .split('||||')
    .map((form) => {
      const lead = form.match(/^\s*/)![0];
      const trail = form.match(/\s*$/)![0];
      const body = form.trim();
      if (!body) return form;
      const shown = body
        .split(/(%\{\w+\})/)
        .map((part, i) => (i % 2 ? part : accent(part)))
        .join('');
      const visible = body.replace(/%\{\w+\}/g, '').length;
      return `${lead}${PSEUDO_OPEN}${shown}${'·'.repeat(Math.ceil(visible * 0.3))}${PSEUDO_CLOSE}${trail}`;
    })
    .join('||||');
}

/** A whole catalogue in the pseudo-locale (its tree kept, every text leaf transformed). */
export function pseudoCatalog<T extends object>(catalog: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return pseudoMessage(node);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(catalog) as T;
}

/**
 * The five-language label tables of @portal/contracts the screens show (statuses, codes, rights, report
 * titles: a second catalogue, which the server's exports and mails share). A table missing here shows
 * its words plain in the pseudo-locale walk, which then names them.
 */
const LABEL_TABLES: readonly unknown[] = [
  TRACKING_STATUS_LABELS,
  TRACER_ROUTE_STATUS_LABELS,
  TRACER_EVENT_TYPE_LABELS,
  CARRIER_EVENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  TRACKING_ERROR_LABELS,
  BLOCKING_CODE_LABELS,
  MOVEMENT_TYPE_LABELS,
  ITEM_VARIANT_LABELS,
  RIGHT_GROUP_LABELS,
  RIGHTS,
  REPORT_TITLES,
];
const LANGUAGES = ['fr', 'en', 'es', 'it', 'de'];
const done = new WeakSet<object>();

/**
 * Puts the contracts' label tables in the pseudo-locale, in place: every { fr, en, es, it, de } in them,
 * once. Answers how to put them back (the web unit tests share their modules: one test must not leave
 * its neighbours reading pseudo words).
 */
export function pseudoLabelTables(): () => void {
  const changed: [Record<string, unknown>, string, unknown][] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || done.has(node)) return;
    done.add(node);
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === LANGUAGES.length && LANGUAGES.every((l) => typeof record[l] === 'string')) {
      for (const l of LANGUAGES) {
        changed.push([record, l, record[l]]);
        record[l] = pseudoMessage(record[l] as string);
      }
      return;
    }
    for (const value of Object.values(record)) walk(value);
  };
  LABEL_TABLES.forEach(walk);
  return () => {
    for (const [record, l, text] of changed.splice(0)) {
      record[l] = text;
      done.delete(record);
    }
  };
}
