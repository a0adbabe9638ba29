import { describe, expect, it } from 'vitest';
import { createI18nProvider, loadCatalog } from '../i18n/provider';
import { lineReason } from './SimulationTable';

const translator = async (locale: 'fr' | 'en') => {
  await loadCatalog(locale);
  const provider = createI18nProvider(locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

describe('lineReason: why an import line is refused, in words', () => {
  it('says the column and the rule or the §8 key of the reason, never their raw names', async () => {
    const t = await translator('fr');
    expect(lineReason(t, { key: 'importWriteFailed', params: { column: 'code', reason: 'invalidFormat' } })).toBe(
      'Création ou mise à jour impossible. — colonne code — Format invalide',
    );
    expect(lineReason(t, { key: 'importWriteFailed', params: { column: 'login', reason: 'loginAlreadyExists' } })).toBe(
      'Création ou mise à jour impossible. — colonne login — Cet identifiant est déjà utilisé.',
    );
    expect(lineReason(t, { key: 'importWriteFailed', params: { column: 'role_groups', reason: 'unknownCode', code: 'XX' } })).toBe(
      'Création ou mise à jour impossible. — colonne role_groups — Code inconnu — code XX',
    );
    expect(lineReason(t, { key: 'importEmptyLine', params: null })).not.toMatch(/importEmptyLine/);
  });

  it('keeps a reason it has no words for as it is, and says nothing for an accepted line', async () => {
    const t = await translator('en');
    expect(lineReason(t, { key: 'importWriteFailed', params: { reason: 'somethingNew' } })).toMatch(/ — somethingNew$/);
    expect(lineReason(t, { key: null, params: null })).toBe('');
  });
});
