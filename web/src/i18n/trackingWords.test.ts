import { afterEach, describe, expect, it } from 'vitest';
import { CARRIER_EVENT_STATUS_LABELS, TRACER_ROUTE_STATUS_LABELS, TRACKING_STATUS_LABELS } from '@portal/contracts';
import { createI18nProvider } from './provider';
import { applyTrackingWords, catalogueWord, currentTrackingWords } from './trackingWords';

describe('tracking translations over the catalogue', () => {
  afterEach(() => applyTrackingWords([]));

  it('lays the overrides over the label tables every screen reads, in their language only', () => {
    applyTrackingWords([
      { kind: 'trackingStatus', code: '95', locale: 'fr', text: 'En route vers vous' },
      { kind: 'tracerStatus', code: 'LATE', locale: 'de', text: 'Verzögert' },
    ]);
    expect(TRACKING_STATUS_LABELS[95].fr).toBe('En route vers vous');
    expect(TRACKING_STATUS_LABELS[95].en).toBe('In transit');
    expect(TRACER_ROUTE_STATUS_LABELS.LATE.de).toBe('Verzögert');
    // The back office still names the catalogue's word.
    expect(catalogueWord('trackingStatus', '95', 'fr')).toBe('En transit');
    expect(currentTrackingWords()).toHaveLength(2);
  });

  it('puts the catalogue back for a word no longer overridden, and ignores unknown codes, kinds and languages', () => {
    applyTrackingWords([{ kind: 'trackingStatus', code: '100', locale: 'fr', text: 'Chez vous' }]);
    applyTrackingWords([
      { kind: 'trackingStatus', code: '999', locale: 'fr', text: 'x' },
      { kind: 'nope', code: '100', locale: 'fr', text: 'x' },
      { kind: 'trackingStatus', code: '100', locale: 'pt', text: 'x' },
      { kind: 'trackingStatus', code: '__proto__', locale: 'fr', text: 'x' },
    ] as never);
    expect(TRACKING_STATUS_LABELS[100].fr).toBe('Livrée');
    expect(currentTrackingWords()).toEqual([]);
    expect(({} as Record<string, unknown>).fr).toBeUndefined();
  });

  it('answers the catalogue keys that name a carrier status through the i18n provider', async () => {
    const i18n = createI18nProvider('fr');
    await i18n.changeLocale('fr');
    expect(i18n.translate('delivery.carrierStatus.IN_TRANSIT')).toBe('En transit');
    applyTrackingWords([{ kind: 'carrierStatus', code: 'IN_TRANSIT', locale: 'fr', text: 'Sur la route' }]);
    expect(i18n.translate('delivery.carrierStatus.IN_TRANSIT')).toBe('Sur la route');
    expect(CARRIER_EVENT_STATUS_LABELS.IN_TRANSIT.fr).toBe('Sur la route');
    expect(i18n.translate('delivery.carrierStatus.DELIVERED')).toBe('Livré');
    applyTrackingWords([]);
    expect(i18n.translate('delivery.carrierStatus.IN_TRANSIT')).toBe('En transit');
  });
});
