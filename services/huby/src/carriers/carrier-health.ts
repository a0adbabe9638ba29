import {
  AppError,
  CARRIER_HEALTH_WINDOW_MS,
  type CarrierCallOutcome,
  type CarrierCircuitState,
  type CarrierHealthError,
} from '@portal/contracts';
import { metricsRegistry } from '@portal/ops';
import { Gauge, Histogram } from 'prom-client';
import type { CarrierAdapter } from './carrier-adapter';
import { CarrierOutage } from './connectors/carrier-line';

/** Carrier calls as the connectors made them: rate, latency and outcome per carrier account. */
const carrierCallDuration = new Histogram({
  name: 'carrier_call_duration_seconds',
  help: 'Carrier web-service operations made by the connectors, by carrier, tour, operation and outcome (ok, refused or the outage code)',
  labelNames: ['carrier', 'tour', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
  registers: [metricsRegistry],
});

const carrierCircuitOpen = new Gauge({
  name: 'carrier_circuit_state',
  help: 'The circuit breaker of each carrier account: 0 closed, 1 half open, 2 open',
  labelNames: ['carrier', 'tour'] as const,
  registers: [metricsRegistry],
});

const CIRCUIT_GAUGE: Record<CarrierCircuitState, number> = { closed: 0, halfOpen: 1, open: 2 };

interface Call {
  at: number;
  ms: number;
  outcome: CarrierCallOutcome;
}

/** Calls kept at most per account (a busy account's hour is summarised from its last ones). */
const KEPT_CALLS = 5_000;

/**
 * One carrier account's measurements: its calls over the last hour (time and outcome), its circuit's
 * state, its last outage and its last refusal. Kept in memory by the copy of the service that made the
 * calls, and exposed on the metrics endpoint.
 */
export class CarrierHealth {
  private calls: Call[] = [];
  private state: CarrierCircuitState = 'closed';
  lastError: CarrierHealthError | null = null;
  lastRefusal: CarrierHealthError | null = null;

  constructor(
    readonly carrier: string,
    readonly tourCode: string,
    private readonly now: () => number = Date.now,
  ) {
    carrierCircuitOpen.set({ carrier, tour: tourCode }, 0);
  }

  circuit(state: CarrierCircuitState): void {
    this.state = state;
    carrierCircuitOpen.set({ carrier: this.carrier, tour: this.tourCode }, CIRCUIT_GAUGE[state]);
  }

  record(operation: string, ms: number, outcome: CarrierCallOutcome, words?: { code?: string; message?: string }): void {
    const at = this.now();
    this.calls.push({ at, ms, outcome });
    if (this.calls.length > KEPT_CALLS) this.calls = this.calls.slice(-KEPT_CALLS);
    carrierCallDuration.observe({ carrier: this.carrier, tour: this.tourCode, operation, outcome }, ms / 1000);
    if (outcome === 'ok') return;
    const event: CarrierHealthError = { at: new Date(at).toISOString(), operation, outcome, ...words };
    if (outcome === 'refused') this.lastRefusal = event;
    else this.lastError = event;
  }

  /** The hour's figures: calls, the share the carrier answered, the 95th percentile of their time. */
  summary(): { calls: number; successRate: number | null; p95Ms: number | null; circuit: CarrierCircuitState; lastCallAt: string | null } {
    const since = this.now() - CARRIER_HEALTH_WINDOW_MS;
    this.calls = this.calls.filter((c) => c.at >= since);
    const n = this.calls.length;
    if (!n) return { calls: 0, successRate: null, p95Ms: null, circuit: this.state, lastCallAt: null };
    const answered = this.calls.filter((c) => c.outcome === 'ok' || c.outcome === 'refused').length;
    const times = this.calls.map((c) => c.ms).sort((a, b) => a - b);
    return {
      calls: n,
      successRate: answered / n,
      p95Ms: Math.round(times[Math.min(n - 1, Math.ceil(0.95 * n) - 1)]),
      circuit: this.state,
      lastCallAt: new Date(this.calls[n - 1].at).toISOString(),
    };
  }
}

/** What a connector's failure says of the carrier: a refusal (its answer), an outage (its code), or our own error. */
function outcomeOf(e: unknown): { outcome: CarrierCallOutcome; code?: string; message?: string } {
  if (e instanceof CarrierOutage) return { outcome: e.code, message: e.message };
  if (e instanceof AppError) {
    const params = (e.params ?? {}) as { code?: unknown; message?: unknown };
    const code = params.code === undefined ? undefined : String(params.code);
    const message = params.message === undefined ? e.key : String(params.message);
    // A refusal in words before any call (dangerous goods, a missing phone) is not the carrier's.
    return { outcome: e.key === 'carrierServiceFailed' ? 'ERROR' : 'refused', code, message };
  }
  return { outcome: 'ERROR', message: e instanceof Error ? e.message : String(e) };
}

/** Times one connector operation into its account's health. */
async function measured<T>(health: CarrierHealth, operation: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    health.record(operation, performance.now() - started, 'ok');
    return result;
  } catch (e) {
    const { outcome, code, message } = outcomeOf(e);
    health.record(operation, performance.now() - started, outcome, { code, message });
    throw e;
  }
}

/** The connector with each of its carrier operations measured into `health`. */
export function measuredAdapter(adapter: CarrierAdapter, health: CarrierHealth): CarrierAdapter {
  const measuredOne: CarrierAdapter = {
    createVoucher: (shipment, tour, carrier, request) =>
      measured(health, 'labels', () => adapter.createVoucher(shipment, tour, carrier, request)),
    cancel: (shipment, carrier) => measured(health, 'cancel', () => adapter.cancel(shipment, carrier)),
  };
  if (adapter.requestPickup)
    measuredOne.requestPickup = (pickup, carrier) => measured(health, 'pickup', () => adapter.requestPickup!(pickup, carrier));
  if (adapter.quote) measuredOne.quote = (shipment, tour) => measured(health, 'quote', () => adapter.quote!(shipment, tour));
  if (adapter.track) measuredOne.track = (shipment) => measured(health, 'tracking', () => adapter.track!(shipment));
  if (adapter.trackingEvents) measuredOne.trackingEvents = adapter.trackingEvents.bind(adapter);
  if (adapter.signingSecret) measuredOne.signingSecret = adapter.signingSecret.bind(adapter);
  return measuredOne;
}
