import { describe, expect, it } from 'vitest';
import { ADMIN_IMPORT_COLUMNS, IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS, IMPORT_WORDS } from '@portal/contracts';

const COLUMNS = [...IMPORT_ORDER_COLUMNS, ...IMPORT_PACKAGE_COLUMNS, ...Object.values(ADMIN_IMPORT_COLUMNS).flat()];

// Issue 36 item 2: the import help says each column of the file's header in the user's language.
describe('import columns in words', () => {
  for (const [language, words] of Object.entries(IMPORT_WORDS)) {
    it(`every column of every import has its words in ${language}`, () => {
      expect(COLUMNS.filter((c) => !words.imports.columns[c.name]?.trim()).map((c) => c.name)).toEqual([]);
    });
    it(`${language} has no words for a column no import holds`, () => {
      const names = new Set(COLUMNS.map((c) => c.name));
      expect(Object.keys(words.imports.columns).filter((n) => !names.has(n))).toEqual([]);
    });
  }
});
