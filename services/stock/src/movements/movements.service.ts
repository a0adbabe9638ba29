import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  BLOCKING_CODES,
  hasAnyRole,
  MOVEMENT_TYPES,
  notFound,
  Role,
  STOCK_LIMITS,
  type CallerContext,
  type ListPage,
  type MovementDto,
} from '@portal/contracts';
import { DAY_PATTERN, parseList, read } from '../common/list-request';
import { SqlWhere } from '../common/sql';
import { MOVEMENT_SORTS, MovementsRepository } from './movements.repository';

/** The movement's own reference, store code and pallet leave the service only for STOCK_MVT_DETAILS (or ADMIN). */
export const canViewMovementDetails = (ctx: CallerContext): boolean => hasAnyRole(ctx.roles, [Role.STOCK_MVT_DETAILS]);

const DAY_MS = 86_400_000;

/**
 * My Stocks, tab Movements. Filter keys: dateFrom/dateTo (days in the caller's time zone, dateTo
 * included, or ISO instants; default the last 30 days; at most 366 days), reference (exact), lot
 * (exact), type (one or a list), platform, depositor, blockingCode. The web offers the spec §9
 * predefined ranges and sends their bounds.
 */
@Injectable()
export class MovementsService {
  constructor(@Inject(MovementsRepository) private readonly movements: MovementsRepository) {}

  list(ctx: CallerContext, data: unknown): Promise<ListPage<MovementDto>> {
    const request = parseList(data, Object.keys(MOVEMENT_SORTS), ['movedAt', 'DESC']);
    const where = this.where(ctx, request.filter);
    return this.movements.page(ctx, where, {
      offset: request.offset,
      limit: request.limit,
      orderBy: MOVEMENT_SORTS[request.sortField],
      order: request.order,
      details: canViewMovementDetails(ctx),
    });
  }

  async get(ctx: CallerContext, data: unknown): Promise<MovementDto> {
    const id = read.id((data ?? {}) as Record<string, unknown>, 'id');
    const movement = id ? await this.movements.one(ctx, id, canViewMovementDetails(ctx)) : undefined;
    if (!movement) throw notFound('movement');
    return movement;
  }

  private where(ctx: CallerContext, filter: Record<string, unknown>): SqlWhere {
    const w = new SqlWhere(ctx, 'm.depositor_id');
    const [from, to] = this.range(ctx, filter);
    w.and(`m.moved_at >= ${w.param(from)}::timestamptz AND m.moved_at < ${w.param(to)}::timestamptz`);
    const reference = read.text(filter, 'reference');
    if (reference) w.and(`m.reference = ${w.param(reference)}`);
    const lot = read.text(filter, 'lot');
    if (lot) w.and(`m.lot = ${w.param(lot)}`);
    const types = read.oneOf(filter, 'type', MOVEMENT_TYPES);
    if (types) w.and(`m.type = ANY(${w.param(types)}::text[])`);
    const platform = read.id(filter, 'platform');
    if (platform) w.and(`m.platform_id = ${w.param(platform)}`);
    const depositor = read.id(filter, 'depositor');
    if (depositor) w.and(`m.depositor_id = ${w.param(depositor)}`);
    const codes = read.oneOf(filter, 'blockingCode', BLOCKING_CODES);
    if (codes) w.and(`m.blocking_code = ANY(${w.param(codes)}::text[])`);
    return w;
  }

  /** [from, to) as instants: a day bound is midnight in the caller's time zone, dateTo's day included. */
  private range(ctx: CallerContext, filter: Record<string, unknown>): [string, string] {
    const dateFrom = read.date(filter, 'dateFrom');
    const dateTo = read.date(filter, 'dateTo');
    const to = dateTo ? instant(dateTo, ctx.timezone, true) : new Date();
    const from = dateFrom
      ? instant(dateFrom, ctx.timezone, false)
      : new Date(to.getTime() - STOCK_LIMITS.defaultMovementRangeDays * DAY_MS);
    if (from > to) throw new AppError('invalidDateRange', 'dateFrom is after dateTo', undefined, { dateFrom: 'invalidFormat' });
    if (to.getTime() - from.getTime() > (STOCK_LIMITS.maxMovementRangeDays + 1) * DAY_MS) {
      throw new AppError('invalidDateRange', 'date range too large', { maxDays: STOCK_LIMITS.maxMovementRangeDays });
    }
    return [from.toISOString(), to.toISOString()];
  }
}

/** A day's midnight in a time zone (the next day's when `end`), or the instant itself. */
export function instant(value: string, timeZone: string, end: boolean): Date {
  if (!DAY_PATTERN.test(value)) return new Date(value);
  const day = new Date(`${value}T00:00:00Z`);
  if (end) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() - offsetMs(day, timeZone));
}

/** The time zone's offset from UTC at that instant (positive east of Greenwich). */
function offsetMs(at: Date, timeZone: string): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at.getTime();
  } catch {
    return 0;
  }
}
