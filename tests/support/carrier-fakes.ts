import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chronopostRoute,
  chronopostRouteOf,
  newChronopostFakeState,
  replyChronopost,
  type ChronopostFakeAccount,
  type ChronopostFakeState,
} from './chronopost-fake.ts';
import { colissimoRoute, newColissimoFakeState, replyColissimo, type ColissimoFakeState } from './colissimo-fake.ts';
import { dhlRoute, newDhlFakeState, type DhlFakeState } from './dhl-fake.ts';
import { dpdRoute, dpdRouteOf, newDpdFakeState, replyDpd, type DpdFakeAccount, type DpdFakeState } from './dpd-fake.ts';
import { glsRoute, glsRouteOf, newGlsFakeState, replyGls, type GlsFakeAccount, type GlsFakeState } from './gls-fake.ts';
import { newUpsFakeState, upsRoute, warmUpsFake, type UpsFakeState } from './ups-fake.ts';

/**
 * Local fakes of the carriers' web services on 127.0.0.1 (no machine here reaches a carrier), built
 * from their developer documentation: what each answers to good and bad credentials. One server
 * serves the three carriers' paths; an account's `custom` base URL points at it (DHL Express's API
 * lives under /mydhlapi as on its host). `calls` keeps what was asked, headers included, for the
 * tests to check; `down()` makes every call fail at the connection.
 */
export interface CarrierFakeAccounts {
  ups: { clientId: string; clientSecret: string; shipperNumber: string };
  dhlExpress: { apiKey: string; apiSecret: string };
  colissimo: { contractNumber: string; password: string; apiKey: string };
  /** Chronopost: the contract number and Chronotrace password in each request; without it every Chronopost call is refused. */
  chronopost?: ChronopostFakeAccount;
  /** DPD France EPrint and Webtrace: the UserCredentials header and the customer's depot and number; without it every DPD call is refused. */
  dpd?: DpdFakeAccount;
  /** GLS ShipIT: basic authentication and the Contact ID; without it every GLS call is refused (401). */
  gls?: GlsFakeAccount;
}

export interface CarrierFakeCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The carrier's own time for the call (ms, from the request read to the answer sent); 0 until answered. */
  ms: number;
}

/** What the carriers' routes may be made to do instead of answering (see failNext). */
export type FakeFailure = 'timeout' | '5xx' | 'malformed';
export type FakeRoute =
  | 'ups.token'
  | 'ups.ship'
  | 'ups.void'
  | 'ups.recovery'
  | 'ups.track'
  | 'ups.pickup'
  | 'ups.rate'
  | 'dhl.ship'
  | 'dhl.rates'
  | 'dhl.tracking'
  | 'colissimo.label'
  | 'colissimo.track'
  | 'chronopost.shipping'
  | 'chronopost.tracking'
  | 'chronopost.quickcost'
  | 'dpd.eprint'
  | 'dpd.trace'
  | 'gls.ship'
  | 'gls.reprint'
  | 'gls.cancel'
  | 'gls.track'
  | 'gls.pickup'
  | 'gls.services';

export interface CarrierFake {
  url: string;
  calls: CarrierFakeCall[];
  /** Requests that did not validate against the carrier's published schema (each was answered 400). */
  violations: string[];
  ups: UpsFakeState;
  dhl: DhlFakeState;
  colissimo: ColissimoFakeState;
  chronopost: ChronopostFakeState;
  dpd: DpdFakeState;
  gls: GlsFakeState;
  /**
   * The next `times` calls of `route` fail so: `timeout` does the work and answers after `holdMs`
   * (the answer is lost to a client with a shorter budget), `5xx` answers 503, `malformed` an HTML page.
   */
  failNext(route: FakeRoute, failure: FakeFailure, times?: number): void;
  /**
   * Every answer of a JSON route (UPS, DHL Express) comes `ms` after its request was read until set to
   * 0: a slow carrier. The fake's own work (validating the request, drawing the labels) is part of those
   * `ms`, so that a loaded test machine does not lend its slowness to the product's time.
   */
  slow(route: FakeRoute, ms: number): void;
  /** Every token given so far stops being valid (UPS answers 401 until a new one is asked). */
  expireTokens(): void;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const basicOf = (header: string | undefined): [string, string] | null => {
  const m = /^Basic (.+)$/.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : [text.slice(0, i), text.slice(i + 1)];
};

const routeOf = (route: string): FakeRoute | undefined =>
  route === 'POST /security/v1/oauth/token'
    ? 'ups.token'
    : /^POST \/api\/shipments\/v\d+\/ship$/.test(route)
      ? 'ups.ship'
      : /^DELETE \/api\/shipments\/v\d+\/void\//.test(route)
        ? 'ups.void'
        : /^POST \/api\/labels\/v\d+\/recovery$/.test(route)
          ? 'ups.recovery'
          : /^GET \/api\/track\/v1\/details\//.test(route)
            ? 'ups.track'
            : /^POST \/api\/pickupcreation\/v\d+\/pickup$/.test(route)
              ? 'ups.pickup'
              : /^POST \/api\/rating\/v\d+\/\w+$/.test(route)
                ? 'ups.rate'
                : route === 'POST /mydhlapi/rates'
                  ? 'dhl.rates'
                  : route === 'POST /mydhlapi/shipments'
                    ? 'dhl.ship'
                    : route === 'GET /mydhlapi/tracking'
                      ? 'dhl.tracking'
                      : route === 'POST /sls-ws/SlsServiceWSRest/2.0/generateLabel'
                        ? 'colissimo.label'
                        : route.startsWith('GET /suivi/v2/idships/')
                          ? 'colissimo.track'
                          : (chronopostRouteOf(route) ?? dpdRouteOf(route) ?? glsRouteOf(route));

export async function startCarrierFake(
  accounts: CarrierFakeAccounts,
  options: { holdMs?: number; port?: number } = {},
): Promise<CarrierFake> {
  const calls: CarrierFakeCall[] = [];
  const violations: string[] = [];
  const ups = newUpsFakeState();
  const dhl = newDhlFakeState();
  const colissimo = newColissimoFakeState();
  const chronopost = newChronopostFakeState();
  const dpd = newDpdFakeState();
  const gls = newGlsFakeState();
  const failures: { route: FakeRoute; failure: FakeFailure }[] = [];
  const held = new Set<NodeJS.Timeout>();
  const slowness = new Map<FakeRoute, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const call: CarrierFakeCall = { method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body, ms: 0 };
      calls.push(call);
      // The carrier's own time for this call: from the request read to the answer sent.
      const received = performance.now();
      res.once('finish', () => (call.ms = performance.now() - received));
      const route = `${req.method} ${url.pathname}`;
      const failing = failures.findIndex((f) => f.route === routeOf(route));
      const failure = failing >= 0 ? failures.splice(failing, 1)[0].failure : undefined;
      if (failure === '5xx') return json(res, 503, { message: 'Service Unavailable' });
      if (failure === 'malformed') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<html><body>Maintenance</body></html>');
      }
      const send = (status: number, answer: unknown) => {
        const slow = slowness.get(routeOf(route)!);
        const late = failure === 'timeout' ? (options.holdMs ?? 2_500) : slow ? Math.max(0, slow - (performance.now() - received)) : 0;
        if (!late) return json(res, status, answer);
        const timer = setTimeout(() => {
          held.delete(timer);
          if (!res.destroyed) json(res, status, answer);
        }, late);
        held.add(timer);
      };
      if (routeOf(route)?.startsWith('ups.') && route !== 'POST /security/v1/oauth/token') {
        void upsRoute(ups, route, req.headers, body, violations).then(
          (answer) => send(answer!.status, answer!.body),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }
      if (routeOf(route)?.startsWith('dhl.')) {
        void dhlRoute(dhl, accounts.dhlExpress, route, url.searchParams, req.headers, body, violations).then(
          (answer) => send(answer!.status, answer!.body),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }
      // Colissimo's answers are binary (multipart): written, or held, by the Colissimo fake itself.
      if (routeOf(route)?.startsWith('colissimo.')) {
        void colissimoRoute(colissimo, accounts.colissimo, route, url.searchParams, req.headers, body, violations).then(
          (answer) => replyColissimo(res, answer!, failure === 'timeout' ? (options.holdMs ?? 2_500) : 0, held),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }
      // Chronopost answers SOAP (faults with HTTP 500): written, or held, by the Chronopost fake itself.
      if (routeOf(route)?.startsWith('chronopost.')) {
        void chronopostRoute(chronopost, accounts.chronopost, route, body, violations).then(
          (answer) => replyChronopost(res, answer, failure === 'timeout' ? (options.holdMs ?? 2_500) : 0, held),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }
      // DPD France answers SOAP (faults with HTTP 500): written, or held, by the DPD fake itself.
      if (routeOf(route)?.startsWith('dpd.')) {
        void dpdRoute(dpd, accounts.dpd, route, req.headers, body, violations).then(
          (answer) => replyDpd(res, answer, failure === 'timeout' ? (options.holdMs ?? 2_500) : 0, held),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }
      // GLS answers its refusals in headers without a body: written, or held, by the GLS fake itself.
      if (routeOf(route)?.startsWith('gls.')) {
        void glsRoute(gls, accounts.gls, route, req.headers, body, violations).then(
          (answer) => replyGls(res, answer, failure === 'timeout' ? (options.holdMs ?? 2_500) : 0, held),
          (e: Error) => json(res, 500, { message: e.message }),
        );
        return;
      }

      // UPS OAuth (client credentials): Basic client_id:client_secret, x-merchant-id the shipper number.
      if (route === 'POST /security/v1/oauth/token') {
        const [id, secret] = basicOf(req.headers.authorization) ?? [];
        const u = accounts.ups;
        if (body !== 'grant_type=client_credentials')
          return json(res, 400, { response: { errors: [{ code: '10400', message: 'Invalid/Missing grant_type' }] } });
        if (id !== u.clientId || secret !== u.clientSecret)
          return json(res, 401, { response: { errors: [{ code: '10401', message: 'ClientId is Invalid' }] } });
        if (req.headers['x-merchant-id'] !== u.shipperNumber)
          return json(res, 401, { response: { errors: [{ code: '10401', message: 'Invalid x-merchant-id' }] } });
        const token = `fake-ups-token-${Date.now()}-${ups.tokens.size}`;
        ups.tokens.add(token);
        return send(200, {
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          client_id: id,
          access_token: token,
          expires_in: '14399',
          status: 'approved',
        });
      }

      // DHL Express MyDHL API: basic authentication with the API key and secret.
      if (route === 'GET /mydhlapi/address-validate') {
        const [key, secret] = basicOf(req.headers.authorization) ?? [];
        if (key !== accounts.dhlExpress.apiKey || secret !== accounts.dhlExpress.apiSecret)
          return json(res, 401, {
            instance: '/expressapi/address-validate',
            detail: 'Invalid Credentials',
            title: 'Unauthorized',
            status: '401',
          });
        return json(res, 200, {
          address: [
            {
              countryCode: 'FR',
              postalCode: url.searchParams.get('postalCode'),
              cityName: 'PARIS',
              serviceArea: { code: 'PAR', description: 'Paris-FR' },
            },
          ],
        });
      }

      // Colissimo: the widget authentication (contract number and password) answers a token.
      if (route === 'POST /widget-colissimo/rest/authenticate.rest') {
        let given: { login?: string; password?: string } = {};
        try {
          given = JSON.parse(body) as typeof given;
        } catch {
          return json(res, 400, { message: 'Requête invalide' });
        }
        if (given.login !== accounts.colissimo.contractNumber || given.password !== accounts.colissimo.password)
          return json(res, 401, { code: 'AUTH_FAILED', message: 'Identifiant ou mot de passe incorrect' });
        return json(res, 200, { token: `fake-colissimo-token-${Date.now()}` });
      }

      // La Poste Okapi tracking read, where a Colissimo API key is checked.
      if (req.method === 'GET' && url.pathname.startsWith('/suivi/v2/idships/')) {
        if (req.headers['x-okapi-key'] !== accounts.colissimo.apiKey)
          return json(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid credentials' });
        return json(res, 404, { returnCode: 104, returnMessage: 'Numéro de suivi inconnu' });
      }

      return json(res, 404, { message: `no route ${route}` });
    });
  });
  await warmUpsFake();
  // An idle connection is closed by the client, never by the fake: on a loaded machine, the fake closing
  // one after its 5 s default as the client sends on it again reset a label request (ECONNRESET, once in a
  // full run) that no carrier under test had refused.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    violations,
    ups,
    dhl,
    colissimo,
    chronopost,
    dpd,
    gls,
    failNext: (route, failure, times = 1) => {
      for (let i = 0; i < times; i++) failures.push({ route, failure });
    },
    slow: (route, ms) => {
      if (ms > 0) slowness.set(route, ms);
      else slowness.delete(route);
    },
    expireTokens: () => ups.tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
