import { collectDefaultMetrics, Gauge, Histogram, register, type Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client's default registry): one registry per process, so
 * the all-in-one process exposes every hosted service, labelled by `service`.
 */
export const metricsRegistry: Registry = register;

let processMetrics = false;
/** Node's process metrics (CPU, memory, event loop lag, handles, GC), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** Gateway HTTP requests: rate is `rate(..._count)`, latency the histogram, per route and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Bus request round trips as the caller sees them: outcome `ok` or the error key of the reply. */
export const busRequestDuration = new Histogram({
  name: 'bus_request_duration_seconds',
  help: 'Bus request/reply round trips, by subject and outcome (ok or error key)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Times one bus request into busRequestDuration; the outcome is `ok` or the thrown error's key. */
export async function timeBusRequest<T>(subject: string, fn: () => Promise<T>): Promise<T> {
  const end = busRequestDuration.startTimer({ subject });
  try {
    const result = await fn();
    end({ outcome: 'ok' });
    return result;
  } catch (e) {
    const key = (e as { key?: unknown } | null)?.key;
    end({ outcome: typeof key === 'string' ? key : 'error' });
    throw e;
  }
}

export interface PoolUse {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
export interface OutboxBacklog {
  pending: number;
  /** Age in seconds of the oldest event not yet on the bus (0 when none). */
  oldestAgeSeconds: number;
}

// Sets of entries, not maps by service: a second handle on a service's database (a seed, a tool)
// must not hide the first one, nor take it away when it closes.
const pools = new Set<{ service: string; pool: PoolUse }>();
const outboxes = new Set<{ service: string; backlog: () => Promise<OutboxBacklog> }>();

/** Reports a service's connection pool (pg's Pool counts) at each scrape; returns the undo. */
export function watchPool(service: string, pool: PoolUse): () => void {
  const entry = { service, pool };
  pools.add(entry);
  return () => void pools.delete(entry);
}

/** Reports a service's outbox backlog at each scrape (a failing read reports nothing); returns the undo. */
export function watchOutbox(service: string, backlog: () => Promise<OutboxBacklog>): () => void {
  const entry = { service, backlog };
  outboxes.add(entry);
  return () => void outboxes.delete(entry);
}

new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections per service: total, idle, and requests waiting for one',
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const { service, pool } of pools) {
      this.inc({ service, state: 'total' }, pool.totalCount);
      this.inc({ service, state: 'idle' }, pool.idleCount);
      this.inc({ service, state: 'waiting' }, pool.waitingCount);
    }
  },
});

const backlogs = async (): Promise<[string, OutboxBacklog][]> => {
  const read = await Promise.all([...outboxes].map(async ({ service, backlog }) => [service, await backlog().catch(() => null)] as const));
  return read.filter((entry): entry is [string, OutboxBacklog] => entry[1] !== null);
};

new Gauge({
  name: 'outbox_pending_events',
  help: 'Events committed in a service outbox and not yet published on the bus',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [service, backlog] of await backlogs()) this.set({ service }, backlog.pending);
  },
});

new Gauge({
  name: 'outbox_lag_seconds',
  help: 'Age of the oldest unpublished outbox event per service (0 when none is pending)',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [service, backlog] of await backlogs()) this.set({ service }, backlog.oldestAgeSeconds);
  },
});
