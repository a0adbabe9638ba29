import type { ErrorBody } from '@portal/contracts';
import { getToken } from './session';
import { reportServerDown } from './serverStatus';

/** An error answer of the API, with the catalogue key of contracts ERROR_STATUS. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    message: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Raised when the server cannot be reached at all (network down, server stopped). */
export class NetworkError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

type FetchFn = typeof fetch;
let fetchFn: FetchFn = (...args) => fetch(...args);
/** Tests replace the transport with a fake. */
export function useFetch(next: FetchFn): void {
  fetchFn = next;
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
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetchFn(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    reportServerDown();
    throw new NetworkError(error);
  }
  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (response.ok) return payload as T;
  const error = (payload as ErrorBody | null)?.error;
  const key = error?.key ?? (response.status === 503 ? 'serverUnavailable' : 'unexpectedError');
  if (response.status === 503 || (response.status === 502 && !error)) reportServerDown();
  if (response.status === 401 && key === 'tokenDismiss' && token) onTokenDismiss?.();
  throw new ApiError(response.status, key, error?.message ?? response.statusText, error?.params ?? {}, error?.fields ?? {});
}

/** The catalogue key to translate for any error thrown by `api`. */
export function errorKeyOf(error: unknown): string {
  if (error instanceof ApiError) return error.key;
  if (error instanceof NetworkError) return 'serverUnavailable';
  return 'unexpectedError';
}
