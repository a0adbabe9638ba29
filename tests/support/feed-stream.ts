import { DEMO_API_KEYS } from '@portal/service-auth';
import { DEMO_CARRIER_SECRETS, signCarrierWebhook } from '@portal/service-tracking';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One answer of the portal, with the time it took (status 0: no answer at all). */
export interface Answer {
  status: number;
  key?: string;
  ms: number;
  /** When the answer came. */
  at: number;
}

/** A warehouse order of the demo depositor DEMO-A with one parcel shipped (status 90). */
export function feedOrder(ref: string) {
  const createdAt = new Date(Date.now() - 3_600_000).toISOString();
  return {
    reference: ref,
    depositorId: 1,
    depositorCode: 'DEMO-A',
    platformId: 1,
    carrier: { code: 'GLS', name: 'GLS' },
    recipient: { company: 'Pharmacie du Centre', name: 'Camille Bernard', zip: '69003', town: 'Lyon', country: 'FR' },
    createdAt,
    lines: [{ reference: 'ART-SER', label: 'Lecteur', quantityOrdered: 1, quantitySent: 1 }],
    parcels: [{ trackingNumber: `T${ref}`, status: 90, weightKg: 2.5, packaging: 'CARTON' }],
    statuses: [
      { status: 0, at: createdAt },
      { status: 90, at: createdAt },
    ],
  };
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: { key?: string } };
    return { status: res.status, key: json.error?.key, ms: Date.now() - started, at: Date.now() };
  } catch {
    return { status: 0, ms: Date.now() - started, at: Date.now() };
  }
}

/**
 * Warehouse clients post orders one by one (POST /api/feed/tracking/orders with the demo warehouse
 * key) and a carrier reports each acknowledged order delivered (a signed GLS webhook), until
 * `stop()`; every answer is recorded with the time it took. `urls` are the gateways, taken in turn.
 */
export function feedStream(urls: string[], prefix: string, clients = 8) {
  let stopped = false;
  let n = 0;
  let turn = 0;
  const url = () => urls[turn++ % urls.length];
  const acked = new Set<string>();
  const delivered = new Set<string>();
  const answers: Answer[] = [];
  const feedClient = async () => {
    while (!stopped) {
      const ref = `${prefix}${String(n++).padStart(5, '0')}`;
      const a = await post(`${url()}/api/feed/tracking/orders`, JSON.stringify(feedOrder(ref)), {
        'X-Api-Key': DEMO_API_KEYS.warehouse,
      });
      answers.push(a);
      if (a.status >= 200 && a.status < 300) acked.add(ref);
      else if (a.status === 503 || a.status === 0) await sleep(100);
    }
  };
  const carrierClient = async () => {
    while (!stopped) {
      const ref = [...acked].find((r) => !delivered.has(r));
      if (!ref) {
        await sleep(20);
        continue;
      }
      const body = JSON.stringify({
        events: [{ id: `E-${ref}`, trackingNumber: `T${ref}`, status: 'DELIVERED', at: new Date().toISOString() }],
      });
      const a = await post(`${url()}/api/webhooks/carriers/gls`, body, {
        'X-Api-Key': DEMO_API_KEYS.carrier,
        'X-Signature': signCarrierWebhook(DEMO_CARRIER_SECRETS.GLS, body),
      });
      answers.push(a);
      if (a.status >= 200 && a.status < 300) delivered.add(ref);
      else await sleep(100);
    }
  };
  const running = [...Array.from({ length: clients }, feedClient), carrierClient()];
  return {
    acked,
    delivered,
    answers,
    /** Resolves once `count` orders are acknowledged (a loaded machine is slower, not wrong); throws after `timeoutMs`. */
    untilAcked: async (count: number, timeoutMs = 60_000) => {
      const end = Date.now() + timeoutMs;
      while (acked.size < count) {
        if (Date.now() > end) throw new Error(`only ${acked.size} of ${count} orders acknowledged in ${timeoutMs} ms`);
        await sleep(50);
      }
    },
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The answers to requests sent after `since` (+ a margin for requests already on their way). */
export const answersSince = (answers: Answer[], since: number, marginMs = 500) => answers.filter((a) => a.at - a.ms > since + marginMs);

/** What is not a quick 503 serverUnavailable among answers (for a test to expect none). */
export const notQuick503 = (answers: Answer[], maxMs = 5000) =>
  answers.filter((a) => a.status !== 503 || a.key !== 'serverUnavailable' || a.ms >= maxMs).map((a) => `${a.status} ${a.key} ${a.ms} ms`);

/** The orders of a stream as tracking holds them: reference, status and how many times delivered. */
export const TRACKING_DELIVERIES_SQL = `SELECT o.reference, o.status,
  (SELECT count(*) FROM status_history h WHERE h.order_id = o.id AND h.status = 100) AS n
  FROM orders o WHERE o.reference LIKE $1`;

/** The same in the alerts service's projection (alert_orders, and its status events). */
export const ALERT_DELIVERIES_SQL = `SELECT o.reference, o.status,
  (SELECT count(*) FROM alert_order_events e WHERE e.order_id = o.order_id AND e.kind = 'STATUS' AND e.code = '100') AS n
  FROM alert_orders o WHERE o.reference LIKE $1`;

/** Acknowledged orders missing, and acknowledged deliveries not applied exactly once, in tracking's rows. */
export function deliveryGaps(
  rows: { reference: string; status: number; n: string | number }[],
  acked: Set<string>,
  delivered: Set<string>,
) {
  const stored = new Map(rows.map((r) => [r.reference, r]));
  return {
    missing: [...acked].filter((r) => !stored.has(r)),
    notDeliveredOnce: [...delivered].filter((r) => stored.get(r)?.status !== 100 || Number(stored.get(r)?.n) !== 1),
  };
}
