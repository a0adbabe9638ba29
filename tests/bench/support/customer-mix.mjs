// The customer's mixed read workload of tests/bench/load-mix.mjs: the GET calls the web's screens make
// (dashboard, Pack and Go Tracer, delivery detail, Tracer Route, Serial Tracker, My Stocks, My Items),
// with their weights, the roles each needs, and the demo users the virtual users sign in as. Each
// virtual user keeps order and item ids from its own answers, so details and precise searches ask
// for rows it has seen, as a person clicking through the lists would.
import { randomBytes } from 'node:crypto';
import { pick, prng } from './load-driver.mjs';
import { requireFromRoot } from './platform.mjs';

const DAY = 86_400_000;
const PGT = ['PGT_USER', 'TRACERROUTE_USER'];

/** Demo users (README, services/auth/src/demo/seed.ts) with tracking and stock; share = part of the virtual users. */
export const DEMO_USERS = [
  // every application, DEMO-A and DEMO-B
  { login: 'alice', share: 0.5 },
  // PGT_USER, STOCK_USER and ALERT_USER, DEMO-B only
  { login: 'bob', share: 0.3 },
  // tracking and stock, DEMO-A limited to the activity ECOM and the store MAG-MLV1
  { login: 'denis', share: 0.2 },
];
export const PASSWORD = 'Portal2026';

const q = (filter, { sort, range = [0, 24] } = {}) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;
const day = (t) => new Date(t).toISOString().slice(0, 10);
const midnight = (daysAgo) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() - daysAgo * DAY).toISOString();
};

/** Date windows of tracker searches: [days back of the start, days back of the end (exclusive)]. */
const WINDOWS = [
  [0, -1], // today
  [7, -1], // last 7 days
  [30, -1], // last 30 days
  [90, -1], // last 90 days
  [200, 170], // a month half a year ago
];
const TRACER_STATUSES = ['LATE', 'CARRIER_IN_PROGRESS', 'SHIPPED', 'ANOMALY', 'DELIVERED'];
const FIGURE_SOURCES = ['depositor-activities', 'depositor-stores', 'platform-stores', 'announcements-by-type'];

/** Remembers up to `max` rows of a list answer in `into` (a ring), a few random ones per answer. */
function keep(into, rows, rand, max = 64, per = 4) {
  if (!Array.isArray(rows)) return;
  for (let i = 0; i < Math.min(per, rows.length); i++) {
    into.push(pick(rand, rows));
    if (into.length > max) into.shift();
  }
}
const keepOrders = (vu) => (body) =>
  keep(
    vu.orders,
    JSON.parse(body).map((o) => ({ id: o.id, reference: o.reference })),
    vu.rand,
  );
const keepItems = (vu) => (body) =>
  keep(
    vu.items,
    JSON.parse(body).map((i) => ({ id: i.id, reference: i.reference })),
    vu.rand,
  );

/**
 * The endpoints, weights in % of the requests of a user who may call them all (a user without the
 * role of an endpoint spreads its share over the others). `build(vu)` answers { path, after? }.
 */
export const ENDPOINTS = [
  // Dashboard (web/src/dashboard, layout): tiles, application tiles, chart figures, announcements banner, the user.
  { name: 'dashboard-tiles', weight: 6, build: () => ({ path: '/api/dashboard/list' }) },
  { name: 'dashboard-apps', weight: 3, build: () => ({ path: '/api/dashboard/personnal/apps' }) },
  { name: 'dashboard-figures', weight: 6, build: (vu) => ({ path: `/api/dashboard/figures/${pick(vu.rand, FIGURE_SOURCES)}` }) },
  { name: 'announcements', weight: 3, build: () => ({ path: '/api/announcements' }) },
  { name: 'user-me', weight: 2, build: () => ({ path: '/api/user/me' }) },
  { name: 'depositors', weight: 2, build: () => ({ path: '/api/depositors' }) },
  // Pack and Go Tracer: date ranges, a typed reference (broad 6-7 character prefixes and precise ones), the detail.
  {
    name: 'tracker-dates',
    weight: 14,
    roles: PGT,
    build: (vu) => {
      const [from, to] = pick(vu.rand, WINDOWS);
      return { path: `/api/orders?${q({ dateFrom: midnight(from), dateTo: midnight(to) })}`, after: keepOrders(vu) };
    },
  },
  {
    name: 'tracker-ref-broad',
    weight: 8,
    roles: PGT,
    build: (vu) => {
      const d = pick(vu.rand, vu.depositorIds);
      const prefix = pick(vu.rand, [`CMD${d}00`, `CMD${d}000`, `BL${d}000`, `PO-${new Date().getUTCFullYear()}`]);
      return { path: `/api/orders?${q({ q: prefix })}`, after: keepOrders(vu) };
    },
  },
  {
    name: 'tracker-ref-precise',
    weight: 8,
    roles: PGT,
    build: (vu) => {
      const { reference } = pick(vu.rand, vu.orders);
      const r = vu.rand();
      const typed = r < 0.5 ? reference : r < 0.75 ? reference.slice(0, -2) : `BL${reference.slice(3)}`;
      return { path: `/api/orders?${q({ q: typed })}` };
    },
  },
  {
    name: 'order-detail',
    weight: 14,
    roles: [...PGT, 'SERIAL_USER'],
    build: (vu) => ({ path: `/api/orders/${pick(vu.rand, vu.orders).id}` }),
  },
  // Tracer Route: by status, half of the time over the last 30 days.
  {
    name: 'tracerroute',
    weight: 6,
    roles: ['TRACERROUTE_USER'],
    build: (vu) => {
      const filter = { tracerStatus: pick(vu.rand, TRACER_STATUSES), ...(vu.rand() < 0.5 ? { dateFrom: midnight(30) } : {}) };
      return { path: `/api/tracerroute?${q(filter)}`, after: keepOrders(vu) };
    },
  },
  { name: 'tracking-profiles', weight: 3, roles: PGT, build: () => ({ path: '/api/tracking-profiles' }) },
  {
    name: 'serials',
    weight: 2,
    roles: ['SERIAL_USER'],
    build: (vu) => ({ path: `/api/serials?filter=${encodeURIComponent(JSON.stringify({ serial: pick(vu.rand, vu.serials) }))}` }),
  },
  // My Stocks (tabs Stock, Id, Movements) and My Items.
  {
    name: 'stock',
    weight: 8,
    roles: ['STOCK_USER'],
    build: (vu) => {
      const item = vu.items.length && vu.rand() < 0.4 ? pick(vu.rand, vu.items) : null;
      return { path: `/api/stock?${q(item ? { reference: item.reference.slice(0, -1) } : {}, { sort: ['reference', 'ASC'] })}` };
    },
  },
  {
    name: 'stock-by-reference',
    weight: 2,
    roles: ['STOCK_USER'],
    build: () => ({ path: `/api/stock?${q({ view: 'reference' }, { sort: ['reference', 'ASC'] })}` }),
  },
  {
    name: 'movements',
    weight: 6,
    roles: ['STOCK_USER'],
    build: (vu) => {
      const item = vu.items.length && vu.rand() < 0.3 ? pick(vu.rand, vu.items) : null;
      const filter = { dateFrom: day(Date.now() - 30 * DAY), dateTo: day(Date.now()), ...(item ? { reference: item.reference } : {}) };
      return { path: `/api/movements?${q(filter, { sort: ['movedAt', 'DESC'] })}` };
    },
  },
  {
    name: 'items',
    weight: 5,
    roles: ['ITEM_USER'],
    build: (vu) => {
      const item = vu.items.length && vu.rand() < 0.5 ? pick(vu.rand, vu.items) : null;
      return {
        path: `/api/items?${q(item ? { reference: item.reference.slice(0, 4) } : {}, { sort: ['reference', 'ASC'] })}`,
        after: keepItems(vu),
      };
    },
  },
  { name: 'item-detail', weight: 2, roles: ['ITEM_USER'], build: (vu) => ({ path: `/api/items/${pick(vu.rand, vu.items).id}` }) },
  // Dashtower/Huby: the shipment tabs and the recipient picker of the creation form.
  {
    name: 'huby-shipments',
    weight: 3,
    roles: ['DASHTOWER_USER'],
    build: (vu) => ({ path: `/api/dashtower/orders?${q({ tab: pick(vu.rand, ['waiting', 'ready', 'sent', 'ready']) })}` }),
  },
  {
    name: 'huby-addresses',
    weight: 2,
    roles: ['DASHTOWER_USER'],
    build: (vu) => ({
      path: `/api/dashtower/address/all?type=recipient&active=1&search=${pick(vu.rand, ['', 'D', 'DEST0', 'PHARM', '69'])}`,
    }),
  },
];

const { DEMO_API_KEYS } = requireFromRoot('@portal/service-auth');
const RUN = randomBytes(3).toString('hex').toUpperCase();

/** A warehouse order of DEMO-A, shipped, as the provider's warehouse system posts it (tests/support/feed-stream.ts). */
function feedOrder(reference) {
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  return {
    reference,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
    createdAt,
    lines: [{ reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 1, quantitySent: 1 }],
    parcels: [{ trackingNumber: `T${reference}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
    statuses: [{ status: 90, at: createdAt }],
  };
}

/**
 * The writes of the mix (issue 19's load benchmark): a user signing in again (a new session), and the
 * warehouse feed posting orders one by one with its API key (each a new order: events to the outbox,
 * the alerts projection behind). Weights in the same % as ENDPOINTS.
 */
export const WRITES = [
  {
    name: 'login',
    weight: 3,
    build: (vu) => ({ method: 'POST', path: '/api/auth/login', body: { login: vu.login, password: PASSWORD }, anonymous: true }),
  },
  {
    name: 'feed-order',
    weight: 5,
    build: (vu) => {
      vu.fed = (vu.fed ?? 0) + 1;
      return {
        method: 'POST',
        path: '/api/feed/tracking/orders',
        headers: { 'x-api-key': DEMO_API_KEYS.warehouse },
        body: feedOrder(`LM${RUN}-${vu.index}-${vu.fed}`),
        anonymous: true,
      };
    },
  },
];

/** What a virtual user needs before it may call an endpoint: the role, and rows to point at. */
const ready = (endpoint, vu) => {
  if (endpoint.roles && !endpoint.roles.some((r) => vu.roles.includes(r))) return false;
  if (['tracker-ref-precise', 'order-detail'].includes(endpoint.name)) return vu.orders.length > 0;
  if (endpoint.name === 'item-detail') return vu.items.length > 0;
  if (endpoint.name === 'serials') return vu.serials.length > 0;
  return true;
};

/**
 * A virtual user of demo user `account` (its token, roles, depositors and the rows its account saw at
 * sign-in), drawing endpoints from `endpoints` by weight.
 */
export function virtualUser(index, account, endpoints) {
  const vu = {
    index,
    login: account.login,
    token: account.token,
    roles: account.roles,
    depositorIds: account.depositorIds,
    rand: prng(1000 + index),
    orders: [...account.orders],
    items: [...account.items],
    serials: account.serials,
  };
  vu.next = () => {
    const open = endpoints.filter((e) => ready(e, vu));
    if (!open.length) throw new Error(`${vu.login} may call none of ${endpoints.map((e) => e.name).join(', ')}`);
    let r = vu.rand() * open.reduce((s, e) => s + e.weight, 0);
    const endpoint = open.find((e) => (r -= e.weight) < 0) ?? open[open.length - 1];
    return { endpoint: endpoint.name, ...endpoint.build(vu) };
  };
  return vu;
}

/** Which demo user the i-th of n virtual users signs in as (shares of DEMO_USERS, interleaved). */
export function accountOf(i) {
  let r = prng(7 + i)();
  return DEMO_USERS.find((u) => (r -= u.share) < 0) ?? DEMO_USERS[0];
}
