import {
  CARRIER_BASE_URLS,
  CONNECTION_TEST_TIMEOUT_MS,
  type CarrierConnector,
  type CarrierEnvironment,
  type ConnectionTestDto,
  type ConnectionTestFailure,
} from '@portal/contracts';
import { parseJson, withoutSecrets } from './carrier-line';
import { CHRONOPOST_PATHS, chronopostErrorOf, chronopostTestAccepted, chronopostTestEnvelope } from './chronopost';
import { DPD_EPRINT_NS, dpdEndpoints, dpdFaultOf, dpdSoapAction, dpdVerified, dpdVerifyEnvelope } from './dpd';

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
  /** Whether the carrier's answer says the credentials were accepted (`text`: the answer as read, for XML). */
  accepts(status: number, body: Record<string, unknown>, text: string): boolean;
  /** The carrier's code and message in an answer that is not JSON (a SOAP fault, say). */
  errorOf?(text: string): { code?: string; message?: string };
  /** Whether an answer that is not a 401/403 says the credentials were refused (a SOAP carrier's own code). */
  credentialsRefused?(code: string | undefined): boolean;
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
    case 'chronopost':
      // QuickcostServiceWS's quickCost of a 1 kg parcel Paris → Lyon: a read that checks the contract number
      // and its Chronotrace password (errorCode 3 "Invalid Password"), answered with HTTP 200 either way.
      if (!s.account_number || !k.password) return 'incomplete';
      return {
        method: 'POST',
        url: `${base}${CHRONOPOST_PATHS.quickcost}`,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
        body: chronopostTestEnvelope(account),
        accepts: (status, _body, text) => chronopostTestAccepted(status, text),
        errorOf: chronopostErrorOf,
        // 3 "Invalid Password", 30 the contract number or password refused (its documentation's annex 4).
        credentialsRefused: (code) => code === '3' || code === '30',
      };
    case 'dpd':
      // EPrint's VerifyConfiguration, as DPD France's own module tests its settings: the credentials in a
      // VerifyUserCredentials header, the customer's depot and number; it answers Allowed, or a SOAP
      // fault (HTTP 500, PermissionDenied for wrong credentials or a caller IP DPD has not allowed).
      if (!s.userid || !k.password || !s.customer_center_number || !s.customer_number) return 'incomplete';
      return {
        method: 'POST',
        url: dpdEndpoints(account).eprint,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: dpdSoapAction(DPD_EPRINT_NS, 'VerifyConfiguration') },
        body: dpdVerifyEnvelope(account),
        accepts: (status, _body, text) => status === 200 && dpdVerified(text),
        errorOf: (text) => {
          const fault = dpdFaultOf(text);
          return fault ? { code: fault.code, message: fault.message } : {};
        },
        // Wrong credentials, customer, or a caller address cargoNET has not allowed: DPD's words say which.
        credentialsRefused: (code) => code === 'PermissionDenied',
      };
    case 'gls':
      // ShipIT's allowed services between two French postcodes for the Contact ID: a read, with basic
      // authentication (GLS answers 401 to wrong credentials, its refusals in `error`/`message` headers).
      if (!s.username || !k.password || !s.contact_id) return 'incomplete';
      return {
        method: 'POST',
        url: `${base}/backend/rs/shipments/allowedservices`,
        headers: {
          Authorization: basic(s.username, k.password),
          'Content-Type': 'application/glsVersion1+json',
          Accept: 'application/glsVersion1+json, application/json',
        },
        body: JSON.stringify({
          Source: { CountryCode: 'FR', ZIPCode: '75001' },
          Destination: { CountryCode: 'FR', ZIPCode: '69002' },
          ContactID: s.contact_id,
        }),
        accepts: (status) => status === 200,
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
  const { code, message } = call.errorOf ? call.errorOf(text) : carrierError(body);
  const words = { status: response.status, code: code || undefined, message: withoutSecrets(message, account.secrets) || undefined };
  if (call.accepts(response.status, (body ?? {}) as Record<string, unknown>, text))
    return { ok: true, call: described, ms: Date.now() - started, status: response.status };
  if (response.status === 401 || response.status === 403 || call.credentialsRefused?.(code)) return failed('authRefused', words);
  return failed('unexpectedAnswer', words);
}
