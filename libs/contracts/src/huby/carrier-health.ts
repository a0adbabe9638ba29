import type { CarrierConnector } from './carrier-accounts';

/**
 * Carrier health for the provider (issue 37 item 4): per tour with a carrier account, the outcome of
 * its connector's last calls over the last hour, from the connector's own measurements (the copy of
 * the Huby service that answers: each copy measures the calls it made). ADMIN_CARRIER with the whole
 * reach, as the accounts themselves.
 */
export const CarrierHealthSubjects = {
  list: 'huby.admin.carrier-health.list',
} as const;

/** The window the figures cover. */
export const CARRIER_HEALTH_WINDOW_MS = 3_600_000;

/** What a call ended with: answered (done, or refused by the carrier), an outage's code, or an error of the portal's own. */
export const CARRIER_CALL_OUTCOMES = [
  'ok',
  'refused',
  'TIMEOUT',
  'UNREACHABLE',
  'HTTP_5XX',
  'MALFORMED',
  'CIRCUIT_OPEN',
  'AUTH',
  'ERROR',
] as const;
export type CarrierCallOutcome = (typeof CARRIER_CALL_OUTCOMES)[number];

/** The connector's circuit breaker: closed (calls go through), open (answered at once), half open (one call tries). */
export type CarrierCircuitState = 'closed' | 'open' | 'halfOpen';

export interface CarrierHealthError {
  at: string;
  /** labels, cancel, pickup, tracking */
  operation: string;
  outcome: CarrierCallOutcome;
  /** The carrier's code, when it gave one. */
  code?: string;
  /** The carrier's or the line's words, without secrets. */
  message?: string;
}

export interface CarrierHealthDto {
  tourId: number;
  tourCode: string;
  depositorCode: string | null;
  carrierName: string;
  connector: Exclude<CarrierConnector, 'demo'>;
  environment: string;
  /** Calls over the last hour, answered or not. */
  calls: number;
  /** Calls the carrier answered (done or refused), of all calls; null without calls. */
  successRate: number | null;
  /** 95th percentile of the calls' time over the hour (ms); null without calls. */
  p95Ms: number | null;
  circuit: CarrierCircuitState;
  lastCallAt: string | null;
  /** The last outage (the carrier did not answer usably). */
  lastError: CarrierHealthError | null;
  /** The last refusal (the carrier answered no, with its code and words). */
  lastRefusal: CarrierHealthError | null;
}
