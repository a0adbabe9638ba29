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
import { subMonths } from 'date-fns/subMonths';
import { depositorProblems, narrowingProblems } from './alert-rules';

/** The projection's scope columns: orders carry depositor, platform, activity and store. */
export const ALERT_ORDER_SCOPE = {
  depositor: 'o.depositor_id',
  platform: 'o.platform_id',
  activity: 'o.activity_code',
  store: 'o.store_code',
};

/**
 * Past this many matching orders the count stops and answers "at least" (`capped`): the form needs
 * about how many orders an alert would follow, and counting a depositor's whole quarter exactly
 * (250,000 orders) reads it all, which no index can shorten.
 */
export const MATCH_COUNT_CAP = 10_000;

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
    const w = orderCriteria(ctx, criteria, since);
    const arms = countArms(w, ctx, criteria, since).map((arm) => `SELECT FROM alert_orders o WHERE ${arm}`);
    const limit = w.param(MATCH_COUNT_CAP + 1);
    // Db.system, not Db.scoped: under row-level security PostgreSQL lets only leakproof operators use
    // an index, so the article overlap (GIN) and the customer patterns would read the whole quarter.
    // The scope is applied explicitly instead: matchingOrders starts from ScopedWhere.of(ctx), whose
    // first conditions are the caller's scope (depositors, platforms, activities, stores: the rule
    // row-level security enforces), and the events it reads are only joined to those orders — another
    // depositor's orders are never counted (alerts.service.spec.ts "the matching count").
    const [row] = await this.db.system.transaction(async (em) => {
      // A caller's read, as Db.scoped runs them: no parallel workers (they take cores from the other requests).
      await em.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
      return em.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM (${arms.join(' UNION ALL ')} LIMIT ${limit}) matching`,
        w.params,
      );
    });
    const capped = row.count > MATCH_COUNT_CAP;
    return { count: capped ? MATCH_COUNT_CAP : row.count, since: since.toISOString(), capped };
  }
}

/**
 * The orders of the projection that criteria match since an instant (the count, and the digests of
 * alerts-delivery): the criteria, then the followed statuses or events (spec §3: an order reaching
 * one of either).
 */
export function matchingOrders(ctx: CallerContext, c: AlertCriteria, since: Date): ScopedWhere {
  const w = orderCriteria(ctx, c, since);
  const { statuses, events } = followedConditions(w, ctx, c, since);
  const followed = [statuses, events].filter((condition) => condition !== undefined);
  if (followed.length) w.and(`(${followed.join(' OR ')})`);
  return w;
}

/**
 * The caller's scope (first, ScopedWhere.of), the criteria's depositors, the period and every
 * criterion but the followed statuses and events. Equality and ranges where an index serves them;
 * a customer code with a wildcard is a LIKE (its head a range), articles an array overlap.
 */
function orderCriteria(ctx: CallerContext, c: AlertCriteria, since: Date): ScopedWhere {
  const w = ScopedWhere.of(ctx, ALERT_ORDER_SCOPE).anyOf('o.depositor_id', c.depositorIds, 'int');
  w.and(`o.created_at >= ${w.param(since.toISOString())}::timestamptz`);
  w.anyOf('o.activity_code', c.activityCodes, 'text')
    .anyOf('o.carrier_code', c.carrierCodes, 'text')
    .anyOf('o.tour_code', c.tourCodes, 'text')
    .anyOf('o.store_code', c.storeCodes, 'text')
    .prefix('o.reference', c.referencePrefix);
  if (c.customerCodes.length) w.and(customerCondition(w, c.customerCodes));
  if (c.articleCodes.length) w.and(`o.article_codes && ${w.param(c.articleCodes)}::text[]`);
  return w;
}

/** The followed statuses and events as conditions on `alert_orders o`, their parameters added to `w`. */
function followedConditions(w: ScopedWhere, ctx: CallerContext, c: AlertCriteria, since: Date): { statuses?: string; events?: string } {
  return {
    statuses: c.statuses.length ? `o.status = ANY(${w.param(c.statuses)}::smallint[])` : undefined,
    events: c.events.length ? `o.order_id IN (${followedEventOrders(w, ctx, c, since)})` : undefined,
  };
}

/**
 * The count's WHERE clauses, counted as one UNION ALL. Statuses and events both followed are two
 * disjoint arms (the statuses, then the other orders that reached an event) rather than one OR,
 * so each is read from its own index (the status index, the events) and the cap can stop either.
 */
function countArms(w: ScopedWhere, ctx: CallerContext, c: AlertCriteria, since: Date): string[] {
  const criteria = w.toString();
  const { statuses, events } = followedConditions(w, ctx, c, since);
  if (statuses && events) return [`${criteria} AND ${statuses}`, `${criteria} AND NOT (${statuses}) AND ${events}`];
  const followed = statuses ?? events;
  return [followed ? `${criteria} AND ${followed}` : criteria];
}

/**
 * The orders that reached one of the followed carrier events since an instant, read once by
 * depositor, code and period (index alert_order_events_code) rather than probed order by order: a
 * semi-join, or a hashed set when statuses are followed too. Only order ids: the orders' own
 * conditions (the scope first) decide what counts.
 */
function followedEventOrders(w: ScopedWhere, ctx: CallerContext, c: AlertCriteria, since: Date): string {
  // The criteria's depositors, else the scope's; a full scope naming none reads every depositor's.
  const depositors = c.depositorIds.length ? c.depositorIds : ctx.scope.all ? null : ctx.scope.depositorIds;
  const byDepositor = depositors ? `e.depositor_id = ANY(${w.param(depositors)}::int[]) AND ` : '';
  return `SELECT e.order_id FROM alert_order_events e WHERE ${byDepositor}e.kind = 'EVENT'
    AND e.code = ANY(${w.param(c.events)}::text[]) AND e.at >= ${w.param(since.toISOString())}::timestamptz`;
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
