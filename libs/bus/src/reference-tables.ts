import { Inject, Injectable } from '@nestjs/common';
import {
  adminReach,
  AppError,
  FULL_SCOPE,
  FIELD_ERRORS,
  notFound,
  parseBody,
  parseListRequest,
  type CallerContext,
  type ErrorKey,
  type FieldErrorKey,
  type FilterOf,
  type ListDeclaration,
  type ListPage,
  type ReferenceEntity,
} from '@portal/contracts';
import { countedPage, Db, inScope, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { auditedWrite, type AuditedRows } from './audit';
import { OutboxRelay } from './outbox';

/** The largest PostgreSQL integer: a larger id names no row. */
const MAX_ID = 2_147_483_647;

/**
 * One table of the provider's reference data as the back office edits it: its list (the list kit),
 * its form (a zod input of libs/contracts) and how both map to SQL. Written once for depositors,
 * platforms, activities and stores (admin), carriers and tours (huby).
 */
export interface ReferenceTable<L extends ListDeclaration, I extends Record<string, unknown>> {
  /** The service keeping the table: its audit trail entries are told in its name. */
  service: string;
  entity: ReferenceEntity;
  table: string;
  /** `SELECT <columns of the answer> FROM <table> t …` (alias t), without WHERE. */
  select: string;
  /** What a count reads when the filters name a joined table (`tours t JOIN carriers c …`); the table alone otherwise. */
  countFrom?: string;
  list: L;
  /** API sort key → SQL column. */
  sorts: Record<string, string>;
  notNull: ReadonlySet<string>;
  filter(w: ScopedWhere, filter: FilterOf<L>): void;
  input: z.ZodType<I>;
  /** Column → value of a saved form. */
  columns(input: I): Record<string, unknown>;
  /** Unique constraint → its error key (spec §5 uniqueness), the field it names and its columns. */
  unique: Record<string, { key: ErrorKey; field: string; columns: string[] }>;
  /** Foreign key constraint → the field naming another table's row, its column here and that table. */
  references?: Record<string, { field: string; column: string; table: string }>;
  /**
   * The row's depositor, as a column of the select and as read from an answered row. Absent: a row
   * shared by every depositor (platforms), read by all and changed only by those who reach every one.
   */
  depositor?: { column: string; of(row: Record<string, unknown>): number | null };
  /** Creating a row makes a new depositor (not in anyone's reach but the provider's). */
  createsDepositor?: boolean;
  /** Refuses a deletion (throws) while other rows need this one. */
  beforeDelete?(em: EntityManager, id: number): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = ReferenceTable<any, any>;

/** A row id from a message: anything but a PostgreSQL integer names nothing (404, never a 5xx). */
export function rowId(data: unknown): number {
  const raw = (data as { id?: unknown } | null)?.id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound();
  return id;
}

/**
 * List, read, create, update and delete of a reference table, each change on the outbox with before
 * and after, in the administrator's reach: a depositor's administrator lists, reads and changes only
 * their depositors' rows (another's answers 404 like an unknown one; a row naming another depositor
 * is refused as an unknown code), and reads the shared rows without changing them.
 */
@Injectable()
export class ReferenceTables {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async list<T>(spec: AnyTable, ctx: CallerContext, data: unknown): Promise<ListPage<T>> {
    const request = parseListRequest(spec.list, data);
    const scope = reachScope(ctx);
    // Shared rows are everyone's; the others are kept to the reach (and row-level security narrows what they count).
    const w = spec.depositor
      ? ScopedWhere.of(scope, { depositor: spec.depositor.column })
      : ScopedWhere.of(providerScope(ctx), { depositor: 't.id' });
    spec.filter(w, request.filter);
    return countedPage<T>(
      (sql, params) => this.db.scopedQuery(scope, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM ${spec.countFrom ?? `${spec.table} t`} WHERE ${w}`,
        rows: (limit, offset) =>
          `${spec.select} WHERE ${w} ORDER BY ${orderBy(spec.sorts[request.sort] ?? 't.id', request.order, 't.id', spec.notNull)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get<T>(spec: AnyTable, ctx: CallerContext, data: unknown): Promise<T> {
    const id = rowId(data);
    return this.db.scoped(reachScope(ctx), (em) => this.read<T>(em, spec, id, ctx));
  }

  async create<T>(spec: AnyTable, ctx: CallerContext, data: unknown): Promise<T> {
    const input = parseBody(spec.input, data);
    if (!spec.depositor || spec.createsDepositor) requireWholeReach(ctx);
    const columns = spec.columns(input);
    const names = Object.keys(columns);
    return this.write(spec, ctx, async (em) => {
      const id = await auditedWrite(em, ctx, audited(spec), { written: (created: number) => [created] }, async () => {
        await this.check(em, spec, ctx, columns);
        const [row] = rowsOf<{ id: number }>(
          await em.query(
            `INSERT INTO ${spec.table} (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
            Object.values(columns),
          ),
        );
        return row.id;
      });
      return this.read<T>(em, spec, id, ctx);
    });
  }

  async update<T>(spec: AnyTable, ctx: CallerContext, data: unknown): Promise<T> {
    const id = rowId(data);
    const input = parseBody(spec.input, (data as { values?: unknown }).values);
    if (!spec.depositor) requireWholeReach(ctx);
    const columns = spec.columns(input);
    const names = Object.keys(columns);
    return this.write(spec, ctx, async (em) => {
      await auditedWrite(em, ctx, audited(spec), { ids: [id] }, async (before) => {
        requireReached(spec, ctx, before);
        await this.check(em, spec, ctx, columns, id);
        await em.query(`UPDATE ${spec.table} SET ${names.map((n, i) => `"${n}" = $${i + 2}`).join(', ')} WHERE id = $1`, [
          id,
          ...Object.values(columns),
        ]);
      });
      return this.read<T>(em, spec, id, ctx);
    });
  }

  async remove(spec: AnyTable, ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const id = rowId(data);
    if (!spec.depositor) requireWholeReach(ctx);
    await this.write(spec, ctx, (em) =>
      auditedWrite(em, ctx, audited(spec), { ids: [id] }, async (before) => {
        requireReached(spec, ctx, before);
        await spec.beforeDelete?.(em, id);
        await em.query(`DELETE FROM ${spec.table} WHERE id = $1`, [id]);
      }),
    );
    return { ok: true };
  }

  /** A change in the administrator's reach; a unique or foreign key refusal becomes its §8 key, the outbox is relayed after commit. */
  private async write<T>(spec: AnyTable, ctx: CallerContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      const result = await this.db.scoped(reachScope(ctx), fn);
      this.outbox.kick();
      return result;
    } catch (e) {
      for (const [constraint, { key, field }] of Object.entries(spec.unique)) {
        if (isUniqueViolation(e, constraint)) throw new AppError(key, `${field} already exists`, { field });
      }
      const fk = foreignKeyOf(e);
      const field = fk ? spec.references?.[fk]?.field : undefined;
      if (field)
        throw new AppError('validationFailed', `${field} names nothing known`, undefined, {
          [field]: FIELD_ERRORS.unknownCode as FieldErrorKey,
        });
      throw e;
    }
  }

  /**
   * The uniqueness keys and the rows named, checked before writing (the constraints stay the last
   * word between two concurrent writes): a user's mistake is an answer, not a failed statement.
   */
  private async check(em: EntityManager, spec: AnyTable, ctx: CallerContext, columns: Record<string, unknown>, id?: number): Promise<void> {
    for (const { key, field, columns: keyColumns } of Object.values(spec.unique) as { key: ErrorKey; field: string; columns: string[] }[]) {
      const values = keyColumns.map((c) => columns[c]);
      const taken = rowsOf(
        await em.query(
          `SELECT 1 FROM ${spec.table} WHERE ${keyColumns.map((c, i) => `"${c}" = $${i + 1}`).join(' AND ')} AND id <> $${keyColumns.length + 1}`,
          [...values, id ?? 0],
        ),
      );
      if (taken.length) throw new AppError(key, `${field} already exists`, { field });
    }
    for (const ref of Object.values(spec.references ?? {}) as { field: string; column: string; table: string }[]) {
      const value = columns[ref.column];
      if (value === null || value === undefined) continue;
      // A depositor outside the reach is refused as an unknown one (row-level security hides it too).
      const outside = ref.table === 'depositors' && !inScope(adminReach(ctx), value as number);
      if (outside || !rowsOf(await em.query(`SELECT 1 FROM ${ref.table} WHERE id = $1`, [value])).length) {
        throw new AppError('validationFailed', `${ref.field} names nothing known`, undefined, {
          [ref.field]: FIELD_ERRORS.unknownCode as FieldErrorKey,
        });
      }
    }
  }

  private async read<T>(em: EntityManager, spec: AnyTable, id: number, ctx: CallerContext): Promise<T> {
    const [row] = rowsOf<T & Record<string, unknown>>(await em.query(`${spec.select} WHERE t.id = $1`, [id]));
    requireReached(spec, ctx, row ? [row] : []);
    return row;
  }
}

/** The row exists and is in the caller's reach (or shared), else 404 as for an unknown one. */
function requireReached(spec: AnyTable, ctx: CallerContext, rows: Record<string, unknown>[]): void {
  const [row] = rows;
  if (!row || (spec.depositor && !inScope(adminReach(ctx), spec.depositor.of(row)))) throw notFound(spec.entity);
}

/** A table's rows as the audit trail reads them around a change: locked (the change's own rows), each with its depositor. */
function audited(spec: AnyTable): AuditedRows<Record<string, unknown>> {
  return {
    service: spec.service,
    entity: spec.entity,
    read: async (em, ids) => rowsOf(await em.query(`${spec.select} WHERE t.id = ANY($1::int[]) FOR UPDATE OF t`, [ids])),
    subject: (row) => ({
      id: row.id as number,
      label: typeof row.code === 'string' ? row.code : typeof row.ref === 'string' ? row.ref : null,
      depositorIds: [spec.depositor?.of(row)],
    }),
  };
}

function foreignKeyOf(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  return code === '23503' ? (e?.driverError?.constraint ?? e?.constraint) : undefined;
}

/**
 * The provider's own back office pages (email templates, announcements) work on every depositor,
 * whatever the administrator's own depositors.
 */
export const providerScope = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: FULL_SCOPE });

/**
 * The back office on depositors' data (ADMIN_DEPOSITOR, ADMIN_LIST, logos, logs, mails) works in the
 * administrator's reach (adminReachOf): every depositor for ADMIN and the provider's staff, their own
 * for a depositor's administrator, whatever filter they chose in Settings.
 */
export const reachScope = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: adminReach(ctx) });

/**
 * Rows that belong to no depositor and are shared by all (platforms, technical logs, email templates,
 * announcements): changed only by an administrator who reaches every depositor; a depositor's
 * administrator is refused (403).
 */
export function requireWholeReach(ctx: CallerContext): void {
  if (!adminReach(ctx).all) throw new AppError('permissionDenied', 'a row shared by every depositor');
}

/** A PostgreSQL unique violation on this constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && name === constraint;
}

/** Timestamps of a json row as ISO strings. */
export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
