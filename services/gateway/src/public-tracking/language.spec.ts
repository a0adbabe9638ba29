import { acceptedLanguages, pageLanguage } from './language';

describe('public tracking page language', () => {
  it('reads Accept-Language by weight, keeping the browser’s order for equal weights', () => {
    expect(acceptedLanguages('de-CH, fr;q=0.5, en;q=0.9, it')).toEqual([
      { tag: 'de-CH', language: 'de', q: 1 },
      { tag: 'it', language: 'it', q: 1 },
      { tag: 'en', language: 'en', q: 0.9 },
      { tag: 'fr', language: 'fr', q: 0.5 },
    ]);
    // q=0 refuses a language; a malformed weight or tag is left out; other parameters are no weight.
    expect(acceptedLanguages('fr;q=0, es;q=2, <script>, en;level=1, de;q=abc').map((w) => w.tag)).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(['fr'])).toEqual([]);
    expect(acceptedLanguages(`${'x,'.repeat(10_000)}fr`).map((w) => w.language)).toEqual(Array(20).fill('x'));
  });

  it('takes ?lang= first, then the browser’s first language of the five', () => {
    expect(pageLanguage('it', 'de-DE,de')).toEqual({ lang: 'it', dateLocale: 'it-IT' });
    expect(pageLanguage('de_DE', undefined)).toEqual({ lang: 'de', dateLocale: 'de-DE' });
    expect(pageLanguage(undefined, 'pt-BR, es;q=0.8, en;q=0.7')).toEqual({ lang: 'es', dateLocale: 'es-ES' });
    expect(pageLanguage('xx', 'de-AT')).toEqual({ lang: 'de', dateLocale: 'de-AT' });
    expect(pageLanguage(['en', 'fr'], 'it')).toMatchObject({ lang: 'it' });
    expect(pageLanguage('e'.repeat(1000), 'it')).toMatchObject({ lang: 'it' });
  });

  it('answers French to a browser that says nothing, English to one asking only for others', () => {
    expect(pageLanguage(undefined, undefined)).toEqual({ lang: 'fr', dateLocale: 'fr-FR' });
    expect(pageLanguage(undefined, '*')).toMatchObject({ lang: 'fr' });
    expect(pageLanguage(undefined, 'pt-BR,pt;q=0.9')).toEqual({ lang: 'en', dateLocale: 'en-GB' });
  });

  it('writes dates with the browser’s own country of that language', () => {
    expect(pageLanguage(undefined, 'en-US,en')).toEqual({ lang: 'en', dateLocale: 'en-US' });
    expect(pageLanguage('fr', 'en-US, fr-BE;q=0.5')).toEqual({ lang: 'fr', dateLocale: 'fr-BE' });
    expect(pageLanguage('fr', 'en-US')).toEqual({ lang: 'fr', dateLocale: 'fr-FR' });
  });
});
