import { Transform } from 'node:stream';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import {
  AppError,
  IMPORT_LINE_STATUSES,
  IMPORT_MAX_BYTES,
  systemContext,
  type CallerContext,
  type ImportKey,
  type ImportLineDto,
  type ImportLineStatus,
  type ImportSimulationDto,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import type { FileStorage } from '../storage';
import type { Refusal } from './lines';
import { importRows, type ImportRow } from './reader';

/** One simulated line as stored: what it will do, its §8 key, and what the import writes for it (`payload`). */
export interface ImportSimulatedLine {
  line: number;
  status: ImportLineStatus;
  key: ImportKey | null;
  params: Record<string, string | number> | null;
  depositor_id: number | null;
  /** The order reference, or the natural key of the row a back-office line writes. */
  reference: string | null;
  what: string | null;
  payload: unknown;
}

/** A simulated line before it resolves anything: its number, its status and its refusal (§8 key and params). */
export const simulatedLine = (line: number, status: ImportLineStatus, r?: Refusal | null): Omit<ImportSimulatedLine, 'payload'> => ({
  line,
  status,
  key: r?.key ?? null,
  params: r ? { ...r.params } : null,
  depositor_id: null,
  reference: null,
  what: null,
});

/** Reads the rows of one file into simulated lines, handed to the sink in batches. */
export interface ImportSimulator {
  add(row: ImportRow): Promise<void>;
  end(): Promise<void>;
}

/** What one kind of import brings to the shared runs: its simulator and how one line is written. */
export interface ImportKindHandler {
  /** Stored with each simulation: a simulation is only ever read back by its own kind's routes. */
  kind: string;
  simulator(ctx: CallerContext, sink: (lines: ImportSimulatedLine[]) => Promise<void>, padShort: boolean): ImportSimulator;
  /** Writes one line's payload in its own transaction: `imported`, `already` (nothing to do) or `failed`. */
  write(ctx: CallerContext, payload: unknown): Promise<'imported' | 'already' | 'failed'>;
  /**
   * Runs `mark` (the statement that ends the simulation `imported`, with its counts) in a transaction of
   * the kind's own, when the kind writes more with it (Huby: the import's one entry in the audit trail).
   */
  markImported?(ctx: CallerContext, id: string, mark: (em: EntityManager) => Promise<unknown>): Promise<unknown>;
}

// The import tables are the uploader's working data, not depositor rows: every query names the
// caller's user id (or a simulation found that way); the rows it writes go through the owner's scoped tables.
const SIMULATION_COLUMNS = `uuid AS id, name, format, state, size::float8 AS size, read_bytes::float8 AS read_bytes, counts, orders, error,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const PAGE_MAX = 5000;
/** Lines written per page while importing. */
const APPLY_PAGE = 200;
/**
 * How long a run's lease lasts without renewal (its copy renews it every third of that): a run whose
 * copy died is taken over by another copy this long after, at most, plus a takeover interval.
 */
const leaseMs = () => Number(process.env.IMPORT_LEASE_MS) || 30_000;
/** How often each copy looks for runs whose lease ran out. */
const takeoverMs = () => Number(process.env.IMPORT_TAKEOVER_MS) || 10_000;
/** The runs' own bookkeeping (leases, takeovers): the import tables are the uploader's, not a depositor's. */
const SYSTEM = systemContext('import-runs');
const COUNTS = `(SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM import_lines WHERE simulation_uuid = $1 GROUP BY status) c)`;

/**
 * An import with simulation (spec §5, §8), the same for every kind: an uploaded file is simulated in
 * the background, line by line, into `import_lines` of the owning service's database; the import
 * then writes exactly the simulated lines, one transaction each (the kind decides what one is). A
 * simulation is its uploader's: every query names the caller's user id, and its kind.
 */
export class ImportRuns {
  private readonly logger: Logger;
  /** The background work in progress, awaited by tests and on shutdown. */
  readonly running = new Set<Promise<void>>();
  /** The lease renewals of the runs under way here. */
  private readonly renewals = new Set<NodeJS.Timeout>();
  private takeoverTimer?: NodeJS.Timeout;
  private takingOver?: Promise<number>;

  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly handler: ImportKindHandler,
  ) {
    this.logger = new Logger(`Import:${handler.kind}`);
  }

  /** Starts simulating an uploaded file; answers at once with the simulation (state `reading`). */
  async simulate(ctx: CallerContext, data: unknown): Promise<ImportSimulationDto> {
    const d = (data ?? {}) as { file_key?: unknown; name?: unknown; format?: unknown; size?: unknown };
    const user = userOf(ctx);
    const format = d.format === 'xlsx' ? 'xlsx' : 'csv';
    const size = Number(d.size) || 0;
    if (typeof d.file_key !== 'string') throw new AppError('missingParameter', 'file_key');
    if (size > IMPORT_MAX_BYTES) throw new AppError('sizeLimitExceeded', 'file too large', { limit: IMPORT_MAX_BYTES });
    const name =
      String(d.name ?? `import.${format}`)
        .replaceAll('\u0000', '')
        .slice(0, 255) || `import.${format}`;
    const [row] = await this.db.scopedQuery<{ uuid: string }>(
      ctx,
      `INSERT INTO import_simulations (user_id, created_by, name, format, size, kind, ctx, file_key, lease_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9 * interval '1 millisecond') RETURNING uuid`,
      [user, ctx.user?.login ?? null, name, format, size, this.handler.kind, JSON.stringify(ctx), d.file_key, leaseMs()],
    );
    // Read before the work starts: a small file could be simulated already by the time of a later read.
    const started = await this.get(ctx, { id: row.uuid });
    this.background(row.uuid, this.read(ctx, row.uuid, d.file_key, format));
    return started;
  }

  async get(ctx: CallerContext, data: unknown): Promise<ImportSimulationDto> {
    const id = uuidOf((data as { id?: unknown } | null)?.id);
    const [row] = await this.db.scopedQuery<ImportSimulationDto>(
      ctx,
      `SELECT ${SIMULATION_COLUMNS} FROM import_simulations WHERE uuid = $1 AND user_id = $2 AND kind = $3`,
      [id, userOf(ctx), this.handler.kind],
    );
    if (!row) throw new AppError('objectNotFound', 'import simulation not found');
    return row;
  }

  /** A page of the simulation's lines, by line number, optionally of one status. */
  async lines(ctx: CallerContext, data: unknown): Promise<{ total: number; lines: ImportLineDto[] }> {
    const d = (data ?? {}) as { status?: unknown; offset?: unknown; limit?: unknown };
    const simulation = await this.get(ctx, data);
    const status = IMPORT_LINE_STATUSES.includes(d.status as ImportLineStatus) ? (d.status as string) : null;
    const offset = Math.max(0, Math.floor(Number(d.offset) || 0));
    const limit = Math.min(PAGE_MAX, Math.max(1, Math.floor(Number(d.limit) || 100)));
    const where = `simulation_uuid = $1 AND ($2::text IS NULL OR status = $2)`;
    const [{ total }] = await this.db.scopedQuery<{ total: number }>(
      ctx,
      `SELECT count(*)::int AS total FROM import_lines WHERE ${where}`,
      [simulation.id, status],
    );
    const lines = await this.db.scopedQuery<ImportLineDto>(
      ctx,
      `SELECT line, status, key, params, reference, what FROM import_lines WHERE ${where} ORDER BY line OFFSET $3 LIMIT $4`,
      [simulation.id, status, offset, limit],
    );
    return { total, lines };
  }

  /**
   * Imports a simulated file: refused without `force` when lines were refused; the lines are
   * written in the background (state `importing`, then `imported`), each in its own transaction.
   */
  async apply(ctx: CallerContext, data: unknown): Promise<ImportSimulationDto> {
    const simulation = await this.get(ctx, data);
    const force = (data as { force?: unknown } | null)?.force === true;
    if (simulation.state !== 'simulated')
      throw new AppError('importNotReady', 'the simulation is not ready to import', { state: simulation.state });
    const refused = simulation.counts.refused ?? 0;
    if (refused > 0 && !force)
      throw new AppError('importHasRefusedLines', 'lines were refused: import with force to skip them', { refused });
    const [moved] = await this.db.scopedQuery<{ uuid: string }>(
      ctx,
      `UPDATE import_simulations SET state = 'importing', ctx = $2, lease_until = now() + $3 * interval '1 millisecond'
        WHERE uuid = $1 AND state = 'simulated' RETURNING uuid`,
      [simulation.id, JSON.stringify(ctx), leaseMs()],
    );
    if (!moved) throw new AppError('importNotReady', 'the simulation is not ready to import', { state: 'importing' });
    // Answered as started (importing): read before the lines are written, which may end at once.
    const started = await this.get(ctx, { id: simulation.id });
    this.logger.log(`import ${simulation.id} of ${ctx.user?.login ?? '?'} started here (${simulation.orders} to write)`);
    this.background(simulation.id, this.write(ctx, simulation.id));
    return started;
  }

  /** From now on, every IMPORT_TAKEOVER_MS, runs whose copy died are taken over here (the owners' bootstrap). */
  startTakeover(): void {
    if (this.takeoverTimer) return;
    this.takeoverTimer = setInterval(
      () => void this.takeOver().catch((e: unknown) => this.logger.warn(`takeover: ${String(e)}`)),
      takeoverMs(),
    );
    this.takeoverTimer.unref();
  }

  /** No more takeovers (shutdown); the runs under way go on until the process ends. */
  stopTakeover(): void {
    clearInterval(this.takeoverTimer);
    this.takeoverTimer = undefined;
  }

  /**
   * Takes over this kind's runs whose lease ran out (the copy running them died): a file being read is
   * read again from its start (its lines so far dropped), an import goes on from its first line not
   * written (each line is written in its own transaction and marked; one written but not yet marked
   * answers `already`, as its key is in). Answers how many were taken.
   */
  takeOver(): Promise<number> {
    this.takingOver ??= (async () => {
      const taken = await this.db.scopedQuery<{
        uuid: string;
        state: string;
        ctx: CallerContext;
        file_key: string | null;
        format: string;
      }>(
        SYSTEM,
        `UPDATE import_simulations s SET lease_until = now() + $2 * interval '1 millisecond'
           FROM (SELECT uuid FROM import_simulations
                  WHERE kind = $1 AND state IN ('reading', 'importing') AND ctx IS NOT NULL AND lease_until < now()
                  FOR UPDATE SKIP LOCKED) due
          WHERE s.uuid = due.uuid
          RETURNING s.uuid, s.state, s.ctx, s.file_key, s.format`,
        [this.handler.kind, leaseMs()],
      );
      for (const run of taken) {
        this.logger.warn(`${run.state} run ${run.uuid} of ${run.ctx.user?.login ?? '?'} taken over: its copy stopped renewing it`);
        if (run.state === 'importing') this.background(run.uuid, this.write(run.ctx, run.uuid));
        else {
          await this.db.scopedQuery(SYSTEM, `DELETE FROM import_lines WHERE simulation_uuid = $1`, [run.uuid]);
          await this.db.scopedQuery(SYSTEM, `UPDATE import_simulations SET read_bytes = 0 WHERE uuid = $1`, [run.uuid]);
          this.background(run.uuid, this.read(run.ctx, run.uuid, run.file_key ?? '', run.format === 'xlsx' ? 'xlsx' : 'csv'));
        }
      }
      return taken.length;
    })().finally(() => (this.takingOver = undefined));
    return this.takingOver;
  }

  /** Waits for the background work (tests, shutdown). */
  /**
   * No more lease renewals for the runs under way here, as when this copy's process ends: once their
   * leases lapse another copy takes them over. (The spec's copies that "die" mid-run stop renewing so.)
   */
  stopRenewals(): void {
    for (const renew of this.renewals) clearInterval(renew);
    this.renewals.clear();
  }

  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  /** Runs a simulation's work, its lease renewed every third of its length meanwhile (another copy takes it over once it lapses). */
  private background(id: string, work: Promise<void>): void {
    const renew = setInterval(
      () =>
        void this.db
          .scopedQuery(SYSTEM, `UPDATE import_simulations SET lease_until = now() + $2 * interval '1 millisecond' WHERE uuid = $1`, [
            id,
            leaseMs(),
          ])
          .catch((e: unknown) => this.logger.warn(`lease of ${id} not renewed: ${String(e)}`)),
      leaseMs() / 3,
    );
    renew.unref();
    this.renewals.add(renew);
    const tracked = work
      .catch((e) => this.logger.error(e instanceof Error ? e.stack : String(e)))
      .finally(() => {
        clearInterval(renew);
        this.renewals.delete(renew);
        this.running.delete(tracked);
      });
    this.running.add(tracked);
  }

  /** Reads the file into simulated lines, the progress written as it goes; the file is removed once read. */
  private async read(ctx: CallerContext, id: string, key: string, format: 'csv' | 'xlsx'): Promise<void> {
    let readBytes = 0;
    let written = 0;
    const simulation = this.handler.simulator(
      ctx,
      async (lines) => {
        await this.store(ctx, id, lines);
        written += lines.length;
        await this.db.scopedQuery(ctx, `UPDATE import_simulations SET read_bytes = $2 WHERE uuid = $1`, [id, readBytes]);
      },
      format === 'xlsx',
    );
    let error: { key: string; params?: Record<string, unknown> } | null = null;
    try {
      // Counted on the way through a pipe: the file is read only as fast as the lines are simulated.
      const source = this.files.stream(key).pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            readBytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      for await (const row of importRows(source, format)) await simulation.add(row);
      await simulation.end();
    } catch (e) {
      error = e instanceof AppError ? { key: e.key, params: e.params } : { key: 'cannotReadFile' };
      if (!(e instanceof AppError)) this.logger.error(e instanceof Error ? e.stack : String(e));
    } finally {
      await this.files.delete(key).catch(() => undefined);
    }
    this.logger.debug(`simulation ${id}: ${written} lines`);
    await this.db.scopedQuery(
      ctx,
      `UPDATE import_simulations SET state = $2, error = $3, read_bytes = size, counts = ${COUNTS},
         orders = (SELECT count(*) FROM import_lines WHERE simulation_uuid = $1 AND order_payload IS NOT NULL)
       WHERE uuid = $1`,
      [id, error ? 'failed' : 'simulated', error ? JSON.stringify(error) : null],
    );
  }

  private async store(ctx: CallerContext, id: string, lines: ImportSimulatedLine[]): Promise<void> {
    await this.db.scopedQuery(
      ctx,
      `INSERT INTO import_lines (simulation_uuid, line, status, key, params, depositor_id, reference, what, order_payload)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::jsonb[], $6::int[], $7::text[], $8::text[], $9::jsonb[])`,
      [
        id,
        lines.map((l) => l.line),
        lines.map((l) => l.status),
        lines.map((l) => l.key),
        lines.map((l) => (l.params ? JSON.stringify(l.params).replaceAll('\\u0000', '') : null)),
        lines.map((l) => l.depositor_id),
        lines.map((l) => l.reference),
        lines.map((l) => l.what?.replaceAll('\u0000', '').slice(0, 255) ?? null),
        lines.map((l) => (l.payload ? JSON.stringify(l.payload) : null)),
      ],
    );
  }

  /**
   * Writes the simulated lines page by page. The lines that go with a written one (an order's
   * packages: same depositor and reference) end with its status: `imported`, `already` or `failed`.
   */
  private async write(ctx: CallerContext, id: string): Promise<void> {
    for (let after = 0; ;) {
      const page = await this.db.scopedQuery<{
        line: number;
        depositor_id: number | null;
        reference: string | null;
        order_payload: unknown;
      }>(
        ctx,
        `SELECT line, depositor_id, reference, order_payload FROM import_lines
         WHERE simulation_uuid = $1 AND order_payload IS NOT NULL AND line > $2 ORDER BY line LIMIT $3`,
        [id, after, APPLY_PAGE],
      );
      if (!page.length) break;
      for (const { line, depositor_id, reference, order_payload } of page) {
        const status = await this.handler.write(ctx, order_payload);
        await this.db.scopedQuery(
          ctx,
          `UPDATE import_lines SET status = $5::text, key = CASE WHEN $5::text = 'failed' THEN 'importWriteFailed' ELSE key END, order_payload = NULL
           WHERE simulation_uuid = $1 AND (line = $2 OR (depositor_id IS NOT DISTINCT FROM $3 AND reference = $4 AND status IN ('create', 'update', 'package')))`,
          [id, line, depositor_id, reference, status],
        );
        after = line;
      }
    }
    const mark = (em: EntityManager) =>
      em.query(`UPDATE import_simulations SET state = 'imported', counts = ${COUNTS} WHERE uuid = $1`, [id]);
    if (this.handler.markImported) await this.handler.markImported(ctx, id, mark);
    else await this.db.scoped(ctx, mark);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A simulation id, or 400 validationFailed (a forged id never reaches SQL). */
function uuidOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new AppError('validationFailed', 'invalid uuid', undefined, { uuid: 'invalidFormat' });
  return value.toLowerCase();
}

function userOf(ctx: CallerContext): number {
  if (!ctx.user) throw new AppError('permissionDenied', 'an import belongs to a user');
  return ctx.user.id;
}

/**
 * The Nest provider that owns an import (Huby orders and addresses, depositors, users): its runs taken
 * over from a copy that died, from the service's start to its shutdown.
 */
export abstract class ImportRunsOwner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  abstract readonly runs: ImportRuns;

  onApplicationBootstrap(): void {
    this.runs.startTakeover();
  }

  beforeApplicationShutdown(): void {
    this.runs.stopTakeover();
  }
}
