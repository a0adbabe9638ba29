import { describe, expect, it } from 'vitest';
import { pseudoCatalog, pseudoMessage } from './pseudo';

describe('the tests’ pseudo-locale', () => {
  it('accents, lengthens and wraps a message, its placeholders and plural forms kept', () => {
    expect(pseudoMessage('Bonjour')).toBe('⟦Ɓöñĵöûŕ···⟧');
    expect(pseudoMessage('%{smart_count} colis |||| %{smart_count} colis')).toBe('⟦%{smart_count} çöĺîš··⟧ |||| ⟦%{smart_count} çöĺîš··⟧');
    expect(pseudoMessage('Adresse : %{url}')).toMatch(/^⟦Åðŕéššé : %\{url\}·+⟧$/);
  });

  it('keeps the tree of a catalogue and its empty texts', () => {
    expect(pseudoCatalog({ a: { b: 'Oui' }, c: '' })).toEqual({ a: { b: '⟦Öûî·⟧' }, c: '' });
  });
});

describe('the contracts’ label tables in the pseudo-locale', () => {
  it('are wrapped in place, once, their codes kept', async () => {
    const { pseudoLabelTables } = await import('./pseudo');
    const { ITEM_VARIANT_LABELS, RIGHTS } = await import('@portal/contracts');
    const box = ITEM_VARIANT_LABELS.box.fr;
    const right = RIGHTS[0];
    const id = right.id;
    const undo = pseudoLabelTables();
    const again = pseudoLabelTables();
    try {
      expect(ITEM_VARIANT_LABELS.box.fr).toBe(`⟦${box.replace('B', 'Ɓ').replace('o', 'ö').replace('t', 'ţ').replace('e', 'é')}··⟧`);
      expect(right.name.de).toMatch(/^⟦.*⟧$/);
      expect(right.id).toBe(id);
    } finally {
      again();
      undo();
    }
    // Put back: the other test files of this worker read the real words.
    expect(ITEM_VARIANT_LABELS.box.fr).toBe(box);
  });
});
