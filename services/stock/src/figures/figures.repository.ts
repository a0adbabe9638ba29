import { Inject, Injectable } from '@nestjs/common';
import { BLOCKING_CODES, type CallerContext, type FigurePoint } from '@portal/contracts';
import { Db, ScopedWhere } from '@portal/db';
import { STOCK_LINE_SCOPE } from '../stock-lines/stock.repository';

/** Counts of the caller's stock lines, read under the scope and row-level security. */
@Injectable()
export class FiguresRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  /** Per blocking code (NO, no block, aside), the blocked quantity; codes without any are left out. */
  async blockedByCode(ctx: CallerContext): Promise<FigurePoint[]> {
    const where = ScopedWhere.of(ctx, STOCK_LINE_SCOPE).and(`s.blocking_code <> 'NO' AND s.quantity_blocked > 0`);
    const rows = await this.db.scopedQuery<{ label: string; value: string }>(
      ctx,
      `SELECT s.blocking_code AS label, sum(s.quantity_blocked)::bigint AS value FROM stock_lines s WHERE ${where} GROUP BY 1`,
      where.params,
    );
    const rank = (code: string) => BLOCKING_CODES.indexOf(code as never);
    return rows.map((r) => ({ label: r.label, value: Number(r.value) })).sort((a, b) => rank(a.label) - rank(b.label));
  }
}
