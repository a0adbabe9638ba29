import { AppError, type CallerContext, type ImportColumn } from '@portal/contracts';
import { elementCount, isEmptyLine, isRefusal, lineValues, refusal, type CellValue, type Refusal } from './lines';
import type { ImportRow } from './reader';
import { simulatedLine, type ImportKindHandler, type ImportSimulatedLine, type ImportSimulator } from './runs';

/** What one line of a back-office import writes: a new row or an update of the row of its natural key. */
export interface KeyedLine<P> {
  status: 'create' | 'update';
  depositor_id: number | null;
  /** The natural key (a login, a depositor code, an address code within its depositor and book). */
  key: string;
  payload: P;
}

/**
 * One kind of back-office import (users, depositors, addresses): its columns, how a parsed line is
 * checked against the owner's data in the caller's scope, and how it is written (one transaction,
 * with its audit record).
 */
export interface KeyedImportKind<P> {
  kind: string;
  columns: readonly ImportColumn[];
  resolve(ctx: CallerContext, values: Record<string, CellValue>): Promise<KeyedLine<P> | Refusal>;
  write(ctx: CallerContext, payload: P): Promise<'imported' | 'failed'>;
}

const BATCH = 500;

/** The shared runs' handler of a keyed kind. */
export function keyedImportHandler<P>(kind: KeyedImportKind<P>): ImportKindHandler {
  return {
    kind: kind.kind,
    simulator: (ctx, sink, padShort) => new KeyedSimulation(kind, ctx, sink, padShort),
    write: (ctx, payload) => kind.write(ctx, payload as P),
  };
}

/** The header row's names, as typed (BOM, case and trailing empty cells aside). */
const headerNames = (cells: readonly string[]) => {
  const names = cells.map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  while (names.length && names[names.length - 1] === '') names.pop();
  return names;
};

/**
 * Simulates a keyed import line by line (spec §5): the header row must name the kind's columns in
 * their order (else the file is refused, importHeaderMismatch); each line is read by the columns
 * (element count, formats), refused when its key already came earlier in the file, then checked by
 * the kind: `create`, `update`, or `refused` with its §8 key; an empty line is `ignored`.
 */
export class KeyedSimulation<P> implements ImportSimulator {
  private pending: ImportSimulatedLine[] = [];
  private readonly seen = new Set<string>();
  private header = false;

  constructor(
    private readonly kind: KeyedImportKind<P>,
    private readonly ctx: CallerContext,
    private readonly sink: (lines: ImportSimulatedLine[]) => Promise<void>,
    private readonly padShort: boolean,
  ) {}

  async add(row: ImportRow): Promise<void> {
    if (row.line === 1) return this.checkHeader(row);
    const out = (status: ImportSimulatedLine['status'], r: Refusal | null, extra: Partial<ImportSimulatedLine> = {}) =>
      this.out({ ...simulatedLine(row.line, status, r), payload: null, ...extra });
    if (isEmptyLine(row.cells)) return out('ignored', refusal('importEmptyLine'));
    const width = this.kind.columns.length;
    const cells = elementCount(row.cells, width, width, this.padShort);
    if (isRefusal(cells)) return out('refused', cells);
    const values = lineValues(this.kind.columns, cells);
    const what = cells.map((c) => c.trim()).join(' | ');
    if (isRefusal(values)) return out('refused', values, { what });
    const resolved = await this.kind.resolve(this.ctx, values);
    if (isRefusal(resolved)) return out('refused', resolved, { what });
    const seenKey = `${resolved.depositor_id ?? ''}:${resolved.key}`;
    if (this.seen.has(seenKey))
      return out('refused', refusal('importWriteFailed', { column: this.kind.columns[0].name, reason: 'duplicateInFile' }), {
        reference: resolved.key,
        what,
      });
    this.seen.add(seenKey);
    return out(resolved.status, null, { depositor_id: resolved.depositor_id, reference: resolved.key, what, payload: resolved.payload });
  }

  async end(): Promise<void> {
    if (!this.header) throw new AppError('importHeaderMismatch', 'the file has no header row', { expected: this.expected() });
    await this.flush();
  }

  private async checkHeader(row: ImportRow): Promise<void> {
    const names = headerNames(row.cells);
    const wanted = this.kind.columns.map((c) => c.name);
    const wrong = wanted.findIndex((name, i) => names[i] !== name);
    if (wrong >= 0 || names.length !== wanted.length)
      throw new AppError('importHeaderMismatch', 'the header row does not name the expected columns', {
        column: (wrong >= 0 ? (names[wrong] ?? '') : (names[wanted.length] ?? '')).slice(0, 40),
        expected: this.expected(),
      });
    this.header = true;
    return this.out({ ...simulatedLine(1, 'header'), payload: null });
  }

  private expected(): string {
    return this.kind.columns.map((c) => c.name).join(';');
  }

  private async out(line: ImportSimulatedLine): Promise<void> {
    this.pending.push(line);
    if (this.pending.length >= BATCH) await this.flush();
  }

  private async flush(): Promise<void> {
    const lines = this.pending;
    this.pending = [];
    if (lines.length) await this.sink(lines);
  }
}
