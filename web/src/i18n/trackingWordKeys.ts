/**
 * The tracking translations in force, as the catalogue keys that name them read them (a small part
 * of trackingWords.ts that the i18n provider, in the entry, needs: no label table, no API here).
 */

/** The catalogue keys of the web that say a word of a kind (the other kinds are read from the label tables). */
const CATALOGUE_KEYS: Record<string, string> = { carrierStatus: 'delivery.carrierStatus.' };

/** `kind code locale` → the provider's word. */
let overrides = new Map<string, string>();
export const wordSlot = (kind: string, code: string, locale: string) => `${kind} ${code} ${locale}`;

export function setOverrides(next: Map<string, string>): void {
  overrides = next;
}
export const overridesInForce = (): ReadonlyMap<string, string> => overrides;

/** The override a catalogue key says, if any (provider.ts asks it before the catalogue). */
export function trackingWordOfKey(key: string, locale: string): string | undefined {
  if (!overrides.size) return undefined;
  for (const [kind, prefix] of Object.entries(CATALOGUE_KEYS)) {
    if (key.startsWith(prefix)) return overrides.get(wordSlot(kind, key.slice(prefix.length), locale.slice(0, 2)));
  }
  return undefined;
}
