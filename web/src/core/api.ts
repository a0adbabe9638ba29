import type { ErrorBody } from '@portal/contracts';
import { getToken } from './session';
import { waitQueued } from './queued';
import { reportServerDown, reportServiceUnavailable, useHealthFetch } from './serverStatus';

/** An error answer of the API, with the catalogue key of contracts ERROR_STATUS. */
/**
 * An error answer of the API. Its `message` is the translation key `errors.<key>` (react-admin shows
 * an error's message in its alerts: never the server's English text); `serverMessage` keeps that text.
 */
export class ApiError extends Error {
  readonly serverMessage: string;
  constructor(
    readonly status: number,
    readonly key: string,
    serverMessage: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: Record<string, string> = {},
  ) {
    super(`errors.${key}`);
    this.name = 'ApiError';
    this.serverMessage = serverMessage;
    lastParams.set(this.message, alertParams(params));
  }
}

/** Parameters as an alert shows them (lists read "A, B"). */
export const alertParams = (params: Record<string, unknown> = {}): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));

/** The parameters of the latest error of each key, for alerts raised from the message alone (react-admin's lists). */
const lastParams = new Map<string, Record<string, unknown>>();
export const paramsOfLatest = (message: string): Record<string, unknown> => lastParams.get(message) ?? {};

/** Raised when the server cannot be reached at all (network down, server stopped). */
export class NetworkError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

type FetchFn = typeof fetch;
const globalFetch: FetchFn = (...args) => fetch(...args);
let fetchFn: FetchFn = globalFetch;
/** Tests replace the transport with a fake; without one, the global fetch again. */
export function useFetch(next: FetchFn = globalFetch): void {
  fetchFn = next;
  useHealthFetch(next as typeof fetch);
}

let onTokenDismiss: (() => void) | null = null;
/** The session layer registers what to do when the server rejects the token. */
export function setTokenDismissHandler(handler: (() => void) | null): void {
  onTokenDismiss = handler;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Anonymous calls (login, forgotten password) do not send the token. */
  anonymous?: boolean;
  /** Accept header (JSON by default; files: '*\/*'). */
  accept?: string;
  signal?: AbortSignal;
}

/**
 * The one way the web calls the API: /api<path> with the bearer token and a JSON body. Answers the
 * Response when it is a success; otherwise throws ApiError with the catalogue key (and reports a
 * down server or a dismissed token on the way), NetworkError when the server cannot be reached.
 * An aborted call rethrows the AbortError untouched.
 */
export async function apiRequest(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const method = options.method ?? 'GET';
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetchFn(`/api${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if ((error as Error | null)?.name === 'AbortError') throw error;
      reportServerDown();
      throw new NetworkError(error);
    }
    if (response.ok) return response;
    const payload = await response
      .text()
      .then((text) => (text ? (JSON.parse(text) as ErrorBody) : null))
      .catch(() => null);
    const error = payload?.error;
    // Shed (every turn of its service taken, it names when to come back): a read is asked again then,
    // at most twice, the screen saying it waits in line; the portal is not down.
    const retryAfter = Number(error?.params?.retryAfter);
    const shed = response.status === 503 && error?.key === 'serverUnavailable' && retryAfter > 0;
    if (shed && method === 'GET' && attempt < SHED_RETRIES) {
      await waitQueued(shedDelayMs(retryAfter), options.signal);
      continue;
    }
    return failed(response, error, !shed, token);
  }
}

/** Times a shed read is asked again before its screen says the service is busy. */
export const SHED_RETRIES = 2;

/** Retry-After with up to half of it again at random, so that the readers shed together do not come back together. */
export const shedDelayMs = (retryAfterSeconds: number, random = Math.random): number =>
  Math.round(retryAfterSeconds * 1000 * (1 + random() / 2));

function failed(response: Response, error: ErrorBody['error'] | undefined, probe: boolean, token: string | null): never {
  const key = error?.key ?? (response.status === 503 ? 'serverUnavailable' : 'unexpectedError');
  // A bare 502–504 comes from a proxy in front of a gateway that is gone; our own 503 names one service.
  if (response.status >= 502 && response.status <= 504 && !error) reportServerDown();
  else if (response.status === 503 && probe) reportServiceUnavailable();
  if (response.status === 401 && key === 'tokenDismiss' && token) onTokenDismiss?.();
  throw new ApiError(response.status, key, error?.message ?? response.statusText, error?.params ?? {}, error?.fields ?? {});
}

/** A JSON call: the parsed answer (null for an empty one). */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const text = await (await apiRequest(path, options)).text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null as T;
  }
}

/** The catalogue key to translate for any error thrown by `api`. */
export function errorKeyOf(error: unknown): string {
  if (error instanceof ApiError) return error.key;
  if (error instanceof NetworkError) return 'serverUnavailable';
  return 'unexpectedError';
}
