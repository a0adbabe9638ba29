import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import {
  CARRIER_CALL_OUTCOMES,
  CARRIER_CONNECTORS,
  CARRIER_ENVIRONMENTS,
  CONNECTOR_FIELDS,
  ERROR_KEYS,
  FIELD_ERRORS,
  MESSAGE_KEYS,
  PORTAL_APPS,
  THEMES,
  EXPORT_FORMATS,
  TILE_TYPES,
  CHART_KINDS,
} from '@portal/contracts';
import { fr } from './fr';
import { en } from './en';
import { es } from './es';
import { it as itMessages } from './it';
import { de } from './de';
import { raes } from './ra-es';
import { rait } from './ra-it';
import { rade } from './ra-de';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const app = { fr, en, es, it: itMessages, de } as Record<string, Tree>;
const reference = flatten(fr as Tree);

describe('portal translations', () => {
  for (const [locale, messages] of Object.entries(app)) {
    const flat = flatten(messages);
    it(`${locale} has exactly the French keys`, () => {
      expect([...flat.keys()].filter((k) => !reference.has(k))).toEqual([]);
      expect([...reference.keys()].filter((k) => !flat.has(k))).toEqual([]);
    });
    it(`${locale} has no empty text and the same placeholders as French`, () => {
      for (const [key, text] of flat) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  }

  it('translates every error key of the catalogue (contracts ERROR_STATUS)', () => {
    const missing = ERROR_KEYS.filter((key) => !reference.has(`errors.${key}`));
    expect(missing).toEqual([]);
  });
  it('has no error translation for a key the catalogue does not know', () => {
    const extra = [...reference.keys()].filter((k) => k.startsWith('errors.') && !ERROR_KEYS.includes(k.slice(7) as never));
    expect(extra).toEqual([]);
  });
  it('names every carrier connector, its fields, and every word of the connectors’ health', () => {
    const needed = [
      ...CARRIER_CONNECTORS.map((c) => `adminTransport.account.connectors.${c}`),
      ...CARRIER_CONNECTORS.flatMap((c) => CONNECTOR_FIELDS[c].map((f) => `adminTransport.account.fields.${c}.${f.name}`)),
      ...CARRIER_ENVIRONMENTS.map((e) => `adminTransport.account.environments.${e}`),
      ...CARRIER_CALL_OUTCOMES.map((o) => `adminTransport.health.outcomes.${o}`),
    ];
    expect(needed.filter((key) => !reference.has(key))).toEqual([]);
  });
  it('translates every message key and every field error', () => {
    expect(MESSAGE_KEYS.filter((key) => !reference.has(`messages.${key}`))).toEqual([]);
    expect(Object.values(FIELD_ERRORS).filter((key) => !reference.has(`fields.${key}`))).toEqual([]);
  });
  it('translates every application, theme, export format, tile type and chart kind', () => {
    const needed = [
      ...PORTAL_APPS.map((a) => a.labelKey),
      ...PORTAL_APPS.map((a) => `appHints.${a.labelKey.slice(5)}`),
      ...THEMES.map((t) => `settings.themes.${t}`),
      ...EXPORT_FORMATS.map((f) => `settings.exportFormats.${f}`),
      ...TILE_TYPES.map((t) => `dashboard.types.${t}`),
      ...CHART_KINDS.map((k) => `dashboard.chartKinds.${k}`),
    ];
    expect(needed.filter((k) => !reference.has(k))).toEqual([]);
  });
});

describe('react-admin translations', () => {
  const english = flatten(englishMessages as unknown as Tree);
  for (const [locale, messages] of Object.entries({ es: raes, it: rait, de: rade })) {
    it(`${locale} has exactly the keys of ra-language-english`, () => {
      const flat = flatten(messages as unknown as Tree);
      expect([...flat.keys()].filter((k) => !english.has(k))).toEqual([]);
      expect([...english.keys()].filter((k) => !flat.has(k))).toEqual([]);
      for (const [key, text] of flat) expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    });
  }
});
