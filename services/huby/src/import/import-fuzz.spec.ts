import { describe, expect, it } from '@jest/globals';
import { AppError, IMPORT_ORDER_COLUMNS } from '@portal/contracts';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { order, pack, simulate } from './import.fixtures';

const header = IMPORT_ORDER_COLUMNS.map((c) => c.name);
/** Cells a hostile or careless file holds: text with separators, quotes, line breaks and NULs, huge cells, real codes. */
const cell = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 4 },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      'ORDER',
      'PACKAGE',
      'PALLET',
      'EXAMPLE',
      'DEMO-A',
      'DEMO-B',
      'MLV1',
      'CARTON-M',
      '0',
      '1',
      '2',
      ';',
      '"',
      '\r\n',
      '\u0000',
      '4,5',
    ),
  },
  { arbitrary: fc.nat({ max: 120_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
);
const row = fc.oneof(fc.array(cell, { maxLength: 30 }), fc.constantFrom(order('FZ-1'), pack(), order('FZ-2', { reference: '' })));

/** Every line of the file appears exactly once in the report, numbered 1..n. */
const accountedOnce = (lines: { line: number }[], n: number) =>
  expect(lines.map((l) => l.line)).toEqual(Array.from({ length: n }, (_, i) => i + 1));

describe('order import parser under fuzzing (never a 5xx, every line accounted for)', () => {
  it('accounts for every line of any well-quoted CSV file exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 40 }), fc.constantFrom(';', ','), async (rows, delimiter) => {
        const all = [header, ...rows.map((r) => (r.length ? r : ['']))];
        const text = stringify(all, { delimiter, record_delimiter: 'windows' });
        accountedOnce(await simulate(text), all.length);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('answers random bytes with a line report or a file key, nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4000 }), fc.constantFrom<'csv' | 'xlsx'>('csv', 'xlsx'), async (bytes, format) => {
        try {
          const lines = await simulate(Buffer.from(bytes), format);
          accountedOnce(lines, lines.length);
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect(['cannotReadFile', 'sizeLimitExceeded']).toContain((e as AppError).key);
        }
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
