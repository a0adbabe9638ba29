import {
  CARRIER_BASE_URLS,
  CONNECTION_TEST_TIMEOUT_MS,
  type CarrierConnector,
  type CarrierEnvironment,
  type ConnectionTestDto,
  type ConnectionTestFailure,
} from '@portal/contracts';
import { parseJson, withoutSecrets } from './carrier-line';

/** An account as a connector uses it: its credentials opened, for the length of one call. */
export interface OpenAccount {
  connector: CarrierConnector;
  environment: CarrierEnvironment;
  base_url: string | null;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

/** La Poste's API gateway (Okapi), where a Colissimo API key is checked. */
const OKAPI_BASE_URL = 'https://api.laposte.fr';

/** The base URL an account calls: the carrier's production or test host, or its own. */
export function baseUrlOf(account: Pick<OpenAccount, 'connector' | 'environment' | 'base_url'>): string | null {
  if (account.connector === 'demo') return null;
  const url = account.environment === 'custom' ? account.base_url : CARRIER_BASE_URLS[account.connector][account.environment];
  return url ? url.replace(/\/+$/, '') : null;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether the carrier's answer says the credentials were accepted. */
  accepts(status: number, body: Record<string, unknown>): boolean;
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * The carrier's authentication or a harmless read, per connector (from their developer documentation):
 * UPS asks an OAuth token (client credentials, x-merchant-id the shipper number); DHL Express
 * validates a Paris address with basic authentication; Colissimo authenticates its contract
 * number and password (widget authentication), or reads a tracking number with a La Poste API key.
 */
function testCall(account: OpenAccount, base: string): Call | 'incomplete' {
  const { settings: s, secrets: k } = account;
  switch (account.connector) {
    case 'ups':
      if (!s.client_id || !k.client_secret || !s.shipper_number) return 'incomplete';
      return {
        method: 'POST',
        url: `${base}/security/v1/oauth/token`,
        headers: {
          Authorization: basic(s.client_id, k.client_secret),
          'Content-Type': 'application/x-www-form-urlencoded',
          'x-merchant-id': s.shipper_number,
        },
        body: 'grant_type=client_credentials',
        accepts: (status, body) => status === 200 && typeof body.access_token === 'string',
      };
    case 'dhl_express':
      if (!k.api_key || !k.api_secret || !s.account_number) return 'incomplete';
      return {
        method: 'GET',
        url: `${base}/address-validate?type=delivery&countryCode=FR&postalCode=75001&cityName=Paris`,
        headers: { Authorization: basic(k.api_key, k.api_secret), Accept: 'application/json' },
        accepts: (status) => status === 200,
      };
    case 'colissimo':
      if (!s.contract_number || (!k.password && !k.api_key)) return 'incomplete';
      if (k.password)
        return {
          method: 'POST',
          url: `${base}/widget-colissimo/rest/authenticate.rest`,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ login: s.contract_number, password: k.password }),
          accepts: (status, body) => status === 200 && typeof body.token === 'string',
        };
      return {
        method: 'GET',
        url: `${account.environment === 'custom' ? base : OKAPI_BASE_URL}/suivi/v2/idships/0A00000000000?lang=fr_FR`,
        headers: { 'X-Okapi-Key': k.api_key, Accept: 'application/json' },
        // A good key reads the (unknown) tracking number: the shipment or "not found", never 401/403.
        accepts: (status) => status === 200 || status === 400 || status === 404,
      };
    default:
      return 'incomplete';
  }
}

/** The carrier's own error code and message, as each writes them. */
function carrierError(body: unknown): { code?: string; message?: string } {
  const b = (body ?? {}) as Record<string, unknown>;
  const ups = (b.response as { errors?: { code?: unknown; message?: unknown }[] } | undefined)?.errors?.[0];
  if (ups) return { code: String(ups.code ?? ''), message: String(ups.message ?? '') };
  if (b.detail !== undefined || b.title !== undefined) return { code: String(b.status ?? ''), message: String(b.detail ?? b.title) };
  if (b.returnMessage !== undefined) return { code: String(b.returnCode ?? ''), message: String(b.returnMessage) };
  if (b.message !== undefined) return { code: b.code === undefined ? undefined : String(b.code), message: String(b.message) };
  return {};
}

/**
 * "Tester la connexion": one call to the carrier, outside any transaction, within its time budget;
 * what failed is said in words by the screen (`failure`), with the carrier's code and message.
 */
export async function testConnection(account: OpenAccount, fetchFn: typeof fetch = fetch): Promise<ConnectionTestDto> {
  const started = Date.now();
  if (account.connector === 'demo') return { ok: true, call: 'demo carrier (built in)', ms: 0 };
  const base = baseUrlOf(account);
  const call = base ? testCall(account, base) : 'incomplete';
  if (call === 'incomplete') return { ok: false, failure: 'incomplete', call: '', ms: 0 };
  const described = `${call.method} ${call.url.split('?')[0]}`;
  const failed = (failure: ConnectionTestFailure, extra: Partial<ConnectionTestDto> = {}): ConnectionTestDto => ({
    ok: false,
    failure,
    call: described,
    ms: Date.now() - started,
    ...extra,
  });
  let response: Response;
  try {
    response = await fetchFn(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error | null)?.name;
    return failed(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
  }
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  const { code, message } = carrierError(body);
  const words = { status: response.status, code: code || undefined, message: withoutSecrets(message, account.secrets) || undefined };
  if (call.accepts(response.status, (body ?? {}) as Record<string, unknown>))
    return { ok: true, call: described, ms: Date.now() - started, status: response.status };
  if (response.status === 401 || response.status === 403) return failed('authRefused', words);
  return failed('unexpectedAnswer', words);
}
