import {
  AppError,
  type CarrierDto,
  type CarrierEventStatus,
  type ErrorKey,
  type ShipmentDto,
  type ShipmentPartyDto,
  type TourDto,
} from '@portal/contracts';
import { packagesOf } from '../../labels/label-data';
import type {
  CarrierAdapter,
  CarrierLabel,
  CarrierTrackingEvent,
  FollowedShipment,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage, parseJson, type CarrierAnswer, type CarrierLineOptions } from './carrier-line';
import { baseUrlOf, type OpenAccount } from './connection-test';
import { asList, carrierRefusal, clip, digits, insuranceByMail, labelFormatOf, mobileOf, parisDay, share } from './connector-kit';

const CARRIER = 'Colissimo';

/**
 * Colissimo's label web service (SLS), REST version 2.0, under the account's base URL
 * (https://ws.colissimo.fr). Written against La Poste's OpenAPI 3.0.1 document of it, kept in
 * tests/support/carrier-schemas/colissimo (its `servers` names La Poste's internal host, the paths
 * are the same).
 */
export const COLISSIMO_SLS_PATH = '/sls-ws/SlsServiceWSRest/2.0';

/** La Poste's API gateway (Okapi), where its tracking API (Suivi v2) answers with an X-Okapi-Key. */
export const OKAPI_BASE_URL = 'https://api.laposte.fr';

/**
 * Colissimo's product codes (letter.service.productCode). The document names DOM and DOS (home
 * delivery without and with signature), HD (out of home) and the returns CORE, CORF, CORI; the others
 * come from Colissimo's list of products (its technical guide, not the OpenAPI document): COLD and
 * COL (former home products), COM, CDS and ECO (overseas), COLI (international Expert), BOM and BOS.
 * Pickup-point products need the id of the pickup location the recipient chose (pickupLocationId),
 * which the portal does not keep: they are refused in words rather than sent to be refused.
 */
const HOME_PRODUCTS = new Set(['DOM', 'DOS', 'COLD', 'COL', 'COM', 'CDS', 'ECO', 'COLI', 'BOM', 'BOS', 'CORE', 'CORF', 'CORI']);
const PICKUP_PRODUCTS = new Set(['HD', 'A2P', 'BPR', 'ACP', 'CDI', 'CMT', 'BDP', 'PCS']);

/** The tour's product code when it is one of Colissimo's, else DOM (home delivery without signature). */
export function productOf(tour: Pick<TourDto, 'codes'>): string {
  const code = (tour.codes?.product ?? '').trim().toUpperCase();
  return HOME_PRODUCTS.has(code) || PICKUP_PRODUCTS.has(code) ? code : 'DOM';
}

/**
 * What Colissimo's refusal says was wrong, from its message id and words. The OpenAPI document gives
 * no table of ids (only 30027 and 30519, in descriptions): 30015 "Le code produit est incorrect", 30213
 * "Le code pays ou le code postal du destinataire est incorrect pour le code produit fourni" and 30301
 * "Le poids du colis est incorrect" are in answers recorded from La Poste's service (akretion/roulier's
 * test cassettes); 30000 "Identifiant ou mot de passe incorrect" is the refused credentials as issue 34
 * names them; the service numbers its ids by block, 302xx the addressee's fields. Anything else is a
 * refused voucher with Colissimo's id and words.
 */
function refusalKeyOf(id: string, words: string): ErrorKey {
  if (id === '30000' || /identifiant|mot de passe|api ?key|acc[eè]s non autoris/i.test(words)) return 'carrierServiceFailed';
  if (id === '30213' || (/^302\d\d$/.test(id) && /code postal|commune|ville/i.test(words))) return 'zipTownNotReferenced';
  if (id === '30015' || /desservi|code produit|non autoris[ée] (pour|vers)/i.test(words)) return 'noCarrierService';
  if (/^302\d\d$/.test(id) || /adresse du destinataire/i.test(words)) return 'addressNotDeliverable';
  return 'voucherCreationFailed';
}

/**
 * Suivi v2's event codes, as La Poste documents them at developer.laposte.fr (read here from clients
 * of the API: karrio's La Poste connector and its recorded answer, an open-source tracker's table): DR1 is the label announced, not yet in
 * La Poste's hands (no event for the portal); PC1/PC2 taken in charge; ET1–ET4, EP1, DO1, DO2, PB2 and
 * MD2 on the way (in transit, at customs, problem solved, out for delivery); DO3 held at customs, PB1
 * a problem, ND1 not deliverable and AG1 waiting at a post office after a failed delivery are
 * anomalies; DI1 delivered; RE1 sent back and DI2 delivered back to the sender are returns.
 */
const OKAPI_EVENT_STATUS: Record<string, CarrierEventStatus> = {
  PC1: 'PICKED_UP',
  PC2: 'PICKED_UP',
  ET1: 'IN_TRANSIT',
  ET2: 'IN_TRANSIT',
  ET3: 'IN_TRANSIT',
  ET4: 'IN_TRANSIT',
  EP1: 'IN_TRANSIT',
  DO1: 'IN_TRANSIT',
  DO2: 'IN_TRANSIT',
  PB2: 'IN_TRANSIT',
  MD2: 'IN_TRANSIT',
  DO3: 'ANOMALY',
  PB1: 'ANOMALY',
  ND1: 'ANOMALY',
  AG1: 'ANOMALY',
  DI1: 'DELIVERED',
  RE1: 'RETURNED',
  DI2: 'RETURNED',
};

/** One message of Colissimo's answer (jsonInfos.messages): `type` ERROR, WARNING or INFOS. */
interface ColissimoMessage {
  id?: unknown;
  type?: unknown;
  messageContent?: unknown;
}

interface MadeParcel {
  parcelNumber: string;
  label: CarrierLabel;
}

/** An object without the fields left blank: Colissimo asks that an optional field be left out rather than sent empty. */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/**
 * A party as Colissimo's Address: the company (companyName) and the person (lastName, mandatory: the
 * contact's whole name, the company's when there is no contact), line2 the number and street, line3
 * the complement, the phone (10 to 12 characters), the mobile and the e-mail for the notifications.
 */
function addressOf(p: ShipmentPartyDto) {
  const phone = digits(p.phone ?? '');
  return present({
    companyName: clip(p.company_name ?? '', 35),
    lastName: clip(p.contact_name || p.company_name || '', 35),
    line2: clip(p.address1 ?? '', 35),
    line3: clip(p.address2 ?? '', 35),
    countryCode: clip(p.country ?? '', 2).toUpperCase(),
    city: clip(p.town ?? '', 35),
    zipCode: clip(p.zip ?? '', 10),
    stateOrProvinceCode: p.state_code ? clip(p.state_code, 2) : undefined,
    phoneNumber: phone.length >= 10 && phone.length <= 12 ? phone : undefined,
    mobileNumber: mobileOf(p, 15),
    email: p.email && p.email.trim().length >= 5 ? clip(p.email, 80) : undefined,
  });
}

/** Euros in cents, as Colissimo writes amounts. */
const cents = (euros: number) => Math.round(euros * 100);
/** A parcel's weight in kg: two decimals at most, 0.01 kg at least (the document's bounds; 30 kg is Colissimo's to check). */
const weightOf = (kg: number) => Math.max(0.01, Math.round(kg * 100) / 100);

// ---------------------------------------------------------------------------------------------------
// Multipart answers (RFC 2046), read from their bytes.
// ---------------------------------------------------------------------------------------------------

/** One part of a multipart body: its headers (names in lower case) and its content's bytes as sent. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Buffer;
}

/** A multipart body that cannot be read: no boundary, a delimiter missing, a part without its blank line. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

/** Whether a Content-Type is a multipart one (mixed, as the document's client asks; related, as La Poste's service answers). */
export const isMultipart = (contentType: string | null | undefined): boolean => /^\s*multipart\//i.test(contentType ?? '');

/** The boundary of a multipart Content-Type (quoted or not, 1 to 70 characters); null when there is none. */
export function multipartBoundary(contentType: string): string | null {
  if (!isMultipart(contentType)) return null;
  const params = contentType.slice(contentType.indexOf(';') >= 0 ? contentType.indexOf(';') : contentType.length);
  for (const m of params.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    if (m[1].toLowerCase() !== 'boundary') continue;
    const boundary = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
    return boundary.length >= 1 && boundary.length <= 70 && !/[\r\n]/.test(boundary) ? boundary : null;
  }
  return null;
}

const CR = 0x0d;
const LF = 0x0a;

/** The end of the line break at `at` (CRLF, or a bare LF as lenient readers take it); -1 when none starts there. */
function lineBreakEnd(body: Buffer, at: number): number {
  if (body[at] === CR && body[at + 1] === LF) return at + 2;
  if (body[at] === LF) return at + 1;
  return -1;
}

/** The index where the header block of a part ends (its blank line), and where its content starts. */
function headerEnd(part: Buffer): { end: number; content: number } | null {
  // A part without headers starts with its blank line.
  const first = lineBreakEnd(part, 0);
  if (first === 1 || first === 2) return { end: 0, content: first };
  for (let i = 0; i < part.length; i++) {
    if (part[i] !== LF) continue;
    const next = lineBreakEnd(part, i + 1);
    if (next >= 0) return { end: i + 1, content: next };
  }
  return null;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  // Folded lines (starting with a space or a tab) continue the header before them.
  const lines = block.split(/\r?\n/).reduce<string[]>((all, line) => {
    if (/^[ \t]/.test(line) && all.length) all[all.length - 1] += ` ${line.trim()}`;
    else if (line) all.push(line);
    return all;
  }, []);
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError(`a part's header without a name: ${line.slice(0, 40)}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The parts of a multipart body, their content as the bytes sent (binary transfer: a PDF stays a
 * PDF; base64 parts are decoded). A delimiter is `--boundary` at the start of the body or of a line,
 * followed by the end of the line (after optional blanks) or, for the last one, by `--`; the line
 * break before a delimiter belongs to it, not to the part. Throws a MultipartError when the body is
 * not one (no boundary, no closing delimiter: an answer cut short).
 */
export function readMultipart(contentType: string, body: Buffer): MultipartPart[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new MultipartError(`not a multipart body with a boundary (${contentType.slice(0, 60) || 'no Content-Type'})`);
  const dash = Buffer.from(`--${boundary}`, 'latin1');
  const delimiters: { start: number; contentStart: number; close: boolean }[] = [];
  for (let from = 0; ;) {
    const i = body.indexOf(dash, from);
    if (i < 0) break;
    from = i + 1;
    if (i > 0 && body[i - 1] !== LF) continue;
    let after = i + dash.length;
    const close = body[after] === 0x2d && body[after + 1] === 0x2d;
    if (close) after += 2;
    while (body[after] === 0x20 || body[after] === 0x09) after++;
    const lineEnd = lineBreakEnd(body, after);
    // The close delimiter may end the body; any other delimiter ends its line.
    if (lineEnd < 0 && !(close && after >= body.length)) continue;
    // The line break before the delimiter is the delimiter's.
    const start = i === 0 ? 0 : body[i - 2] === CR ? i - 2 : i - 1;
    delimiters.push({ start, contentStart: lineEnd < 0 ? body.length : lineEnd, close });
    if (close) break;
  }
  if (!delimiters.length) throw new MultipartError('no delimiter of its boundary');
  if (!delimiters[delimiters.length - 1].close) throw new MultipartError('no closing delimiter: the body was cut short');
  const parts: MultipartPart[] = [];
  for (let n = 0; n + 1 < delimiters.length; n++) {
    const part = body.subarray(delimiters[n].contentStart, Math.max(delimiters[n].contentStart, delimiters[n + 1].start));
    const split = headerEnd(part);
    if (!split) throw new MultipartError('a part without the blank line after its headers');
    const headers = parseHeaders(part.subarray(0, split.end).toString('latin1'));
    const content = part.subarray(split.content);
    const encoding = (headers['content-transfer-encoding'] ?? 'binary').toLowerCase();
    if (encoding === 'base64') parts.push({ headers, body: Buffer.from(content.toString('latin1').replace(/\s+/g, ''), 'base64') });
    else if (encoding === 'binary' || encoding === '8bit' || encoding === '7bit') parts.push({ headers, body: Buffer.from(content) });
    else throw new MultipartError(`a part in an unknown transfer encoding: ${encoding}`);
  }
  return parts;
}

/** A part's name: its Content-ID without its angle brackets (jsonInfos, label, cn23…), else its Content-Disposition name. */
export function partName(part: MultipartPart): string {
  const id = (part.headers['content-id'] ?? '').trim().replace(/^<(.*)>$/, '$1');
  if (id) return id;
  return /;\s*name="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1] ?? '';
}

/**
 * CarrierLine reads every answer as UTF-8 text, which would mangle a label's bytes. A multipart
 * answer is handed to it as Latin-1 text instead: each byte one character (U+0000 to U+00FF), which
 * the UTF-8 round trip keeps, so that Buffer.from(answer.text, 'latin1') gives back exactly the bytes
 * Colissimo sent. Other answers (JSON refusals, Okapi's tracking) are left as they are.
 */
export function keepingMultipartBytes(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (!isMultipart(response.headers.get('content-type'))) return response;
    const bytes = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(bytes.toString('latin1'), { status: response.status, statusText: response.statusText, headers });
  };
}

// ---------------------------------------------------------------------------------------------------

/**
 * Colissimo (SLS web service, REST 2.0): one label per parcel, so one generateLabel call per package of
 * the shipment, in order; the voucher is the first parcel number. Authenticated by the `apiKey` header
 * when the account has an API key, else by contractNumber and password in the body (the document
 * marks them deprecated in favour of the key). The answer is a multipart body as the document
 * describes it: a JSON part `jsonInfos` (messages, labelV2Response.parcelNumber) then the label's
 * bytes (`label`), PDF 10×15 at 300 dpi or ZPL 10×15 at 203 dpi as asked.
 *
 * - A label asked again after an answer that never came (afterUncertain): Colissimo has no search by
 *   reference, and bills only the parcels it scans (a label never deposited is never delivered nor
 *   billed). A new label is made: the lost one was never printed, so it can never be deposited. The
 *   operator gets labels, as with any request; Colissimo sees an announced parcel (DR1) that never
 *   comes.
 * - A parcel refused after earlier ones of the shipment were made: the answer is the refusal, and the
 *   labels already made are dropped (their numbers in the refusal's `dropped`): never printed, never
 *   deposited, never billed. The next request makes all the labels again. An outage on a later parcel
 *   drops them likewise.
 * - Cancel: the document has no method to cancel an announced parcel (none is needed: an unscanned
 *   parcel costs nothing): nothing to call.
 * - Pickups: planPickup books the collection of a return parcel from a mailbox (CORE, CORF), not a
 *   collection at the shipper's: no requestPickup, the mail asks for it.
 * - Tracking: La Poste's Suivi v2 API (Okapi) with the account's API key as X-Okapi-Key; without a key,
 *   nothing to read. A custom base URL (a fake, a proxy) answers both.
 *
 * The connector opens its own CarrierLine (time budget, circuit breaker), one that keeps a multipart
 * answer's bytes (keepingMultipartBytes).
 */
export class ColissimoConnector implements CarrierAdapter {
  readonly line: CarrierLine;
  private readonly base: string;
  private readonly okapi: string;

  constructor(
    private readonly account: OpenAccount,
    options: CarrierLineOptions = carrierLineOptions(),
  ) {
    this.line = new CarrierLine(CARRIER, account.secrets, { ...options, fetchFn: keepingMultipartBytes(options.fetchFn) });
    this.base = baseUrlOf(account) ?? '';
    this.okapi = account.environment === 'custom' ? this.base : OKAPI_BASE_URL;
  }

  private get apiKey(): string | undefined {
    return this.account.secrets.api_key || undefined;
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    // request.afterUncertain changes nothing: a new label (see the class's comment).
    const product = productOf(tour);
    if (s.dangerous_goods.length)
      throw new AppError('noCarrierService', `${CARRIER}: dangerous goods need a hazardous materials contract, not on this account`, {
        carrier: CARRIER,
        code: 'HAZMAT',
      });
    if (PICKUP_PRODUCTS.has(product))
      throw new AppError('noCarrierService', `${CARRIER}: product ${product} delivers to a pickup point the portal has no id of`, {
        carrier: CARRIER,
        code: 'PICKUP_LOCATION',
        product,
      });
    const packages = packagesOf(s.packings);
    const weights = packages.length ? packages.map((p) => p.weightKg || s.total_weight_kg / packages.length) : [s.total_weight_kg];
    const insured = s.insurance_value && !insuranceByMail(s, carrier) ? cents(s.insurance_value) : 0;
    const cod = s.cash_on_delivery ? cents(s.cash_on_delivery) : 0;
    const made: MadeParcel[] = [];
    for (const [i, kg] of weights.entries()) {
      const body = this.labelRequest(s, product, request, {
        kg,
        insured: share(insured, weights.length, i),
        cod: share(cod, weights.length, i),
      });
      try {
        made.push(await this.generateLabel(body));
      } catch (e) {
        if (!(e instanceof AppError) || !made.length) throw e;
        const dropped = made.map((m) => m.parcelNumber);
        throw new AppError(e.key, `${e.message} (parcels made before it and dropped, never to be deposited: ${dropped.join(', ')})`, {
          ...e.params,
          dropped,
        });
      }
    }
    return {
      voucher: made[0].parcelNumber,
      trackingNumbers: made.map((m) => m.parcelNumber),
      labels: made.map((m) => m.label),
      insuranceByMail: insuranceByMail(s, carrier),
    };
  }

  /** Nothing to tell Colissimo: it has no cancel for an announced parcel, and bills only the parcels it scans. */
  async cancel(): Promise<void> {}

  /**
   * The events of a shipment's parcels from La Poste's Suivi v2 (ten parcel numbers a call, its limit),
   * oldest first; DR1 (announced, not yet handed over) and unknown codes are left out, as are the
   * numbers La Poste does not know yet.
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    const key = this.apiKey;
    const numbers = [...new Set(s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [])];
    if (!key || !numbers.length) return [];
    const events: CarrierTrackingEvent[] = [];
    for (let i = 0; i < numbers.length; i += 10) {
      const ids = numbers.slice(i, i + 10);
      const answer = await this.line.call({
        method: 'GET',
        url: `${this.okapi}/suivi/v2/idships/${ids.map(encodeURIComponent).join(',')}?lang=fr_FR`,
        headers: { 'X-Okapi-Key': key, Accept: 'application/json' },
        idempotent: true,
      });
      // None of them known to La Poste yet.
      if (answer.status === 404) continue;
      if (answer.status === 401 || answer.status === 403)
        throw new CarrierOutage('AUTH', `${CARRIER}: La Poste refused the account’s API key (HTTP ${answer.status})`, false, answer.status);
      if (answer.status !== 200 && answer.status !== 207) throw this.okapiRefusal(answer);
      // One number: one result; several: a list (207 when some are unknown).
      const results = asList(answer.json as OkapiResult | OkapiResult[] | null);
      if (!results.length || results.some((r) => !r || typeof r !== 'object'))
        throw new CarrierOutage('MALFORMED', `${CARRIER}: tracking answer without results`, false, answer.status);
      for (const r of results) {
        const idShip = r.shipment?.idShip;
        if (Number(r.returnCode) !== 200 || typeof idShip !== 'string' || !idShip) continue;
        for (const e of asList(r.shipment?.event)) {
          const code = String(e?.code ?? '').toUpperCase();
          const status = OKAPI_EVENT_STATUS[code];
          const at = new Date(String(e?.date ?? ''));
          if (!status || Number.isNaN(at.getTime())) continue;
          events.push({
            id: `${idShip}:${String(e.date)}:${code}`,
            trackingNumber: idShip,
            status,
            at: at.toISOString(),
            note: clip(String(e.label ?? ''), 200) || null,
          });
        }
      }
    }
    return events.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  }

  private labelRequest(s: ShipmentDto, product: string, request: VoucherRequest, parcel: { kg: number; insured: number; cod: number }) {
    const today = parisDay(new Date());
    const desired = /^\d{4}-\d{2}-\d{2}$/.test(s.date_shipment_desired ?? '') ? (s.date_shipment_desired as string) : null;
    return {
      ...(this.apiKey
        ? {}
        : { contractNumber: this.account.settings.contract_number ?? '', password: this.account.secrets.password ?? '' }),
      outputFormat: { x: 0, y: 0, outputPrintingType: request.format === 'ZPL' ? 'ZPL_10x15_203dpi' : 'PDF_10x15_300dpi' },
      letter: {
        service: present({
          productCode: product,
          // The shipping day asked, or today when it is past (a deposit date cannot be behind us).
          depositDate: desired && desired > today ? desired : today,
          orderNumber: clip(s.reference, 30),
          commercialName: clip(s.shipper.company_name || s.shipper.contact_name || '', 35),
        }),
        parcel: present({
          weight: weightOf(parcel.kg),
          // Below the carrier's threshold (above it the value goes by mail): Colissimo rounds it up to its insurance level.
          insuranceValue: parcel.insured || undefined,
          cod: parcel.cod ? true : undefined,
          codamount: parcel.cod || undefined,
          codcurrency: parcel.cod ? 'EUR' : undefined,
        }),
        sender: { senderParcelRef: clip(s.reference, 17), address: addressOf(s.shipper) },
        addressee: { addresseeParcelRef: clip(s.reference, 15), address: addressOf(s.recipient) },
      },
    };
  }

  private async generateLabel(body: object): Promise<MadeParcel> {
    const key = this.apiKey;
    const answer = await this.line.call({
      method: 'POST',
      url: `${this.base}${COLISSIMO_SLS_PATH}/generateLabel`,
      headers: {
        'Content-Type': 'application/json',
        // The document's client asks multipart/mixed; La Poste's service answers multipart/related, and its refusals in JSON.
        Accept: 'multipart/mixed, */*;q=0.5',
        ...(key ? { apiKey: key } : {}),
      },
      body: JSON.stringify(body),
      idempotent: false,
    });
    const { info, label, multipart } = this.read(answer);
    const error = asList((info as { messages?: ColissimoMessage[] } | null)?.messages).find(
      (m) => String(m?.type ?? '').toUpperCase() === 'ERROR',
    );
    if (error) throw this.refusal(error);
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierOutage('AUTH', `${CARRIER} refused the account’s credentials (HTTP ${answer.status})`, false, answer.status);
    // A 2xx may have made the parcel; a 4xx without a message did not.
    const uncertain = answer.status < 300;
    if (answer.status !== 200 || !multipart)
      throw new CarrierOutage(
        'MALFORMED',
        `${CARRIER}: HTTP ${answer.status} without a label nor an error message`,
        uncertain,
        answer.status,
      );
    const response = info as { labelV2Response?: { parcelNumber?: unknown }; parcelNumber?: unknown } | null;
    // labelV2Response.parcelNumber as the service answers it; parcelNumber at the top as the document's description writes it.
    const parcelNumber = response?.labelV2Response?.parcelNumber ?? response?.parcelNumber;
    const format = label ? labelFormatOf(label) : null;
    if (typeof parcelNumber !== 'string' || !parcelNumber.trim() || !label || !format)
      throw new CarrierOutage('MALFORMED', `${CARRIER}: label answer without its parcel number or its label`, true, answer.status);
    return { parcelNumber: parcelNumber.trim(), label: { format, content: label } };
  }

  /** The JSON and the label of an answer: the parts of a multipart one, or a JSON body (a refusal). */
  private read(answer: CarrierAnswer): { info: unknown; label: Buffer | null; multipart: boolean } {
    if (!isMultipart(answer.contentType)) return { info: answer.json, label: null, multipart: false };
    let parts: MultipartPart[];
    try {
      parts = readMultipart(answer.contentType, Buffer.from(answer.text, 'latin1'));
    } catch (e) {
      throw new CarrierOutage('MALFORMED', `${CARRIER}: ${(e as Error).message}`, answer.status < 300, answer.status);
    }
    const json =
      parts.find((p) => partName(p) === 'jsonInfos') ?? parts.find((p) => /application\/json/i.test(p.headers['content-type'] ?? ''));
    const label =
      parts.find((p) => partName(p) === 'label') ??
      parts.find((p) => p !== json && !['cn23', 'proforma', 'jsonInfos'].includes(partName(p)) && p.body.length > 0);
    return { info: json ? parseJson(json.body.toString('utf8')) : null, label: label?.body.length ? label.body : null, multipart: true };
  }

  private refusal(m: ColissimoMessage): AppError {
    const id = String(m.id ?? '').trim() || 'ERROR';
    const words = String(m.messageContent ?? '');
    return carrierRefusal(CARRIER, refusalKeyOf(id, words), id, words, this.account.secrets);
  }

  /** Okapi's error (`{ code, message }` from the gateway, `{ returnCode, returnMessage }` from Suivi). */
  private okapiRefusal(answer: CarrierAnswer): Error {
    const b = (answer.json ?? {}) as { code?: unknown; message?: unknown; returnCode?: unknown; returnMessage?: unknown };
    const code = b.returnCode ?? b.code;
    const words = b.returnMessage ?? b.message;
    if (code === undefined || words === undefined)
      return new CarrierOutage('MALFORMED', `${CARRIER}: tracking HTTP ${answer.status} without an error`, false, answer.status);
    return carrierRefusal(CARRIER, 'carrierServiceFailed', String(code), String(words), this.account.secrets);
  }
}

interface OkapiResult {
  returnCode?: unknown;
  shipment?: { idShip?: unknown; event?: { code?: unknown; date?: unknown; label?: unknown }[] };
}
