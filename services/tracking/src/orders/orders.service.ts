import { Injectable } from '@nestjs/common';
import { AppError, type CallerContext, type OrderDetailDto, type OrderSearchPage } from '@portal/contracts';
import { FieldChecks } from '../common/checks';
import { toOrderDetail, toOrderSummary } from './orders.mapper';
import { OrdersRepository } from './orders.repository';
import { encodeCursor, parseOrderSearch, type OrderSearch } from './search-filter';

/** Tracker search and delivery detail (spec §2 Pack and Go Tracer). */
@Injectable()
export class OrdersService {
  constructor(private readonly repository: OrdersRepository) {}

  /** One page, newest first by default; the next page is reached by its cursor (no total over millions of rows). */
  async search(ctx: CallerContext, data: unknown): Promise<OrderSearchPage> {
    const search = parseOrderSearch(data);
    const rows = await this.repository.search(ctx, search);
    const items = rows.slice(0, search.size).map(toOrderSummary);
    const last = rows.length > search.size ? items[items.length - 1] : undefined;
    return {
      items,
      from: search.from,
      to: search.from + Math.max(items.length - 1, 0),
      nextCursor: last ? encodeCursor(search, cursorValue(search, last), String(last.id)) : null,
    };
  }

  /** USER_DELETE_TRACKING_LINE: removes an order from the tracker (hidden, kept for the feed and the history). */
  async hide(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const id = orderId(data);
    if (!(await this.repository.hide(ctx, id))) throw deliveryNotFound();
    return { ok: true };
  }

  async detail(ctx: CallerContext, data: unknown): Promise<OrderDetailDto> {
    const id = orderId(data);
    const row = await this.repository.detail(ctx, id);
    if (!row) throw deliveryNotFound();
    return toOrderDetail(row, ctx.user?.id ?? null);
  }
}

function cursorValue(search: OrderSearch, last: { createdAt: string; id: number; reference: string }): string {
  return search.sort === 'createdAt' ? last.createdAt : search.sort === 'id' ? String(last.id) : last.reference;
}

/** Spec §8 "delivery or order not found": unknown and outside the caller's depositors answer the same. */
export const deliveryNotFound = (): AppError => new AppError('deliveryNotFound', 'delivery or order not found');

/** The `id` of a message, a positive integer (anything else is no order of ours: 404). */
export function orderId(data: unknown, field = 'id'): number {
  const c = new FieldChecks();
  const id = c.integer(field, (data as Record<string, unknown> | null)?.[field], { required: true, min: 1, max: Number.MAX_SAFE_INTEGER });
  if (!c.ok || id === null) throw deliveryNotFound();
  return id;
}
