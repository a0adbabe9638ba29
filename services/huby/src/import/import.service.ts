import { Transform } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import {
  AppError,
  IMPORT_LINE_STATUSES,
  IMPORT_MAX_BYTES,
  type CallerContext,
  type ImportLineDto,
  type ImportLineStatus,
  type ImportSimulationDto,
  type ShipmentInput,
  type ShipmentPartyDto,
} from '@portal/contracts';
import { Db, inScope } from '@portal/db';
import { FileStorage } from '@portal/files';
import { uuidOf } from '../common/ids';
import { Depositors } from '../depositors/depositors';
import { insertDraft } from '../shipments/shipments.service';
import { importRows } from './import-reader';
import { HubyImportResolver } from './import-resolver';
import { ImportSimulation, type ImportOrder, type SimulatedLine } from './import-simulation';

// The import tables are the uploader's working data, not depositor rows: every query names the
// caller's user id (or a simulation found that way); the orders it writes go through the scoped tables.
const SIMULATION_COLUMNS = `uuid AS id, name, format, state, size::float8 AS size, read_bytes::float8 AS read_bytes, counts, orders, error,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const PAGE_MAX = 5000;

/** An order import as the audit trail shows it: the file, its counts, and the depositors it wrote shipments for. */
const IMPORT_ROWS: AuditedRows<{
  id: string;
  name: string;
  format: string;
  state: string;
  counts: unknown;
  depositor_ids: number[] | null;
}> = {
  service: 'huby',
  entity: 'shipmentImport',
  read: (em, ids) =>
    em.query(
      `SELECT s.uuid AS id, s.name, s.format, s.state, s.counts,
         (SELECT array_agg(DISTINCT l.depositor_id) FROM import_lines l WHERE l.simulation_uuid = s.uuid AND l.status = 'imported') AS depositor_ids
       FROM import_simulations s WHERE s.uuid = ANY($1::uuid[])`,
      [ids],
    ),
  subject: (s) => ({ id: s.id, label: s.name, depositorIds: s.depositor_ids ?? [] }),
  fields: ({ name, format, state, counts }) => ({ name, format, state, counts }),
};
/** Orders read per page while importing. */
const APPLY_PAGE = 200;

/**
 * Huby order import (spec §5, §8): an uploaded file is simulated in the background, line by line,
 * into `import_lines`; the import then writes exactly the simulated orders, one transaction per
 * order (the order, its packages and its new recipient together or not at all). A simulation is
 * its uploader's: every query names the caller's user id.
 */
@Injectable()
export class ImportService {
  private readonly logger = new Logger('HubyImport');
  /** The background work in progress, awaited by tests and on shutdown. */
  readonly running = new Set<Promise<void>>();

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(FileStorage) private readonly files: FileStorage,
  ) {}

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
      `INSERT INTO import_simulations (user_id, created_by, name, format, size) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
      [user, ctx.user?.login ?? null, name, format, size],
    );
    this.background(this.read(ctx, row.uuid, d.file_key, format));
    return this.get(ctx, { id: row.uuid });
  }

  async get(ctx: CallerContext, data: unknown): Promise<ImportSimulationDto> {
    const id = uuidOf((data as { id?: unknown } | null)?.id);
    const [row] = await this.db.scopedQuery<ImportSimulationDto>(
      ctx,
      `SELECT ${SIMULATION_COLUMNS} FROM import_simulations WHERE uuid = $1 AND user_id = $2`,
      [id, userOf(ctx)],
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
   * Imports a simulated file: refused without `force` when lines were refused; the orders are
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
      `UPDATE import_simulations SET state = 'importing' WHERE uuid = $1 AND state = 'simulated' RETURNING uuid`,
      [simulation.id],
    );
    if (!moved) throw new AppError('importNotReady', 'the simulation is not ready to import', { state: 'importing' });
    this.background(this.write(ctx, simulation.id));
    return this.get(ctx, { id: simulation.id });
  }

  /** Waits for the background work (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private background(work: Promise<void>): void {
    const tracked = work
      .catch((e) => this.logger.error(e instanceof Error ? e.stack : String(e)))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Reads the file into simulated lines, the progress written as it goes; the file is removed once read. */
  private async read(ctx: CallerContext, id: string, key: string, format: 'csv' | 'xlsx'): Promise<void> {
    let readBytes = 0;
    let written = 0;
    const resolver = new HubyImportResolver(this.db, this.depositors, ctx);
    const simulation = new ImportSimulation(
      resolver,
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
      `UPDATE import_simulations SET state = $2, error = $3, read_bytes = size,
         counts = (SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM import_lines WHERE simulation_uuid = $1 GROUP BY status) c),
         orders = (SELECT count(*) FROM import_lines WHERE simulation_uuid = $1 AND status = 'create')
       WHERE uuid = $1`,
      [id, error ? 'failed' : 'simulated', error ? JSON.stringify(error) : null],
    );
  }

  private async store(ctx: CallerContext, id: string, lines: SimulatedLine[]): Promise<void> {
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
        lines.map((l) => (l.order ? JSON.stringify(l.order) : null)),
      ],
    );
  }

  /** Writes the simulated orders page by page; each order's lines end `imported`, `already` or `failed`. */
  private async write(ctx: CallerContext, id: string): Promise<void> {
    for (let after = 0; ;) {
      const page = await this.db.scopedQuery<{ line: number; order_payload: ImportOrder }>(
        ctx,
        `SELECT line, order_payload FROM import_lines WHERE simulation_uuid = $1 AND status = 'create' AND line > $2 ORDER BY line LIMIT $3`,
        [id, after, APPLY_PAGE],
      );
      if (!page.length) break;
      for (const { line, order_payload } of page) {
        const status = await this.writeOrder(ctx, order_payload);
        await this.db.scopedQuery(
          ctx,
          `UPDATE import_lines SET status = $4::text, key = CASE WHEN $4::text = 'failed' THEN 'importWriteFailed' ELSE key END, order_payload = NULL
           WHERE simulation_uuid = $1 AND depositor_id = $2 AND reference = $3 AND status IN ('create', 'package')`,
          [id, order_payload.depositor_id, order_payload.reference, status],
        );
        after = line;
      }
    }
    // One entry in the audit trail for the whole import (its counts), not one per shipment it wrote.
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, IMPORT_ROWS, { ids: [id], action: 'imported' }, () =>
        em.query(
          `UPDATE import_simulations SET state = 'imported',
             counts = (SELECT coalesce(jsonb_object_agg(status, n), '{}') FROM (SELECT status, count(*) AS n FROM import_lines WHERE simulation_uuid = $1 GROUP BY status) c)
           WHERE uuid = $1`,
          [id],
        ),
      ),
    );
  }

  /** One order with its packages and new recipient, in one transaction: `imported`, `already` (same reference) or `failed`. */
  async writeOrder(ctx: CallerContext, order: ImportOrder): Promise<'imported' | 'already' | 'failed'> {
    if (!inScope(ctx.scope, order.depositor_id)) return 'failed';
    try {
      await this.db.scoped(ctx, async (em) => {
        const recipient = order.recipient ?? (await this.newRecipient(em, order));
        const input: ShipmentInput = {
          depositor_id: order.depositor_id,
          uuid_address_shipper: order.shipper.uuid,
          uuid_address_recipient: recipient.uuid,
          reference: order.reference,
          customer_order_number: order.customer_order_number ?? undefined,
          tour_code: order.tour_code ?? undefined,
          carrier_code: order.carrier_code ?? undefined,
          date_shipment_desired: order.date_shipment_desired ?? undefined,
          appointment: order.appointment,
          pallet_stripping: order.pallet_stripping,
          hatchback: order.hatchback,
          delivery_on_floor: order.delivery_on_floor,
          preparation_comment: order.preparation_comment ?? undefined,
          packings: order.packings.map((p) => ({
            packaging_type: p.packaging_type ?? undefined,
            content: p.content ?? undefined,
            weight_kg: p.weight_kg,
            length_cm: p.length_cm ?? undefined,
            width_cm: p.width_cm ?? undefined,
            height_cm: p.height_cm ?? undefined,
            packages: p.packages,
          })),
        };
        const depositor = { id: order.depositor_id, code: order.depositor_code };
        await insertDraft(
          em,
          ctx,
          depositor,
          order.reference,
          { shipper: order.shipper, recipient, sameAsRecipient: true },
          input,
          'imported',
        );
      });
      return 'imported';
    } catch (e) {
      if ((e as { constraint?: string }).constraint === 'shipments_depositor_reference') return 'already';
      this.logger.warn(`import of ${order.reference} failed: ${e instanceof Error ? e.message : String(e)}`);
      return 'failed';
    }
  }

  private async newRecipient(em: import('typeorm').EntityManager, order: ImportOrder): Promise<ShipmentPartyDto> {
    const r = order.new_recipient!;
    const [row] = await em.query<{ uuid: string }[]>(
      `INSERT INTO addresses (depositor_id, depositor_code, book, company_name, contact_name, address_type, address1, zip, town, country, email, phone, mobile, action)
       VALUES ($1, $2, 'recipient', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING uuid`,
      [
        order.depositor_id,
        order.depositor_code,
        r.company_name,
        r.contact_name,
        r.address_type,
        r.address1,
        r.zip,
        r.town,
        r.country,
        r.email,
        r.phone,
        r.mobile,
        r.action,
      ],
    );
    return { ...r, uuid: row.uuid, code: null, civility: null, address2: null, state_code: null, customer_code: null };
  }
}

function userOf(ctx: CallerContext): number {
  if (!ctx.user) throw new AppError('permissionDenied', 'an import belongs to a user');
  return ctx.user.id;
}
