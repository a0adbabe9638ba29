import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, type AuditedRows } from '@portal/bus';
import { AppError, ORDERS_LIST, type CallerContext, type OrderSearchFilter, type SearchProfileDto } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { FieldChecks } from '../common/checks';
import { parseOrderSearch } from '../orders/search-filter';

interface ProfileRow {
  id: number;
  owner_user_id: number;
  depositor_ids: number[];
  name: string;
  filter: OrderSearchFilter;
  shared: boolean;
  is_default: boolean;
}

/** A saved search as the trail shows it: whose depositors it is saved for (its sharing), not whose session. */
const PROFILE_ROWS: AuditedRows<ProfileRow> = {
  service: 'tracking',
  entity: 'searchProfile',
  read: (em, ids) => em.query(`SELECT * FROM search_profiles WHERE id = ANY($1::int[])`, [ids]),
  subject: (r) => ({ id: r.id, label: r.name, depositorIds: r.depositor_ids }),
  fields: (r) => ({ name: r.name, filter: r.filter, shared: r.shared, is_default: r.is_default, depositorIds: r.depositor_ids }),
};

const notFound = () => new AppError('profileNotFound', 'search profile not found');

/**
 * Saved tracker searches. A profile belongs to its author; shared, it is offered to coworkers who see
 * every depositor it was saved for: those its filter names, else all of its author's (spec §6 "share
 * search profiles with coworkers"). Applying one is an ordinary search, scoped to whoever runs it.
 */
@Injectable()
export class ProfilesService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async list(ctx: CallerContext): Promise<SearchProfileDto[]> {
    const userId = requireUser(ctx);
    const rows = await this.db.system.query<ProfileRow>(
      `SELECT * FROM search_profiles
        WHERE owner_user_id = $1 OR (shared AND cardinality(depositor_ids) > 0 AND ($2 OR depositor_ids <@ $3::int[]))
        ORDER BY owner_user_id = $1 DESC, is_default DESC, name`,
      [userId, ctx.scope.all, ctx.scope.depositorIds],
    );
    return rows.map((r) => toDto(r, userId));
  }

  async save(ctx: CallerContext, data: unknown): Promise<SearchProfileDto> {
    const userId = requireUser(ctx);
    const c = new FieldChecks();
    const d = (data ?? {}) as Record<string, unknown>;
    const id = c.integer('id', d.id, { min: 1, max: 2_147_483_647 });
    const name = c.text('name', d.name, 100, { required: true });
    const filter = (c.object('filter', d.filter) ?? {}) as OrderSearchFilter;
    if (!c.ok) throw new AppError('validationFailed', 'invalid profile', undefined, c.fields);
    parseOrderSearch({ filter }); // the same checks as a search
    const shared = d.shared === true;
    const depositorIds = profileDepositors(ctx, filter);
    if (shared && !depositorIds.length)
      throw new AppError('validationFailed', 'a shared profile names its depositors', undefined, { shared: 'invalidFormat' });
    // Only the search's own keys are kept (a page's cursor or anything else sent along is not).
    const kept = Object.fromEntries(Object.entries(filter).filter(([key]) => key in ORDERS_LIST.filter.shape)) as OrderSearchFilter;
    return this.db.system.transaction(async (em) => {
      const row = await auditedWrite(em, ctx, PROFILE_ROWS, { ids: id ? [id] : [], written: (r: ProfileRow) => [r.id] }, async () => {
        if (d.isDefault === true) await em.query(`UPDATE search_profiles SET is_default = false WHERE owner_user_id = $1`, [userId]);
        return id
          ? await this.update(em, userId, id, name!, kept, shared, d.isDefault === true, depositorIds)
          : await this.insert(em, userId, name!, kept, shared, d.isDefault === true, depositorIds);
      });
      return toDto(row, userId);
    });
  }

  async delete(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const userId = requireUser(ctx);
    const id = Number((data as Record<string, unknown> | null)?.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    const deleted = await this.db.system.transaction((em) =>
      auditedWrite(em, ctx, PROFILE_ROWS, { ids: [id] }, async () =>
        rowsOf(await em.query(`DELETE FROM search_profiles WHERE id = $1 AND owner_user_id = $2 RETURNING id`, [id, userId])),
      ),
    );
    if (!deleted.length) throw notFound();
    return { ok: true };
  }

  private async insert(
    em: EntityManager,
    userId: number,
    name: string,
    filter: object,
    shared: boolean,
    isDefault: boolean,
    depositorIds: number[],
  ): Promise<ProfileRow> {
    const [row]: ProfileRow[] = await em.query(
      `INSERT INTO search_profiles (owner_user_id, depositor_ids, name, filter, shared, is_default) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [userId, depositorIds, name, JSON.stringify(filter), shared, isDefault],
    );
    return row;
  }

  /** Only the author changes a profile; another user's id answers like an unknown one. */
  private async update(
    em: EntityManager,
    userId: number,
    id: number,
    name: string,
    filter: object,
    shared: boolean,
    isDefault: boolean,
    depositorIds: number[],
  ): Promise<ProfileRow> {
    const [row] = rowsOf<ProfileRow>(
      await em.query(
        `UPDATE search_profiles SET name = $3, filter = $4, shared = $5, is_default = $6, depositor_ids = $7
          WHERE id = $1 AND owner_user_id = $2 RETURNING *`,
        [id, userId, name, JSON.stringify(filter), shared, isDefault, depositorIds],
      ),
    );
    if (!row) throw notFound();
    return row;
  }
}

/**
 * The depositors a profile is saved for, which decide who it is shared with: those its filter names
 * (a search of DEMO-B is for DEMO-B's coworkers), else every depositor of its author. A filter naming
 * a depositor outside the author's scope is refused.
 */
function profileDepositors(ctx: CallerContext, filter: OrderSearchFilter): number[] {
  const named = filter.depositor === undefined ? [] : [filter.depositor].flat().map(Number);
  if (named.some((id) => !ctx.scope.all && !ctx.scope.depositorIds.includes(id)))
    throw new AppError('validationFailed', 'the profile names a depositor outside your scope', undefined, { depositor: 'invalidFormat' });
  const ids = named.length ? named : ctx.scope.all ? [] : ctx.scope.depositorIds;
  return [...new Set(ids)].sort((a, b) => a - b);
}

function requireUser(ctx: CallerContext): number {
  if (!ctx.user) throw new AppError('permissionDenied', 'profiles belong to users');
  return ctx.user.id;
}

const toDto = (r: ProfileRow, userId: number): SearchProfileDto => ({
  id: r.id,
  name: r.name,
  filter: r.filter,
  shared: r.shared,
  isDefault: r.is_default && r.owner_user_id === userId,
  ownerUserId: r.owner_user_id,
  depositorIds: r.depositor_ids,
  mine: r.owner_user_id === userId,
});
