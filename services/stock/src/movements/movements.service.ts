import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  dayEnd,
  dayStart,
  isDay,
  hasAnyRole,
  MOVEMENTS_LIST,
  notFound,
  parseListRequest,
  Role,
  STOCK_LIMITS,
  type CallerContext,
  type ListPage,
  type MovementDto,
} from '@portal/contracts';
import { ScopedWhere } from '@portal/db';
import { rowId } from '../common/row-id';
import { MOVEMENT_SCOPE, MOVEMENT_SORTS, MovementsRepository } from './movements.repository';

/** The movement's own reference, store code and pallet leave the service only for STOCK_MVT_DETAILS (or ADMIN). */
export const canViewMovementDetails = (ctx: CallerContext): boolean => hasAnyRole(ctx.roles, [Role.STOCK_MVT_DETAILS]);

const DAY_MS = 86_400_000;

/**
 * My Stocks, tab Movements (the filter is MOVEMENTS_LIST's): dateFrom/dateTo are days in the
 * caller's time zone, dateTo included, or ISO instants; default the last 30 days; at most 366 days.
 * The web offers the spec §9 predefined ranges and sends their bounds.
 */
@Injectable()
export class MovementsService {
  constructor(@Inject(MovementsRepository) private readonly movements: MovementsRepository) {}

  list(ctx: CallerContext, data: unknown): Promise<ListPage<MovementDto>> {
    const request = parseListRequest(MOVEMENTS_LIST, data);
    const f = request.filter;
    const [from, to] = this.range(ctx, f.dateFrom, f.dateTo);
    const where = ScopedWhere.of(ctx, MOVEMENT_SCOPE);
    where
      .and(`m.moved_at >= ${where.param(from)}::timestamptz AND m.moved_at < ${where.param(to)}::timestamptz`)
      .equals('m.reference', f.reference)
      .equals('m.lot', f.lot)
      .anyOf('m.type', f.type, 'text')
      .equals('m.platform_id', f.platform)
      .equals('m.depositor_id', f.depositor)
      .anyOf('m.blocking_code', f.blockingCode, 'text');
    return this.movements.page(ctx, where, {
      offset: request.offset,
      limit: request.limit,
      orderBy: MOVEMENT_SORTS[request.sort],
      order: request.order,
      details: canViewMovementDetails(ctx),
    });
  }

  async get(ctx: CallerContext, data: unknown): Promise<MovementDto> {
    const id = rowId(data);
    const movement = id ? await this.movements.one(ctx, id, canViewMovementDetails(ctx)) : undefined;
    if (!movement) throw notFound('movement');
    return movement;
  }

  /** [from, to) as instants: a day bound is its start in the caller's time zone (daylight-saving days included), dateTo's day included. */
  private range(ctx: CallerContext, dateFrom: string | undefined, dateTo: string | undefined): [string, string] {
    const to = dateTo ? instant(dateTo, ctx.timezone, 'end') : new Date();
    const from = dateFrom
      ? instant(dateFrom, ctx.timezone, 'start')
      : new Date(to.getTime() - STOCK_LIMITS.defaultMovementRangeDays * DAY_MS);
    if (from > to) throw new AppError('invalidDateRange', 'dateFrom is after dateTo', undefined, { dateFrom: 'invalidFormat' });
    if (to.getTime() - from.getTime() > (STOCK_LIMITS.maxMovementRangeDays + 1) * DAY_MS) {
      throw new AppError('invalidDateRange', 'date range too large', { maxDays: STOCK_LIMITS.maxMovementRangeDays });
    }
    return [from.toISOString(), to.toISOString()];
  }
}

/** A bound of the range: a day's start (or the next day's, for `end`) in the time zone, or the instant itself. */
export function instant(value: string, timeZone: string, side: 'start' | 'end'): Date {
  if (!isDay(value)) return new Date(value);
  return (side === 'end' ? dayEnd(value, timeZone) : dayStart(value, timeZone)) ?? new Date(Number.NaN);
}
