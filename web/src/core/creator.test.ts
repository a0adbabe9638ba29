import { describe, expect, it } from 'vitest';
import { creatorOf } from '@portal/contracts';
import { creatorText } from './creator';
import { fr } from '../i18n/fr';

const translate = (key: string, options?: Record<string, unknown>) =>
  key === 'common.apiKeyCreator' ? fr.common.apiKeyCreator.replace('%{name}', String(options?.name)) : key;
const client = { id: 4, name: 'ERP Boutique', kind: 'client' as const, platformIds: [] };

describe('a recorded creator as the screens show it', () => {
  it('reads a login as it is and an API key by its name, marked as a key', () => {
    const user = { id: 1, uuid: 'u', login: 'alice', sessionId: 's' };
    expect(creatorText(creatorOf({ user }), translate)).toBe('alice');
    expect(creatorText(creatorOf({ client }), translate)).toBe('Clé d’API : ERP Boutique');
    expect(creatorText(creatorOf({}), translate)).toBe('');
    expect(creatorText(null, translate)).toBe('');
  });

  it('records a long key name within the column’s 100 characters, never cutting a character in two', () => {
    const recorded = creatorOf({ client: { ...client, name: `${'é'.repeat(91)}😀😀` } })!;
    expect(Array.from(recorded)).toHaveLength(100);
    expect(recorded.endsWith('😀')).toBe(true);
    expect(creatorText(recorded, translate)).toBe(`Clé d’API : ${'é'.repeat(91)}😀`);
  });
});
