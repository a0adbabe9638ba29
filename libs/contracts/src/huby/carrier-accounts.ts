import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';

/**
 * Carrier accounts (issue 34 item 2): per tour, the connector that answers its shipments (the demo
 * carrier, UPS, DHL Express, Colissimo), the carrier's environment (production, its test
 * environment, or a base URL of one's own: a fake, a proxy) and the contract data and credentials
 * that connector needs. Secrets are write-only: kept encrypted (AES-256-GCM), never answered: an
 * answer says which are set. Only an administrator who reaches every depositor (ADMIN_CARRIER)
 * reads or changes an account; a depositor's own administrator is refused (403).
 */
export const CarrierAccountSubjects = {
  get: 'huby.admin.carrier-accounts.get',
  save: 'huby.admin.carrier-accounts.save',
  test: 'huby.admin.carrier-accounts.test',
} as const;

export const CARRIER_CONNECTORS = ['demo', 'ups', 'dhl_express', 'colissimo', 'chronopost', 'dpd', 'gls'] as const;
export type CarrierConnector = (typeof CARRIER_CONNECTORS)[number];
export const CARRIER_ENVIRONMENTS = ['production', 'test', 'custom'] as const;
export type CarrierEnvironment = (typeof CARRIER_ENVIRONMENTS)[number];

/** A field of a connector's form: contract data (`secret` false, answered) or a credential (write-only). */
export interface ConnectorField {
  name: string;
  secret: boolean;
  required: boolean;
  max: number;
}

/**
 * What each connector needs, from the carriers' developer documentation: UPS OAuth client id and
 * secret and the shipper number (x-merchant-id); DHL Express (MyDHL API) the API key and secret of
 * basic authentication and the account number; Colissimo the contract number and either its
 * password (the web services' own authentication) or a La Poste API key (Okapi).
 */
export const CONNECTOR_FIELDS: Record<CarrierConnector, readonly ConnectorField[]> = {
  demo: [],
  ups: [
    { name: 'client_id', secret: false, required: true, max: 100 },
    { name: 'client_secret', secret: true, required: true, max: 200 },
    { name: 'shipper_number', secret: false, required: true, max: 6 },
  ],
  dhl_express: [
    { name: 'api_key', secret: true, required: true, max: 100 },
    { name: 'api_secret', secret: true, required: true, max: 200 },
    { name: 'account_number', secret: false, required: true, max: 12 },
  ],
  colissimo: [
    { name: 'contract_number', secret: false, required: true, max: 20 },
    { name: 'password', secret: true, required: false, max: 100 },
    { name: 'api_key', secret: true, required: false, max: 200 },
  ],
  // Chronopost (ws.chronopost.fr SOAP web services): the contract number (accountNumber, 8 digits) and
  // its Chronotrace password, as Chronopost's web services documentation asks; a sub-account (3 digits)
  // when the contract has them.
  chronopost: [
    { name: 'account_number', secret: false, required: true, max: 8 },
    { name: 'password', secret: true, required: true, max: 20 },
    { name: 'sub_account', secret: false, required: false, max: 3 },
  ],
  // DPD France (cargoNET EPrint and Webtrace web services): the user id and password DPD France gives
  // for the UserCredentials SOAP header, the customer's depot (customer_centernumber) and customer
  // number (customer_number); Webtrace may have a login of its own (else the EPrint one is used).
  dpd: [
    { name: 'userid', secret: false, required: true, max: 100 },
    { name: 'password', secret: true, required: true, max: 100 },
    { name: 'customer_center_number', secret: false, required: true, max: 3 },
    { name: 'customer_number', secret: false, required: true, max: 9 },
    { name: 'trace_userid', secret: false, required: false, max: 100 },
    { name: 'trace_password', secret: true, required: false, max: 100 },
  ],
  // GLS ShipIT (GLS France's Web API): the user name and password GLS gives for HTTP basic
  // authentication, and the shipper's Contact ID (Shipment.Shipper.ContactID).
  gls: [
    { name: 'username', secret: false, required: true, max: 100 },
    { name: 'password', secret: true, required: true, max: 100 },
    { name: 'contact_id', secret: false, required: true, max: 40 },
  ],
};
/** Colissimo authenticates with one of them: at least one must be kept. */
export const CONNECTOR_ONE_OF_SECRETS: Partial<Record<CarrierConnector, readonly string[]>> = { colissimo: ['password', 'api_key'] };

/** The carriers' published base URLs; `custom` takes the account's own. Colissimo has no separate test host. */
export const CARRIER_BASE_URLS: Record<Exclude<CarrierConnector, 'demo'>, Record<'production' | 'test', string>> = {
  ups: { production: 'https://onlinetools.ups.com', test: 'https://wwwcie.ups.com' },
  dhl_express: { production: 'https://express.api.dhl.com/mydhlapi', test: 'https://express.api.dhl.com/mydhlapi/test' },
  colissimo: { production: 'https://ws.colissimo.fr', test: 'https://ws.colissimo.fr' },
  // Chronopost has no test host: its documentation names ws.chronopost.fr for production and development alike.
  chronopost: { production: 'https://ws.chronopost.fr', test: 'https://ws.chronopost.fr' },
  // EPrint's hosts (its path differs: /dpd-eprintwebservice in production); Webtrace's production host is webtrace.dpd.fr.
  dpd: { production: 'https://e-station.cargonet.software', test: 'https://e-station-testenv.cargonet.software' },
  gls: { production: 'https://shipit-wbm-fr01.gls-group.eu', test: 'https://shipit-wbm-test01.gls-group.eu' },
};

const baseUrl = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: FIELD_ERRORS.invalidFormat })
    .max(500, { error: FIELD_ERRORS.maxLength })
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.search && !url.hash;
        } catch {
          return false;
        }
      },
      { error: FIELD_ERRORS.invalidFormat },
    )
    .optional(),
);

/** One line of text per field; the connector's own list says which are known. */
const values = z.preprocess((v) => (v === null || v === undefined ? {} : v), z.record(z.string(), f.text(500)));

/**
 * The account form. `settings`: the connector's contract data. `secrets`: credentials to set; a
 * secret left out (or '') keeps the one stored, null removes it. Which fields a connector takes and
 * needs is checked against CONNECTOR_FIELDS by the service (it knows what is already stored).
 */
export const carrierAccountInput = z
  .object({
    connector: f.oneOf(CARRIER_CONNECTORS).nonoptional({ error: FIELD_ERRORS.required }),
    environment: f.oneOf(CARRIER_ENVIRONMENTS).default('test'),
    base_url: baseUrl.nullable().default(null),
    settings: values,
    secrets: z.preprocess((v) => (v === null || v === undefined ? {} : v), z.record(z.string(), z.union([z.null(), f.text(500)]))),
  })
  .superRefine((a, ctx) => {
    if (a.environment === 'custom' && !a.base_url) ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.required, path: ['base_url'] });
    const known = new Map(CONNECTOR_FIELDS[a.connector].map((field) => [field.name, field]));
    for (const [name, value] of Object.entries(a.settings)) {
      const field = known.get(name);
      if (!field || field.secret) ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.invalidFormat, path: ['settings', name] });
      else if (value && value.length > field.max)
        ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.maxLength, path: ['settings', name] });
    }
    for (const [name, value] of Object.entries(a.secrets)) {
      const field = known.get(name);
      if (!field || !field.secret) ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.invalidFormat, path: ['secrets', name] });
      else if (value && value.length > field.max)
        ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.maxLength, path: ['secrets', name] });
    }
  });
export type CarrierAccountInput = z.infer<typeof carrierAccountInput>;

/** A tour's carrier account as answered: contract data, and for each credential only whether it is set. */
export interface CarrierAccountDto {
  tourId: number;
  connector: CarrierConnector;
  environment: CarrierEnvironment;
  base_url: string | null;
  settings: Record<string, string>;
  /** Credential name → set or not; never its value. */
  secrets: Record<string, boolean>;
  updatedAt: string | null;
  secretsUpdatedAt: string | null;
}

/**
 * A label request's budget at the gateway: a token, the carrier's label call and, after a lost answer,
 * the lookup of the voucher it may have made, each within CONNECTION_TEST_TIMEOUT_MS per attempt.
 */
export const LABEL_REQUEST_TIMEOUT_MS = 40_000;

/** A connection test waits this long for the carrier (the gateway gives its bus request 2 s more). */
export const CONNECTION_TEST_TIMEOUT_MS = 8_000;

/** Why a connection test failed, in words on the screen (adminTransport.account.test.<reason>). */
export const CONNECTION_TEST_FAILURES = ['authRefused', 'unreachable', 'timeout', 'unexpectedAnswer', 'incomplete'] as const;
export type ConnectionTestFailure = (typeof CONNECTION_TEST_FAILURES)[number];

/** "Tester la connexion": what the carrier answered, the carrier's own code and message when it gave them. */
export interface ConnectionTestDto {
  ok: boolean;
  failure?: ConnectionTestFailure;
  /** The HTTP status the carrier answered, when it answered. */
  status?: number;
  code?: string;
  message?: string;
  /** What was called, without credentials: `POST https://wwwcie.ups.com/security/v1/oauth/token`. */
  call: string;
  ms: number;
}
