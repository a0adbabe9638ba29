import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import { CONNECTION_TEST_TIMEOUT_MS, type CarrierCircuitState } from '@portal/contracts';

/**
 * A carrier that did not answer usably: no connection, no answer in time, a 5xx, an answer that is
 * not what its documentation describes, or its circuit open. `uncertain`: the request may have reached
 * the carrier and been done (a timeout after sending, a 5xx, a malformed answer), so a voucher may
 * exist; a refused connection or an open circuit never reached it.
 */
export class CarrierOutage extends Error {
  constructor(
    readonly code: 'TIMEOUT' | 'UNREACHABLE' | 'HTTP_5XX' | 'MALFORMED' | 'CIRCUIT_OPEN' | 'AUTH',
    message: string,
    readonly uncertain: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CarrierOutage';
  }
}

export interface CarrierRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Safe to send again (a read, a token, a void): retried with backoff after an outage. */
  idempotent: boolean;
}

/** A carrier's answer: its status and its body, parsed when JSON. 4xx answers are the connector's to read. */
export interface CarrierAnswer {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
}

export interface CarrierLineOptions {
  /** Per attempt. */
  timeoutMs: number;
  /** Consecutive outages that open the circuit. */
  failures: number;
  /** How long an open circuit answers at once before one call tries the carrier again. */
  halfOpenAfterMs: number;
  /** Attempts of an idempotent call (first one included). */
  attempts: number;
  fetchFn: typeof fetch;
  /** Told when the circuit opens, half-opens or closes (the account's health, carrier-health.ts). */
  circuit?: (state: CarrierCircuitState) => void;
}

/** A carrier call's budget per attempt; HUBY_CARRIER_TIMEOUT_MS may lower it (tests), never raise it. */
export const CARRIER_CALL_TIMEOUT_MS = CONNECTION_TEST_TIMEOUT_MS;

export function carrierLineOptions(): CarrierLineOptions {
  const env = (name: string, fallback: number, max = Infinity) => {
    const n = Number(process.env[name]);
    return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
  };
  return {
    timeoutMs: env('HUBY_CARRIER_TIMEOUT_MS', CARRIER_CALL_TIMEOUT_MS, CARRIER_CALL_TIMEOUT_MS),
    failures: env('HUBY_CARRIER_BREAKER_FAILURES', 5),
    halfOpenAfterMs: env('HUBY_CARRIER_BREAKER_HALF_OPEN_MS', 30_000),
    attempts: 2,
    fetchFn: fetch,
  };
}

/** A carrier's answer as JSON; null when it is not (an HTML error page, nothing). */
export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Words of a carrier never carry one of the account's secrets back to a screen or a log. */
export function withoutSecrets(text: string | undefined, secrets: Record<string, string>, max = 300): string | undefined {
  if (text === undefined) return undefined;
  let clean = text.slice(0, max);
  for (const value of Object.values(secrets)) if (value && value.length >= 4) clean = clean.split(value).join('***');
  return clean;
}

// cockatiel 3's isTaskCancelledError tests the bulkhead's mark: the class is asked instead.
const timedOut = (e: unknown): e is TaskCancelledError => e instanceof TaskCancelledError;
const isOutage = (e: unknown) => e instanceof CarrierOutage || timedOut(e);

/**
 * The line to one carrier account: every call has its time budget (cockatiel's timeout, the signal
 * aborts the request), idempotent calls are retried with exponential backoff after an outage, and a
 * circuit breaker per account opens after consecutive outages, so that a carrier that is down answers
 * at once (CIRCUIT_OPEN) instead of holding a bus turn per request; after `halfOpenAfterMs` one call
 * tries again and closes it on success. Refusals (4xx) are answers, not outages: they never open it.
 */
export class CarrierLine {
  private readonly breaker: CircuitBreakerPolicy;
  private readonly once: IPolicy;
  private readonly repeated: IPolicy;

  constructor(
    readonly name: string,
    private readonly secrets: Record<string, string>,
    private readonly options: CarrierLineOptions = carrierLineOptions(),
  ) {
    this.breaker = circuitBreaker(handleWhen(isOutage), {
      halfOpenAfter: options.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(options.failures),
    });
    const circuit = options.circuit;
    if (circuit)
      this.breaker.onStateChange((state) =>
        circuit(state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'halfOpen' : 'open'),
      );
    const perAttempt = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);
    this.once = wrap(this.breaker, perAttempt);
    this.repeated = wrap(
      retry(
        handleWhen((e) => isOutage(e) && !(e instanceof BrokenCircuitError)),
        {
          maxAttempts: Math.max(0, options.attempts - 1),
          backoff: new ExponentialBackoff({ initialDelay: 150, maxDelay: 1_000 }),
        },
      ),
      this.breaker,
      perAttempt,
    );
  }

  /** Whether the circuit is open now (calls answered at once as an outage). */
  get open(): boolean {
    return this.breaker.state === CircuitState.Open;
  }

  async call(request: CarrierRequest): Promise<CarrierAnswer> {
    const policy = request.idempotent ? this.repeated : this.once;
    try {
      return await policy.execute(({ signal }) => this.send(request, signal));
    } catch (e) {
      if (e instanceof CarrierOutage) throw e;
      if (e instanceof BrokenCircuitError)
        throw new CarrierOutage('CIRCUIT_OPEN', `${this.name}: circuit open after repeated outages`, false);
      if (timedOut(e)) throw new CarrierOutage('TIMEOUT', `${this.name}: no answer in ${this.options.timeoutMs} ms`, true);
      throw e;
    }
  }

  private async send(request: CarrierRequest, signal: AbortSignal): Promise<CarrierAnswer> {
    let response: Response;
    try {
      response = await this.options.fetchFn(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal,
      });
    } catch (e) {
      if (signal.aborted) throw e;
      // No connection (refused, DNS): the request never reached the carrier.
      const cause = (e as { cause?: { code?: string } } | null)?.cause?.code;
      const sent = cause === 'ECONNRESET' || cause === 'UND_ERR_SOCKET';
      throw new CarrierOutage('UNREACHABLE', `${this.name}: ${cause ?? 'no connection'}`, sent);
    }
    const text = await response.text().catch(() => '');
    const answer = { status: response.status, text, json: parseJson(text), contentType: response.headers.get('content-type') ?? '' };
    if (response.status >= 500)
      throw new CarrierOutage(
        'HTTP_5XX',
        `${this.name}: HTTP ${response.status} ${withoutSecrets(text, this.secrets, 120) ?? ''}`,
        true,
        response.status,
      );
    if (response.status >= 300 && response.status < 400)
      throw new CarrierOutage('MALFORMED', `${this.name}: unexpected redirect ${response.status}`, true, response.status);
    return answer;
  }
}
