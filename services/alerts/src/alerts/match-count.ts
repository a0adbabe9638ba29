import { Inject, Injectable } from '@nestjs/common';
import {
  ALERT_LIMITS,
  AppError,
  alertCriteriaInput,
  parseBody,
  type AlertCriteria,
  type AlertMatchCount,
  type CallerContext,
} from '@portal/contracts';
import { Db, likeLiteral, prefixEnd, ScopedWhere } from '@portal/db';
import { subMonths } from 'date-fns';
import { depositorProblems, narrowingProblems } from './alert-rules';

/** The projection's scope columns: orders carry depositor, platform, activity and store. */
export const ALERT_ORDER_SCOPE = {
  depositor: 'o.depositor_id',
  platform: 'o.platform_id',
  activity: 'o.activity_code',
  store: 'o.store_code',
};

/**
 * The matching count of the alert form (spec §3: orders of the last 3 months that match), read from
 * the service's own projection of tracking's orders, inside the caller's scope and the criteria's
 * depositors (none named: all of the caller's).
 */
@Injectable()
export class MatchCountService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async count(ctx: CallerContext, data: unknown, now = new Date()): Promise<AlertMatchCount> {
    const criteria = parseBody(alertCriteriaInput, data);
    const problems = { ...depositorProblems(ctx, criteria.depositorIds, false), ...narrowingProblems(ctx, criteria) };
    if (Object.keys(problems).length) throw new AppError('validationFailed', 'invalid criteria', undefined, problems);
    const since = subMonths(now, ALERT_LIMITS.matchMonths);
    const w = matchingOrders(ctx, criteria, since);
    const [row] = await this.db.scopedQuery<{ count: number }>(
      ctx,
      `SELECT count(*)::int AS count FROM alert_orders o WHERE ${w}`,
      w.params,
    );
    return { count: row.count, since: since.toISOString() };
  }
}

/**
 * The orders of the projection that criteria match since an instant (the count, and the digests of
 * alerts-delivery). Written with leakproof comparisons where an index must serve them under
 * row-level security (equality, ranges); LIKE and array overlap only filter what those found.
 */
export function matchingOrders(ctx: CallerContext, c: AlertCriteria, since: Date): ScopedWhere {
  const w = ScopedWhere.of(ctx, ALERT_ORDER_SCOPE).anyOf('o.depositor_id', c.depositorIds, 'int');
  w.and(`o.created_at >= ${w.param(since.toISOString())}::timestamptz`);
  w.anyOf('o.activity_code', c.activityCodes, 'text')
    .anyOf('o.carrier_code', c.carrierCodes, 'text')
    .anyOf('o.tour_code', c.tourCodes, 'text')
    .anyOf('o.store_code', c.storeCodes, 'text')
    .prefix('o.reference', c.referencePrefix);
  if (c.customerCodes.length) w.and(customerCondition(w, c.customerCodes));
  if (c.articleCodes.length) w.and(`o.article_codes && ${w.param(c.articleCodes)}::text[]`);
  const followed: string[] = [];
  if (c.statuses.length) followed.push(`o.status = ANY(${w.param(c.statuses)}::smallint[])`);
  if (c.events.length)
    followed.push(`EXISTS (SELECT 1 FROM alert_order_events e WHERE e.order_id = o.order_id AND e.kind = 'EVENT'
      AND e.code = ANY(${w.param(c.events)}::text[]) AND e.at >= ${w.param(since.toISOString())}::timestamptz)`);
  // Statuses or events (spec §3): an order reaching one of either.
  if (followed.length) w.and(`(${followed.join(' OR ')})`);
  return w;
}

/**
 * Customer codes, `*` standing for any run of characters: an exact code is an equality, a code with
 * a wildcard the byte range of what precedes its first `*` (an index range) and then its LIKE pattern.
 */
function customerCondition(w: ScopedWhere, codes: string[]): string {
  const exact = codes.filter((code) => !code.includes('*'));
  const arms = exact.length ? [`o.customer_code = ANY(${w.param(exact)}::text[])`] : [];
  for (const code of codes.filter((c) => c.includes('*'))) {
    const head = code.slice(0, code.indexOf('*'));
    const like = `o.customer_code LIKE ${w.param(code.split('*').map(likeLiteral).join('%'))}`;
    arms.push(head ? `(o.customer_code >= ${w.param(head)} AND o.customer_code < ${w.param(prefixEnd(head))} AND ${like})` : like);
  }
  return `(${arms.join(' OR ')})`;
}
