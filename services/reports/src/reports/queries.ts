/**
 * One SQL statement per report of the catalogue, over the reporting projection. Parameters: $1 the
 * depositors (int[], null: the whole scope, row-level security filters), $2 the first day and $3 the
 * day after the last (YYYY-MM-DD, in the caller's time zone $4), $5 the platforms the caller is
 * narrowed to (int[], null when not). Every statement answers the
 * report's columns by key; days as YYYY-MM-DD, months as YYYY-MM.
 *
 * A caller whose scope is narrowed to platforms, activities or stores (`narrowed`) reads the
 * aggregates keyed also by platform, activity and store: their narrowing policies leave it the
 * sums of its own rows. The others read the depositor-wide aggregates, a few keys an hour.
 */
export interface QueryShape {
  narrowed: boolean;
  /**
   * Narrowed to platforms ($5, the scope's platforms): the aggregates by scope are read by their
   * platform index. The same condition as their platform policy, which still applies.
   */
  platforms?: boolean;
  /** One depositor asked: a detail report reads its index in order (an `= ANY` scan of PostgreSQL 15 gives no order). */
  oneDepositor?: boolean;
}

const START = `($2::date::timestamp AT TIME ZONE $4)`;
const END = `($3::date::timestamp AT TIME ZONE $4)`;
const depositors = (alias: string) => `($1::int[] IS NULL OR ${alias}.depositor_id = ANY ($1::int[]))`;
const inPeriod = (column: string) => `${column} >= ${START} AND ${column} < ${END}`;
/** An aggregate's UTC hour (timestamp) in the period: compared as stored, so the key's index serves the range. */
const hourInPeriod = (column: string) => `${column} >= (${START} AT TIME ZONE 'UTC') AND ${column} < (${END} AT TIME ZONE 'UTC')`;
/** An UTC hour of an aggregate as the caller's local day, week (Monday) or month. */
const localOfHour = (column: string) => `((${column} AT TIME ZONE 'UTC') AT TIME ZONE $4)`;
const day = (local: string) => `to_char(${local}, 'YYYY-MM-DD')`;
const week = (local: string) => `to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
const month = (local: string) => `to_char(${local}, 'YYYY-MM')`;
const named = (column: string) => `coalesce(nullif(${column}, ''), '—')`;
const rate = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 1)`;
const share = (value: string) => `round(100.0 * ${value} / nullif(sum(${value}) OVER (), 0), 1)`;
const hours = (minutes: string, count: string) => `round(${minutes} / nullif(${count}, 0) / 60.0, 1)`;

/** The aggregate a report reads, depositor-wide or by scope (migration 1768000000000). */
const AGGREGATES = {
  status: ['report_order_hours', 'report_order_scope_hours'],
  carrier: ['report_order_carrier_hours', 'report_order_scope_carrier_hours'],
  country: ['report_order_country_hours', 'report_order_scope_country_hours'],
  customer: ['report_order_customer_days', 'report_order_scope_customer_days'],
  movement: ['report_movement_hours', 'report_movement_scope_hours'],
  article: ['report_movement_article_days', 'report_movement_scope_article_days'],
} as const;
const aggregate = (q: QueryShape, of: keyof typeof AGGREGATES) => AGGREGATES[of][q.narrowed ? 1 : 0];

/** The depositors asked and, for a caller narrowed to platforms reading the aggregates by scope, its platforms. */
const scoped = (q: QueryShape, alias: string) =>
  q.narrowed && q.platforms ? `${depositors(alias)} AND ${alias}.platform_id = ANY ($5::int[])` : depositors(alias);

/** The hourly order aggregate of the period: by status, by carrier and tour, or by country. */
function orderHours(q: QueryShape, by: 'status' | 'carrier' | 'country' = 'status'): string {
  return `(SELECT * FROM ${aggregate(q, by)} h WHERE ${scoped(q, 'h')} AND ${hourInPeriod('h.hour')}) h`;
}

function orderCustomerDays(q: QueryShape): string {
  return `(SELECT * FROM ${aggregate(q, 'customer')} c WHERE ${scoped(q, 'c')} AND c.day >= $2::date AND c.day < $3::date) c`;
}

function movementHours(q: QueryShape): string {
  return `(SELECT * FROM ${aggregate(q, 'movement')} h WHERE ${scoped(q, 'h')} AND ${hourInPeriod('h.hour')}) h`;
}

function movementArticleDays(q: QueryShape, type: string): string {
  return `(SELECT * FROM ${aggregate(q, 'article')} a WHERE ${scoped(q, 'a')} AND a.day >= $2::date AND a.day < $3::date AND a.type = '${type}') a`;
}

const PERFORMANCE = `sum(h.orders) AS orders, sum(h.shipped) AS shipped, sum(h.delivered) AS delivered,
  ${rate('sum(h.delivered_on_time)', 'sum(h.delivered_with_promise)')} AS "onTimeRate", sum(h.delivered_late) AS late,
  sum(h.anomalies) AS anomalies, sum(h.returns) AS returns`;
const TRANSIT = `sum(h.delivered) AS delivered, ${hours('sum(h.transit_minutes)', 'sum(h.transits)')} AS "transitHours",
  ${rate('sum(h.delivered_on_time)', 'sum(h.delivered_with_promise)')} AS "onTimeRate"`;

const byDay = (select: string) => (q: QueryShape) =>
  `SELECT ${day(localOfHour('h.hour'))} AS day, ${select} FROM ${orderHours(q)} GROUP BY 1 ORDER BY 1`;
const byDimension =
  (key: string, column: string, select: string, order = '1') =>
  (q: QueryShape) =>
    `SELECT ${named(`h.${column}`)} AS ${key}, ${select} FROM ${orderHours(q, column === 'country' ? 'country' : 'carrier')} GROUP BY 1 ORDER BY ${order}`;

/** Age or best-before buckets of the stock, in the caller's today, in their order. */
const bucketOf = (days: string, bounds: [number, string][], below: string) =>
  `CASE ${bounds.map(([limit, label]) => `WHEN ${days} < ${limit} THEN '${label}'`).join(' ')} ELSE '${below}' END`;
const TODAY = `(now() AT TIME ZONE $4)::date`;
const STOCK_SUMS = `count(*)::int AS lines, sum(s.in_stock) AS "inStock", sum(s.reserved) AS reserved, sum(s.blocked) AS blocked,
  sum(s.available) AS available, sum(s.stock_value) AS value`;
const stockBy =
  (key: string, column: string, order = '1', limit = '') =>
  () =>
    `SELECT ${column} AS "${key}", ${STOCK_SUMS} FROM report_stock_lines s WHERE ${depositors('s')} GROUP BY 1 ORDER BY ${order} ${limit}`;

type Query = (q: QueryShape) => string;

export const REPORT_QUERIES: Record<string, Query> = {
  // Orders.
  '1002': byDay(`sum(h.orders) AS orders, sum(h.parcels) AS parcels, sum(h.weight_kg) AS "weightKg"`),
  '1003': byDimension(
    'carrier',
    'carrier_code',
    `sum(h.shipped) AS shipped, sum(h.shipped_parcels) AS parcels, ${share('sum(h.shipped)')} AS share`,
    'shipped DESC, 1',
  ),
  '1005': byDay(PERFORMANCE),
  '10': byDimension('carrier', 'carrier_code', PERFORMANCE, 'orders DESC, 1'),
  '59': byDimension('country', 'country', PERFORMANCE, 'orders DESC, 1'),
  '159': (q) => `SELECT ${week(localOfHour('h.hour'))} AS week, ${PERFORMANCE} FROM ${orderHours(q)} GROUP BY 1 ORDER BY 1`,
  '1008': byDimension(
    'carrier',
    'carrier_code',
    `sum(h.delivered) AS delivered, sum(h.delivered_late) AS late,
    ${rate('sum(h.delivered_late)', 'sum(h.delivered_with_promise)')} AS "lateRate"`,
    'late DESC, 1',
  ),
  '1042': byDay(`sum(h.orders) AS orders, sum(h.prepared) AS prepared, ${hours('sum(h.prep_minutes)', 'sum(h.prepared)')} AS "prepHours",
    ${rate('sum(h.shipped_on_time)', 'sum(h.shipped_with_promise)')} AS "preparedOnTimeRate"`),
  '1068': (q) => `SELECT b.bucket, b.orders, ${share('b.orders')} AS share FROM (
      SELECT unnest(ARRAY['1', '2', '3', '4', '5+']) AS bucket,
             unnest(ARRAY[sum(h.parcels_1), sum(h.parcels_2), sum(h.parcels_3), sum(h.parcels_4), sum(h.parcels_5)]) AS orders
        FROM ${orderHours(q)}) b WHERE b.orders IS NOT NULL`,
  '1069': byDay(`sum(h.shipped) AS shipped, sum(h.shipped_parcels) AS parcels, sum(h.shipped_weight) AS "weightKg"`),
  '1070': byDimension(
    'country',
    'country',
    `sum(h.orders) AS orders, sum(h.parcels) AS parcels, ${share('sum(h.orders)')} AS share`,
    'orders DESC, 1',
  ),
  '1073': byDay(`sum(h.orders) AS orders, sum(h.canceled) AS canceled, ${rate('sum(h.canceled)', 'sum(h.orders)')} AS share`),
  '1071': byDay(`sum(h.shipped) AS shipped, sum(h.anomalies) AS anomalies, sum(h.returns) AS returns,
    ${rate('sum(h.anomalies) + sum(h.returns)', 'sum(h.shipped)')} AS "anomalyRate"`),
  '1059': (
    q,
  ) => `SELECT ${named('c.customer_code')} AS customer, sum(c.orders) AS orders, sum(c.parcels) AS parcels, sum(c.delivered) AS delivered,
      ${rate('sum(c.delivered_on_time)', 'sum(c.delivered_with_promise)')} AS "onTimeRate"
      FROM ${orderCustomerDays(q)} GROUP BY 1 ORDER BY orders DESC, 1 LIMIT 50`,
  '100001': (q) => `SELECT h.status::text AS status, sum(h.orders) AS orders, ${share('sum(h.orders)')} AS share
      FROM ${orderHours(q)} GROUP BY h.status ORDER BY h.status`,
  // Parcel courier.
  '1027': byDay(`sum(h.shipped) AS shipped, sum(h.shipped_parcels) AS parcels`),
  '1028': byDimension(
    'carrier',
    'carrier_code',
    `sum(h.shipped) AS shipped, sum(h.delivered) AS delivered, sum(h.shipped_parcels) AS parcels`,
    'delivered DESC, 1',
  ),
  '1029': (q) => `SELECT b.bucket, b.delivered, ${share('b.delivered')} AS share FROM (
      SELECT unnest(ARRAY['24h', '48h', '72h', '96h', '96h+']) AS bucket,
             unnest(ARRAY[sum(h.transit_24), sum(h.transit_48), sum(h.transit_72), sum(h.transit_96), sum(h.transit_more)]) AS delivered
        FROM ${orderHours(q)}) b WHERE b.delivered IS NOT NULL`,
  '1030': byDimension(
    'carrier',
    'carrier_code',
    `sum(h.shipped) AS shipped, sum(h.anomalies) AS anomalies,
    ${rate('sum(h.anomalies)', 'sum(h.shipped)')} AS "anomalyRate"`,
    'anomalies DESC, 1',
  ),
  '1031': byDimension(
    'carrier',
    'carrier_code',
    `sum(h.shipped) AS shipped, sum(h.returns) AS returns,
    ${rate('sum(h.returns)', 'sum(h.shipped)')} AS share`,
    'returns DESC, 1',
  ),
  // Transit times.
  '1032': byDimension('tour', 'tour_code', TRANSIT, 'delivered DESC, 1'),
  '1033': byDimension('carrier', 'carrier_code', TRANSIT, 'delivered DESC, 1'),
  '1034': byDay(TRANSIT),
  '1035': byDimension('country', 'country', TRANSIT, 'delivered DESC, 1'),
  // Stock as last reported.
  '1010': stockBy('platform', 's.platform_id'),
  '161': stockBy('family', named('s.family')),
  '189': stockBy('store', named('s.store_code')),
  '197': stockBy('reference', 's.reference', '"inStock" DESC, 1', 'LIMIT 100'),
  '240': (q) => `SELECT s.reference, ${named('s.lot')} AS lot, to_char(s.best_before, 'YYYY-MM-DD') AS "bestBefore", ${STOCK_SUMS}
      FROM report_stock_lines s WHERE ${q.oneDepositor ? 's.depositor_id = ($1::int[])[1]' : depositors('s')} GROUP BY s.best_before, s.reference, s.lot
      ORDER BY s.best_before NULLS LAST, s.reference, s.lot LIMIT 500`,
  '1018': () => `SELECT s.blocking_code AS "blockingCode", count(*)::int AS lines, sum(s.blocked) AS blocked,
      sum(round(coalesce(s.unit_price, 0) * s.blocked, 2)) AS value
      FROM report_stock_lines s WHERE ${depositors('s')} AND s.blocking_code <> 'NO' GROUP BY 1 ORDER BY blocked DESC, 1`,
  '1060':
    () => `SELECT s.platform_id AS platform, sum(s.in_stock) AS "inStock", sum(s.stock_value) AS value, ${share('sum(s.stock_value)')} AS share
      FROM report_stock_lines s WHERE ${depositors('s')} GROUP BY 1 ORDER BY value DESC NULLS LAST, 1`,
  '1061': () => `SELECT b.bucket, count(*)::int AS lines, sum(b.in_stock) AS "inStock", sum(b.stock_value) AS value FROM (
      SELECT ${bucketOf(
        `${TODAY} - s.entry_date`,
        [
          [30, '0-29'],
          [90, '30-89'],
          [180, '90-179'],
          [365, '180-364'],
        ],
        '365+',
      )} AS bucket, s.in_stock, s.stock_value
        FROM report_stock_lines s WHERE ${depositors('s')} AND s.entry_date IS NOT NULL) b
      GROUP BY 1 ORDER BY array_position(ARRAY['0-29', '30-89', '90-179', '180-364', '365+'], b.bucket)`,
  '1062': stockBy('store', named('s.store_code')),
  '1052': () => `SELECT b.bucket, count(*)::int AS lines, sum(b.in_stock) AS "inStock", sum(b.stock_value) AS value FROM (
      SELECT ${bucketOf(
        `s.best_before - ${TODAY}`,
        [
          [0, 'expired'],
          [30, '0-29'],
          [90, '30-89'],
          [180, '90-179'],
        ],
        '180+',
      )} AS bucket, s.in_stock, s.stock_value
        FROM report_stock_lines s WHERE ${depositors('s')} AND s.best_before IS NOT NULL) b
      GROUP BY 1 ORDER BY array_position(ARRAY['expired', '0-29', '30-89', '90-179', '180+'], b.bucket)`,
  '1063': () => `SELECT s.reference, sum(s.in_stock) AS "inStock", sum(s.stock_value) AS value,
      to_char(max(lm.moved_at) AT TIME ZONE $4, 'YYYY-MM-DD') AS "lastMovement",
      ${TODAY} - coalesce((max(lm.moved_at) AT TIME ZONE $4)::date, min(s.entry_date)) AS "daysIdle"
      FROM report_stock_lines s
      LEFT JOIN report_item_last_moves lm ON lm.depositor_id = s.depositor_id AND lm.reference = s.reference
      WHERE ${depositors('s')} AND s.in_stock > 0
      GROUP BY s.reference HAVING coalesce(max(lm.moved_at), min(s.entry_date)::timestamptz) < now() - interval '90 days'
      ORDER BY "daysIdle" DESC NULLS FIRST, 1 LIMIT 500`,
  // Movements.
  '1011': (
    q,
  ) => `SELECT m.moved_at AS "movedAt", m.platform_id AS platform, m.store_code AS store, m.reference, m.lot, m.type AS "movementType", m.quantity
      FROM report_movements m WHERE ${q.oneDepositor ? 'm.depositor_id = ($1::int[])[1]' : depositors('m')} AND ${inPeriod('m.moved_at')}
      ORDER BY m.moved_at DESC, m.movement_id DESC`,
  '1064': (
    q,
  ) => `SELECT h.type AS "movementType", sum(h.movements) AS movements, sum(h.quantity) AS quantity, ${share('sum(h.movements)')} AS share
      FROM ${movementHours(q)} GROUP BY 1 ORDER BY movements DESC, 1`,
  '1065': (q) => `SELECT ${day(localOfHour('h.hour'))} AS day, coalesce(sum(abs(h.quantity)) FILTER (WHERE h.type = 'entry'), 0) AS entries,
      coalesce(sum(abs(h.quantity)) FILTER (WHERE h.type = 'exit'), 0) AS exits FROM ${movementHours(q)} GROUP BY 1 ORDER BY 1`,
  '1066': (q) => `SELECT ${day(localOfHour('h.hour'))} AS day, sum(h.movements) AS movements, sum(h.gains) AS gains, sum(h.losses) AS losses
      FROM ${movementHours(q)} WHERE h.type IN ('inventory', 'modification') GROUP BY 1 ORDER BY 1`,
  '1047': (q) => `SELECT a.reference, sum(a.movements) AS movements, sum(abs(a.quantity)) AS exits FROM ${movementArticleDays(q, 'exit')}
      GROUP BY 1 ORDER BY exits DESC, 1 LIMIT 50`,
  '1067': (q) => `SELECT to_char(a.day, 'YYYY-MM') AS month, sum(abs(a.quantity)) AS exits,
      round(sum(abs(a.quantity) * coalesce(p.unit_price, 0)), 2) AS "exitValue"
      FROM ${movementArticleDays(q, 'exit')}
      LEFT JOIN (SELECT s.depositor_id, s.reference, avg(s.unit_price) AS unit_price FROM report_stock_lines s WHERE ${depositors('s')}
                 GROUP BY 1, 2) p ON p.depositor_id = a.depositor_id AND p.reference = a.reference
      GROUP BY 1 ORDER BY 1`,
  // Claims.
  '1072': () => `SELECT ${named('c.reason')} AS reason, count(*)::int AS claims, ${share('count(*)')} AS share
      FROM report_claims c WHERE ${depositors('c')} AND ${inPeriod('c.sent_at')} GROUP BY 1 ORDER BY claims DESC, 1`,
  '101053': (q) => `WITH claims AS (
        SELECT ${month('c.sent_at AT TIME ZONE $4')} AS month, count(*)::int AS claims,
               round(avg(extract(epoch FROM c.closed_at - c.sent_at) / 86400)::numeric, 1) AS "processingDays"
          FROM report_claims c WHERE ${depositors('c')} AND ${inPeriod('c.sent_at')} GROUP BY 1),
      deliveries AS (SELECT ${month(localOfHour('h.hour'))} AS month, sum(h.delivered) AS delivered FROM ${orderHours(q)} GROUP BY 1)
      SELECT month, coalesce(c.claims, 0) AS claims, coalesce(d.delivered, 0) AS delivered,
             round(1000.0 * coalesce(c.claims, 0) / nullif(d.delivered, 0), 1) AS "claimRate", c."processingDays"
        FROM claims c FULL JOIN deliveries d USING (month) ORDER BY 1`,
  // Temperatures.
  '10075': () => `SELECT e.probe_label AS probe, count(*)::int AS excursions,
      sum(coalesce(e.duration_minutes, round(extract(epoch FROM least(now(), ${END}) - e.started_at) / 60)))::int AS "excursionMinutes"
      FROM report_excursions e WHERE ${depositors('e')} AND ${inPeriod('e.started_at')} GROUP BY 1 ORDER BY excursions DESC, 1`,
  // Huby shipments.
  '10110':
    () => `SELECT ${named('s.carrier_code')} AS carrier, count(*)::int AS shipments, sum(s.parcels) AS parcels, count(s.canceled_at)::int AS canceled
      FROM report_shipments s WHERE ${depositors('s')} AND ${inPeriod('s.labels_at')} GROUP BY 1 ORDER BY shipments DESC, 1`,
  '1057': () => `SELECT ${day('s.labels_at AT TIME ZONE $4')} AS day, count(*)::int AS labels, sum(s.parcels) AS parcels
      FROM report_shipments s WHERE ${depositors('s')} AND ${inPeriod('s.labels_at')} GROUP BY 1 ORDER BY 1`,
  // Provider-internal.
  '1050': () => `SELECT day, sent AS "mailsSent", failed AS "mailsFailed", ${rate('failed', 'sent + failed')} AS "mailFailureRate"
      FROM (SELECT ${day('m.mailed_at AT TIME ZONE $4')} AS day, count(*) FILTER (WHERE m.outcome = 'sent')::int AS sent,
        count(*) FILTER (WHERE m.outcome = 'failed')::int AS failed
        FROM report_alert_mails m WHERE ${depositors('m')} AND ${inPeriod('m.mailed_at')} GROUP BY 1) d ORDER BY 1`,
};

/** Reports whose rows are details, not sums: the screen shows at most this many, the export all of them. */
export const DETAIL_SCREEN_ROWS = 1000;
