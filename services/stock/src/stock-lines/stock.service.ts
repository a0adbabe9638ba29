import { Inject, Injectable } from '@nestjs/common';
import {
  BLOCKING_CODES,
  hasAnyRole,
  notFound,
  Role,
  STOCK_LIMITS,
  type CallerContext,
  type ListPage,
  type StockByReferenceDto,
  type StockLineDto,
} from '@portal/contracts';
import { addDays, expiryOf, todayIn } from '../common/dates';
import { parseList, read } from '../common/list-request';
import { prefixCondition, SqlWhere } from '../common/sql';
import { LINE_SORTS, REFERENCE_SORTS, StockRepository } from './stock.repository';

/** Unit price and stock value leave the service only for USER_VIEW_REVENUE_DATA (or ADMIN). */
export const canViewRevenue = (ctx: CallerContext): boolean => hasAnyRole(ctx.roles, [Role.USER_VIEW_REVENUE_DATA]);

export const STOCK_VIEWS = ['platform', 'reference'] as const;

/**
 * My Stocks, tabs Id and Stock. Filter keys: view (`platform`, the default: one row per stock line;
 * `reference`: totals over platforms and lots), reference (prefix), barcode, platform, depositor,
 * lot, family, blockingCode (one or a list), itemId, expiry (`expired`|`soon`), dateFrom/dateTo
 * (entry date, days).
 */
@Injectable()
export class StockService {
  constructor(@Inject(StockRepository) private readonly stock: StockRepository) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<StockLineDto> | ListPage<StockByReferenceDto>> {
    const byReference = (data as { filter?: { view?: unknown } } | undefined)?.filter?.view === 'reference';
    const sorts = byReference ? REFERENCE_SORTS : LINE_SORTS;
    const revenue = canViewRevenue(ctx);
    const sortable = Object.keys(sorts).filter((key) => revenue || (key !== 'unitPrice' && key !== 'stockValue'));
    const request = parseList(data, sortable, ['reference', 'ASC']);
    read.oneOf(request.filter, 'view', STOCK_VIEWS);
    const today = todayIn(ctx.timezone);
    const where = this.where(ctx, request.filter, today);
    const options = { offset: request.offset, limit: request.limit, orderBy: sorts[request.sortField], order: request.order, revenue };
    const page = byReference ? await this.stock.byReference(ctx, where, options) : await this.stock.lines(ctx, where, options);
    for (const row of page.rows) row.expiry = expiryOf(row.bestBefore, today);
    return page;
  }

  async get(ctx: CallerContext, data: unknown): Promise<StockLineDto> {
    const id = read.id((data ?? {}) as Record<string, unknown>, 'id');
    const line = id ? await this.stock.line(ctx, id, canViewRevenue(ctx)) : undefined;
    if (!line) throw notFound('stock line');
    line.expiry = expiryOf(line.bestBefore, todayIn(ctx.timezone));
    return line;
  }

  private where(ctx: CallerContext, filter: Record<string, unknown>, today: string): SqlWhere {
    const w = new SqlWhere(ctx, 's.depositor_id');
    const reference = read.text(filter, 'reference');
    if (reference) prefixCondition(w, 's.reference', reference);
    const barcode = read.text(filter, 'barcode');
    if (barcode) w.and(`s.barcode = ${w.param(barcode)}`);
    const platform = read.id(filter, 'platform');
    if (platform) w.and(`s.platform_id = ${w.param(platform)}`);
    const depositor = read.id(filter, 'depositor');
    if (depositor) w.and(`s.depositor_id = ${w.param(depositor)}`);
    const lot = read.text(filter, 'lot');
    if (lot) prefixCondition(w, 's.lot', lot);
    const family = read.text(filter, 'family');
    if (family) w.and(`s.family = ${w.param(family)}`);
    const itemId = read.id(filter, 'itemId');
    if (itemId) w.and(`s.item_id = ${w.param(itemId)}`);
    const codes = read.oneOf(filter, 'blockingCode', BLOCKING_CODES);
    if (codes) w.and(`s.blocking_code = ANY(${w.param(codes)}::text[])`);
    const expiry = read.oneOf(filter, 'expiry', ['expired', 'soon'] as const);
    if (expiry?.length === 1 && expiry[0] === 'expired') w.and(`s.best_before < ${w.param(today)}::date`);
    if (expiry?.length === 1 && expiry[0] === 'soon') {
      w.and(`s.best_before BETWEEN ${w.param(today)}::date AND ${w.param(addDays(today, STOCK_LIMITS.expirySoonDays))}::date`);
    }
    if (expiry?.length === 2) w.and(`s.best_before <= ${w.param(addDays(today, STOCK_LIMITS.expirySoonDays))}::date`);
    const from = read.date(filter, 'dateFrom');
    if (from) w.and(`s.entry_date >= ${w.param(from.slice(0, 10))}::date`);
    const to = read.date(filter, 'dateTo');
    if (to) w.and(`s.entry_date <= ${w.param(to.slice(0, 10))}::date`);
    return w;
  }
}
