import { Inject, Injectable } from '@nestjs/common';
import {
  bodyField,
  FIELD_ERRORS,
  LOOP_LIMITS,
  loopArticlesQuery,
  loopPlatformsQuery,
  parseBody,
  type CallerContext,
  type LoopArticleDto,
  type LoopAvailabilityDto,
  type LoopPlatformDto,
} from '@portal/contracts';
import { Db, likeLiteral, ScopedWhere } from '@portal/db';
import { z } from 'zod';
import { STOCK_LINE_SCOPE } from '../stock-lines/stock.repository';

const required = <T extends z.ZodType>(field: T) => field.nonoptional({ error: FIELD_ERRORS.required });
const availabilityQuery = z.object({
  depositor_id: required(bodyField.integer(1, 2_147_483_647)),
  platform_id: required(bodyField.integer(1, 2_147_483_647)),
  references: z.array(z.string().max(64)).max(LOOP_LIMITS.maxLines),
});

/**
 * What Loop order entry asks of the stock: the depositor's items (My Items) with the quantity the
 * platform has available now, and whether the depositor has stock on that platform at all. Both
 * read through the caller's scope: another depositor's items answer nothing.
 */
@Injectable()
export class LoopStockService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async articles(ctx: CallerContext, data: unknown): Promise<LoopArticleDto[]> {
    const q = parseBody(loopArticlesQuery, data);
    const w = ScopedWhere.of(ctx, { depositor: 'i.depositor_id' }).equals('i.depositor_id', q.depositor_id);
    if (q.search) {
      const p = w.param(`%${likeLiteral(q.search)}%`);
      w.and(`(i.reference ILIKE ${p} OR i.label ILIKE ${p} OR i.barcode = ${w.param(q.search)})`);
    }
    const platform = w.param(q.platform_id);
    return this.db.scopedQuery<LoopArticleDto>(
      ctx,
      `SELECT * FROM (SELECT i.reference, i.label, i.barcode,
         coalesce((SELECT sum(s.quantity_available) FROM stock_lines s
                   WHERE s.depositor_id = i.depositor_id AND s.platform_id = ${platform} AND s.reference = i.reference), 0)::int AS available
       FROM items i WHERE ${w}) a ORDER BY a.available = 0, a.reference LIMIT ${LOOP_LIMITS.articleSearchLimit}`,
      w.params,
    );
  }

  /** The platforms (of the caller's scope) where the depositor has stock, and its articles available on each. */
  async platforms(ctx: CallerContext, data: unknown): Promise<LoopPlatformDto[]> {
    const q = parseBody(loopPlatformsQuery, data);
    const w = ScopedWhere.of(ctx, STOCK_LINE_SCOPE).equals('s.depositor_id', q.depositor_id);
    return this.db.scopedQuery<LoopPlatformDto>(
      ctx,
      `SELECT s.platform_id, (count(DISTINCT s.reference) FILTER (WHERE s.quantity_available > 0))::int AS available_articles
       FROM stock_lines s WHERE ${w} GROUP BY s.platform_id ORDER BY s.platform_id`,
      w.params,
    );
  }

  async availability(ctx: CallerContext, data: unknown): Promise<LoopAvailabilityDto & { labels: Record<string, string | null> }> {
    const q = parseBody(availabilityQuery, data);
    const lines = ScopedWhere.of(ctx, STOCK_LINE_SCOPE).equals('s.depositor_id', q.depositor_id).equals('s.platform_id', q.platform_id);
    const [referenced] = await this.db.scopedQuery<{ yes: boolean }>(
      ctx,
      `SELECT EXISTS (SELECT 1 FROM stock_lines s WHERE ${lines}) AS yes`,
      lines.params,
    );
    const w = ScopedWhere.of(ctx, { depositor: 'i.depositor_id' }).equals('i.depositor_id', q.depositor_id);
    w.and(`i.reference = ANY(${w.param(q.references)}::text[])`);
    const platform = w.param(q.platform_id);
    const rows = await this.db.scopedQuery<{ reference: string; label: string | null; available: number }>(
      ctx,
      `SELECT i.reference, i.label,
         coalesce((SELECT sum(s.quantity_available) FROM stock_lines s
                   WHERE s.depositor_id = i.depositor_id AND s.platform_id = ${platform} AND s.reference = i.reference), 0)::int AS available
       FROM items i WHERE ${w}`,
      w.params,
    );
    return {
      referenced: referenced.yes,
      available: Object.fromEntries(rows.map((r) => [r.reference, r.available])),
      labels: Object.fromEntries(rows.map((r) => [r.reference, r.label])),
    };
  }
}
