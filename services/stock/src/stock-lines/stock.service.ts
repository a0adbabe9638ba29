import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  AppError,
  hasAnyRole,
  parseListRequest,
  notFound,
  Role,
  STOCK_BY_REFERENCE_LIST,
  STOCK_LIMITS,
  STOCK_LINES_LIST,
  todayIn,
  type CallerContext,
  type FilterOf,
  type ListPage,
  type StockByReferenceDto,
  type StockLineDto,
} from '@portal/contracts';
import { ScopedWhere } from '@portal/db';
import { expiryOf } from '../common/dates';
import { rowId } from '../common/row-id';
import { LINE_SORTS, REFERENCE_SORTS, STOCK_LINE_SCOPE, StockRepository } from './stock.repository';

/** Unit price and stock value leave the service only for USER_VIEW_REVENUE_DATA (or ADMIN). */
export const canViewRevenue = (ctx: CallerContext): boolean => hasAnyRole(ctx.roles, [Role.USER_VIEW_REVENUE_DATA]);

/** My Stocks, tabs Id and Stock: the filter is STOCK_LINES_LIST's (libs/contracts). */
@Injectable()
export class StockService {
  constructor(@Inject(StockRepository) private readonly stock: StockRepository) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<StockLineDto> | ListPage<StockByReferenceDto>> {
    const byReference = (data as { filter?: { view?: unknown } } | undefined)?.filter?.view === 'reference';
    const request = parseListRequest(byReference ? STOCK_BY_REFERENCE_LIST : STOCK_LINES_LIST, data);
    const revenue = canViewRevenue(ctx);
    if (!revenue && (request.sort === 'unitPrice' || request.sort === 'stockValue'))
      throw new AppError('validationFailed', 'sort on revenue data', undefined, { sort: 'invalidFormat' });
    const sorts = byReference ? REFERENCE_SORTS : LINE_SORTS;
    const today = todayIn(ctx.timezone);
    const where = this.where(ctx, request.filter, today);
    const options = { offset: request.offset, limit: request.limit, orderBy: sorts[request.sort], order: request.order, revenue };
    const page = byReference ? await this.stock.byReference(ctx, where, options) : await this.stock.lines(ctx, where, options);
    for (const row of page.rows) row.expiry = expiryOf(row.bestBefore, today);
    return page;
  }

  async get(ctx: CallerContext, data: unknown): Promise<StockLineDto> {
    const id = rowId(data);
    const line = id ? await this.stock.line(ctx, id, canViewRevenue(ctx)) : undefined;
    if (!line) throw notFound('stock line');
    line.expiry = expiryOf(line.bestBefore, todayIn(ctx.timezone));
    return line;
  }

  private where(ctx: CallerContext, f: FilterOf<typeof STOCK_LINES_LIST>, today: string): ScopedWhere {
    const w = ScopedWhere.of(ctx, STOCK_LINE_SCOPE)
      .prefix('s.reference', f.reference)
      .equals('s.barcode', f.barcode)
      .equals('s.platform_id', f.platform)
      .equals('s.depositor_id', f.depositor)
      .prefix('s.lot', f.lot)
      .equals('s.family', f.family)
      .equals('s.item_id', f.itemId)
      .anyOf('s.blocking_code', f.blockingCode, 'text');
    const soon = addDays(today, STOCK_LIMITS.expirySoonDays);
    if (f.expiry?.length === 1 && f.expiry[0] === 'expired') w.and(`s.best_before < ${w.param(today)}::date`);
    if (f.expiry?.length === 1 && f.expiry[0] === 'soon') w.and(`s.best_before BETWEEN ${w.param(today)}::date AND ${w.param(soon)}::date`);
    if (f.expiry && new Set(f.expiry).size === 2) w.and(`s.best_before <= ${w.param(soon)}::date`);
    if (f.dateFrom) w.and(`s.entry_date >= ${w.param(f.dateFrom.slice(0, 10))}::date`);
    if (f.dateTo) w.and(`s.entry_date <= ${w.param(f.dateTo.slice(0, 10))}::date`);
    return w;
  }
}
