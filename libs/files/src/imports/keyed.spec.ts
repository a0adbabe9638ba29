import { describe, expect, it } from '@jest/globals';
import {
  ADDRESS_IMPORT_COLUMNS,
  DEPOSITOR_IMPORT_COLUMNS,
  USER_IMPORT_COLUMNS,
  importSampleFileRows,
  type CallerContext,
  type ImportColumn,
} from '@portal/contracts';
import { KeyedSimulation, type KeyedImportKind } from './keyed';
import { lineValues, refusal } from './lines';
import type { ImportSimulatedLine } from './runs';

const ctx = { requestId: 't', roles: [], scope: { all: true } } as unknown as CallerContext;

/** Runs a keyed simulation over CSV-like rows; the fake kind refuses code FOREIGN and updates code OLD. */
async function simulate(columns: readonly ImportColumn[], rows: string[][]): Promise<ImportSimulatedLine[]> {
  const out: ImportSimulatedLine[] = [];
  const kind: KeyedImportKind<{ code: string }> = {
    kind: 'test',
    columns,
    resolve: async (_ctx, v) =>
      v.code === 'FOREIGN'
        ? refusal('importCodeNotAuthorized', { column: 'code', code: 'FOREIGN' })
        : {
            status: v.code === 'OLD' ? 'update' : 'create',
            depositor_id: null,
            key: v.code as string,
            payload: { code: v.code as string },
          },
    write: async () => 'imported',
  };
  const simulation = new KeyedSimulation(kind, ctx, async (lines) => void out.push(...lines), false);
  for (const [i, cells] of rows.entries()) await simulation.add({ line: i + 1, cells });
  await simulation.end();
  return out;
}

describe('keyed import simulation', () => {
  it('creates, updates and refuses lines by their natural key, with the §8 keys', async () => {
    const lines = await simulate(DEPOSITOR_IMPORT_COLUMNS, [
      ['code', 'label', 'action_delay_on_address'],
      ['new-1', 'Nouveau', '10'],
      ['OLD', 'Ancien', ''],
      ['', '', ''],
      ['FOREIGN', 'Autre', ''],
      ['NEW-1', 'Doublon', ''],
      ['X', 'Y'],
      ['BAD CODE', 'Y', ''],
      ['Z', '', ''],
    ]);
    expect(lines.map((l) => [l.line, l.status, l.key, l.reference])).toEqual([
      [1, 'header', null, null],
      [2, 'create', null, 'NEW-1'],
      [3, 'update', null, 'OLD'],
      [4, 'ignored', 'importEmptyLine', null],
      [5, 'refused', 'importCodeNotAuthorized', null],
      [6, 'refused', 'importWriteFailed', 'NEW-1'],
      [7, 'refused', 'importElementCount', null],
      [8, 'refused', 'importWriteFailed', null],
      [9, 'refused', 'importWriteFailed', null],
    ]);
    expect(lines[1].payload).toEqual({ code: 'NEW-1' });
    expect(lines[5].params).toEqual({ column: 'code', reason: 'duplicateInFile' });
    expect(lines[6].params).toEqual({ expected: 3, found: 2 });
    expect(lines[8].params).toMatchObject({ column: 'label', reason: 'required' });
  });

  it('refuses a file whose header row does not name the columns in order, or that has none', async () => {
    await expect(simulate(DEPOSITOR_IMPORT_COLUMNS, [['label', 'code', 'action_delay_on_address']])).rejects.toMatchObject({
      key: 'importHeaderMismatch',
      params: { column: 'label', expected: 'code;label;action_delay_on_address' },
    });
    await expect(simulate(DEPOSITOR_IMPORT_COLUMNS, [['code', 'label']])).rejects.toMatchObject({ key: 'importHeaderMismatch' });
    await expect(simulate(DEPOSITOR_IMPORT_COLUMNS, [])).rejects.toMatchObject({ key: 'importHeaderMismatch' });
    // A BOM, capitals and trailing empty cells are not a mismatch.
    const ok = await simulate(DEPOSITOR_IMPORT_COLUMNS, [['\uFEFFCode', 'LABEL', 'action_delay_on_address', '', '']]);
    expect(ok).toEqual([expect.objectContaining({ line: 1, status: 'header' })]);
  });

  it('reads the sample line of each kind by its columns', () => {
    for (const columns of [USER_IMPORT_COLUMNS, DEPOSITOR_IMPORT_COLUMNS, ADDRESS_IMPORT_COLUMNS]) {
      const [header, sample] = importSampleFileRows(columns, [{ depositor_code: 'DEMO-A', depositor_codes: 'DEMO-A' }]);
      expect(header).toEqual(columns.map((c) => c.name));
      expect(lineValues(columns, sample)).not.toHaveProperty('key');
    }
    expect(lineValues(USER_IMPORT_COLUMNS, ['a', 'not-an-email', '', '', '', '', '1', '', '', '', ''])).toMatchObject({
      key: 'importEmailFormat',
    });
    expect(lineValues(USER_IMPORT_COLUMNS, ['a', 'a@b.fr', '', '', '', '', '2', '', '', '', ''])).toMatchObject({
      key: 'importWriteFailed',
      params: { column: 'active', reason: 'flag' },
    });
    const address = importSampleFileRows(ADDRESS_IMPORT_COLUMNS, [{ depositor_code: 'DEMO-A' }])[1].map((c, i) =>
      ADDRESS_IMPORT_COLUMNS[i].name === 'book' ? 'WAREHOUSE' : c,
    );
    expect(lineValues(ADDRESS_IMPORT_COLUMNS, address)).toMatchObject({
      key: 'importWriteFailed',
      params: { column: 'book', reason: 'choice' },
    });
    expect(lineValues(DEPOSITOR_IMPORT_COLUMNS, ['A\u0000B', 'x', ''])).toMatchObject({ params: { reason: 'invalidFormat' } });
  });
});
