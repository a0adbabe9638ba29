import {
  AppError,
  type CarrierDto,
  type CarrierEventStatus,
  type ErrorKey,
  type ShipmentDto,
  type ShipmentPartyDto,
  type TourDto,
} from '@portal/contracts';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { packagesOf } from '../../labels/label-data';
import type {
  CarrierAdapter,
  CarrierLabel,
  CarrierQuote,
  CarrierTrackingEvent,
  FollowedShipment,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage, type CarrierAnswer, type CarrierLineOptions } from './carrier-line';
import { baseUrlOf, type OpenAccount } from './connection-test';
import { carrierRefusal, clip, digits, insuranceByMail, labelFormatOf, parisOffsetIso, share, textOf } from './connector-kit';

const CARRIER = 'Chronopost';

/**
 * Chronopost's SOAP web services on ws.chronopost.fr, written against the schemas of their published
 * WSDLs (ShippingServiceWS, TrackingServiceWS, QuickcostServiceWS; kept in
 * tests/support/carrier-schemas/chronopost) and Chronopost's "Web Services Chronopost" specification
 * (version 2.6.3, March 2019): document/literal, the operation in the service's namespace, its
 * children unqualified. Credentials travel in the request (accountNumber and the Chronotrace password).
 */
export const CHRONOPOST_PATHS = {
  shipping: '/shipping-cxf/ShippingServiceWS',
  tracking: '/tracking-cxf/TrackingServiceWS',
  quickcost: '/quickcost-cxf/QuickcostServiceWS',
} as const;
export type ChronopostService = keyof typeof CHRONOPOST_PATHS;

export const CHRONOPOST_NS: Record<ChronopostService, string> = {
  shipping: 'http://cxf.shipping.soap.chronopost.fr/',
  tracking: 'http://cxf.tracking.soap.chronopost.fr/',
  quickcost: 'http://cxf.quickcost.soap.chronopost.fr/',
};
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** Events in French: they become the shipment's notes, read by French users. */
const LANGUAGE = 'fr_FR';

/**
 * The label modes asked (skybillParamsValue.mode): THE is Chronopost's PDF laid out for a 10×15 label
 * without the A4 proof of deposit (the portal's labels are 10×15), Z2D its ZPL for a 203 dpi thermal
 * printer.
 */
export const CHRONOPOST_MODES = { PDF: 'THE', ZPL: 'Z2D' } as const;

/**
 * Products (annex 8 of the specification) that deliver to a pickup point: they need the point's code in
 * recipientRef, which the portal does not keep. They are refused in words rather than sent to be refused.
 */
const PICKUP_POINT_PRODUCTS = new Set(['86', '80', '3K', '3T', '49', '4P']);
/** Products for dangerous goods (Chrono Marchandises Dangereuses and Medical Marchandises Dangereuses). */
const DANGEROUS_GOODS_PRODUCTS = new Set(['1M', '1N', '8G', '8H', '8I', '8J']);
/** Customs territory where a shipment needs no customs declaration (customsValue's article lines). */
const EU_CUSTOMS = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

/** The tour's product code (codes.product), two characters as the service wants them; Chrono 13 (01) by default. */
export function chronopostProductOf(tour: Pick<TourDto, 'codes'>): string {
  const code = (tour.codes?.product ?? '').trim().toUpperCase();
  if (!/^[0-9A-Z]{1,2}$/.test(code)) return '01';
  return code.length === 1 ? `0${code}` : code;
}

/** The delivery day (skybillValue.service): 0 normal, 1 Monday, 6 Saturday (national products only). */
function serviceOf(tour: Pick<TourDto, 'codes'>): '0' | '1' | '6' {
  const code = (tour.codes?.service ?? '').trim();
  return code === '1' || code === '6' ? code : '0';
}

// ---------------------------------------------------------------------------------------------------
// Envelopes: built and read with fast-xml-parser.
// ---------------------------------------------------------------------------------------------------

type XmlValue = string | number | boolean | XmlObject | XmlValue[] | undefined;
interface XmlObject {
  [name: string]: XmlValue;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** The answers' elements that may come more than once: always lists. */
const LISTS = new Set(['resultMultiParcelValue', 'events', 'listParcel', 'infoCompList']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Skybill numbers and codes stay text (a number would lose digits and leading zeros).
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

/**
 * A SOAP 1.1 envelope with one operation of a service: the operation in the service's namespace, its
 * children in none (the schemas are elementFormDefault="unqualified"), in the schema's order (objects
 * keep it); fields left undefined are left out.
 */
export function chronopostEnvelope(service: ChronopostService, operation: string, content: XmlObject): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'soapenv:Envelope': {
      '@_xmlns:soapenv': SOAP_NS,
      '@_xmlns:cxf': CHRONOPOST_NS[service],
      'soapenv:Body': { [`cxf:${operation}`]: content },
    },
  }) as string;
}

type Body = Record<string, unknown>;

function bodyOf(text: string): Body | null {
  if (!text.trim() || XMLValidator.validate(text) !== true) return null;
  try {
    const body = (parser.parse(text) as { Envelope?: { Body?: unknown } } | null)?.Envelope?.Body;
    return body && typeof body === 'object' ? (body as Body) : null;
  } catch {
    return null;
  }
}

/** A SOAP fault: its code (soap:Client, soap:Server) and its words. */
export interface ChronopostFault {
  code: string;
  message: string;
}

export function chronopostFaultOf(text: string): ChronopostFault | null {
  const fault = bodyOf(text)?.Fault as { faultcode?: unknown; faultstring?: unknown } | undefined;
  if (!fault || typeof fault !== 'object') return null;
  return { code: textOf(fault.faultcode) || 'soap:Server', message: textOf(fault.faultstring) };
}

/** The `return` of an operation's answer: Chronopost's errorCode and errorMessage, and the rest. */
interface Returned {
  code: number;
  message: string;
  value: Record<string, unknown>;
}

/** The return of `operation`'s answer; null when the text is not that answer. */
export function chronopostReturnOf(text: string, operation: string): Returned | null {
  const answer = bodyOf(text)?.[`${operation}Response`] as { return?: unknown } | undefined;
  const value = answer?.return;
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const code = Number(textOf(v.errorCode ?? v.codeErreur));
  if (!Number.isInteger(code)) return null;
  return { code, message: textOf(v.errorMessage ?? v.libelleErreur), value: v };
}

/** The code and words of any Chronopost answer (a fault, or a return with its errorCode), for the connection test. */
export function chronopostErrorOf(text: string): { code?: string; message?: string } {
  const fault = chronopostFaultOf(text);
  if (fault) return { code: fault.code, message: fault.message };
  const body = bodyOf(text);
  const answer = body && Object.values(body).find((v) => v && typeof v === 'object' && 'return' in (v as object));
  const ret = (answer as { return?: Record<string, unknown> } | undefined)?.return;
  return ret ? { code: textOf(ret.errorCode), message: textOf(ret.errorMessage) } : {};
}

/**
 * Chronopost's own failures, which its services answer with HTTP 200: errorCode 1 "System Error" (every
 * service) and, in the shipping service (annex 4), 29 "System error" (its password check or an inner
 * service failed), 36 "File not found" (configuration or the PDF's storage) and 37 (the allocation of
 * parcel numbers). They are the carrier failing, not a refusal.
 */
function isSystemError(service: ChronopostService | null, code: number): boolean {
  return code === 1 || (service === 'shipping' && (code === 29 || code === 36 || code === 37));
}

const serviceOfUrl = (url: string): ChronopostService | null =>
  (Object.keys(CHRONOPOST_PATHS) as ChronopostService[]).find((s) => url.includes(CHRONOPOST_PATHS[s])) ?? null;

/**
 * How the line is to read Chronopost's answers. Its services (Apache CXF) answer a request they cannot
 * read with a SOAP fault and HTTP 500; a `soap:Client` fault says the request was refused before
 * anything was done: an answer, handed on as 400 for the connector to read. A `soap:Server` fault or
 * another 500 stays an outage. Chronopost's own failures come with HTTP 200 and an errorCode (see
 * isSystemError): they are handed on as the 503 they are, so that the line counts them as outages
 * (retried when safe, counted by the circuit breaker, a voucher then uncertain).
 */
export function readingChronopostAnswers(fetchFn: typeof fetch): typeof fetch {
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    const response = await fetchFn(input, init);
    if (response.status !== 200 && response.status !== 500) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    let status = response.status;
    if (status === 500) {
      const fault = chronopostFaultOf(text);
      if (fault && /(^|:)Client$/i.test(fault.code)) status = 400;
    } else {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const { code } = chronopostErrorOf(text);
      if (code && isSystemError(serviceOfUrl(url), Number(code))) status = 503;
    }
    return new Response(text, { status, statusText: status === response.status ? response.statusText : '', headers });
  };
  return wrapped as typeof fetch;
}

// ---------------------------------------------------------------------------------------------------
// Refusals and events.
// ---------------------------------------------------------------------------------------------------

/** Words of Chronopost about the account's credentials (its annex 4: "Invalid accesColis password", "invalid contract number"…). */
const CREDENTIALS = /password|mot de passe|account number|contract number|num[ée]ro de (compte|contrat)|identWebPro|authenti/i;

/**
 * What a refusal of the shipping service says was wrong (annex 4 of the specification): 35 "Code
 * Service GeoPost not found" (the product does not serve these countries and postcodes) and 38 (the
 * routing: countries and postcodes that do not go together, or a postcode Chronopost does not deliver)
 * are said by their codes; 31 (empty data), 32 (too long), 33 (invalid data, "Validation error") and 34
 * (not a number) name the field in their words: the recipient's postcode or town, or the rest of its
 * address. Anything else is a refused voucher with Chronopost's code and words.
 */
export function chronopostRefusalKeyOf(code: number, message: string): ErrorKey {
  if (code === 35) return 'noCarrierService';
  if (code === 38) return 'zipTownNotReferenced';
  if (code >= 31 && code <= 34) {
    if (/zip ?code|code postal|city|ville|commune/i.test(message)) return 'zipTownNotReferenced';
    if (/adress|address|adresse|recipientName|destinataire/i.test(message)) return 'addressNotDeliverable';
    if (/product ?code|code produit|service/i.test(message)) return 'noCarrierService';
  }
  return 'voucherCreationFailed';
}

/**
 * Chronopost's event codes seen in trackSkybillV2's answers (karrio's recorded answer of a delivered
 * parcel): DC the shipment's data received, the parcel not yet in Chronopost's hands (no event for the
 * portal); DB handed over by the shipper and DY registered by a post office (taken in charge); SC sorted
 * at departure, TS in transit, SD sorted at delivery, TA out for delivery; D delivered. Other codes are
 * read from their words (eventStatusOf).
 */
const CHRONOPOST_EVENT_STATUS: Record<string, CarrierEventStatus | null> = {
  DC: null,
  DB: 'PICKED_UP',
  DY: 'PICKED_UP',
  SC: 'IN_TRANSIT',
  TS: 'IN_TRANSIT',
  SD: 'IN_TRANSIT',
  TA: 'IN_TRANSIT',
  D: 'DELIVERED',
};

/** A status from the event's code, else from its words (French, or English); anything else is the parcel moving. */
export function chronopostEventStatusOf(code: string, words: string): CarrierEventStatus | null {
  if (code in CHRONOPOST_EVENT_STATUS) return CHRONOPOST_EVENT_STATUS[code];
  if (/annul|cancel/i.test(words)) return null;
  if (/retour|return/i.test(words)) return 'RETURNED';
  if (/endommag|damaged|avari/i.test(words)) return 'DELIVERED_DAMAGED';
  if (
    /absent|refus|instance|incompl|erron|inaccessible|non livr|not delivered|undeliver|avis de passage|anomal|incident|probl[eè]me|retard|delay/i.test(
      words,
    )
  )
    return 'ANOMALY';
  if (/en cours de livraison|in delivery|out for delivery/i.test(words)) return 'IN_TRANSIT';
  if (/\blivr[ée]|delivered/i.test(words)) return 'DELIVERED';
  if (/pris en charge|remis par l.exp[ée]diteur|handed over|collected|enlev/i.test(words)) return 'PICKED_UP';
  return 'IN_TRANSIT';
}

/** A time of Chronopost (xs:dateTime, its offset given, else the time in France) in UTC. */
function eventTime(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!m) return null;
  const local = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  const offset = m[7] ?? parisOffsetIso(new Date(`${local}Z`));
  const d = new Date(`${local}${offset}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Now in France: the shipping date and hour the service wants (the label's generation, in local time). */
function parisNow(now: Date): { dateTime: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { dateTime: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`, hour: Number(parts.hour) };
}

// ---------------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------------

/** Phone numbers as the service takes them: digits (and a leading +), 17 at most. */
const phoneOf = (phone: string | null | undefined) => (phone ? clip(digits(phone), 17) : undefined);
const optional = (text: string | null | undefined, max: number) => (text && text.trim() ? clip(text, max) : undefined);

/** A party's fields, named with the structure's prefix (shipper, customer, recipient), in the schema's order. */
function partyOf(prefix: 'shipper' | 'customer' | 'recipient', p: ShipmentPartyDto, extra: { preAlert: number; civility?: boolean }) {
  const name = clip(p.company_name || p.contact_name || '-', 100);
  return {
    [`${prefix}Adress1`]: clip(p.address1, 38),
    [`${prefix}Adress2`]: optional(p.address2, 38),
    [`${prefix}City`]: clip(p.town, 50),
    ...(extra.civility ? { [`${prefix}Civility`]: p.civility ?? 'M' } : {}),
    [`${prefix}ContactName`]: optional(p.contact_name || p.company_name, 100),
    [`${prefix}Country`]: clip(p.country, 2).toUpperCase(),
    [`${prefix}Email`]: optional(p.email, 80),
    [`${prefix}MobilePhone`]: phoneOf(p.mobile),
    [`${prefix}Name`]: name,
    [`${prefix}Name2`]: optional(p.company_name && p.contact_name ? p.contact_name : null, 100),
    [`${prefix}Phone`]: phoneOf(p.phone),
    [`${prefix}PreAlert`]: extra.preAlert,
    [`${prefix}ZipCode`]: clip(p.zip, 9),
  } as XmlObject;
}

/**
 * Chronopost (ws.chronopost.fr SOAP web services, the contract number and Chronotrace password in each
 * request):
 *
 * - Labels: one shippingMultiParcelV5 call for all the packages (one skybillValue each, with its weight
 *   and dimensions; several packages go as one multi-parcel shipment, delivered together), labels in
 *   PDF (mode THE, 10×15) or ZPL (mode Z2D) as asked, one per parcel as Chronopost gives them
 *   (pdfEtiquette). The voucher is the first skybill number. Insured value (below the carrier's
 *   threshold, in cents, shared over the parcels), cash on delivery (Retour Express de Paiement, on the
 *   first parcel), the recipient's e-mail pre-alert (22), the delivery day of the tour's
 *   codes.service (Monday, Saturday). Dangerous goods only with a dangerous goods product, pickup-point
 *   products and customs-declarable shipments are refused in words before any call.
 * - A label asked again after a lost answer: trackWithSenderRef finds the parcels Chronopost made under
 *   the shipment's reference (shipperRef). Chronopost gives no label of a parcel again by its number
 *   (getReservedSkybillWithTypeAndModeAuth reads a reservation number, which the lost answer carried), so
 *   those parcels are cancelled (cancelSkybill: never printed, never deposited) and the labels made
 *   again. One already in Chronopost's hands (scanned) is refused in words (DUPLICATE_RISK) before
 *   anything is cancelled; one Chronopost will not cancel likewise, no labels made. A parcel made by the
 *   lost request but not yet in Chronopost's tracking (up to an hour) cannot be found: see the README.
 * - Cancel: cancelSkybill of each parcel. Its error 2 (not this contract's, or not yet in Chronopost's
 *   tracking) is read with the parcel's tracking: tracked, it is already cancelled or another
 *   contract's (nothing to cancel here); not tracked yet, the cancel is refused, to be asked again
 *   later. Error 3 (taken in charge) is refused.
 * - Tracking: trackSkybillV2 per parcel (no credentials), events mapped to the portal's statuses.
 * - Pickups: the specification says the national pickup service (creerEnlevementNational) is "not
 *   documented and reserved to internal use", and creerEnlevementEurope collects in other European
 *   countries under a contract of its own: no requestPickup, the mail asks for it.
 *
 * The connector opens its own CarrierLine, one that reads Chronopost's faults and failures
 * (readingChronopostAnswers).
 */
export class ChronopostConnector implements CarrierAdapter {
  readonly line: CarrierLine;
  private readonly base: string;

  constructor(
    private readonly account: OpenAccount,
    options: CarrierLineOptions = carrierLineOptions(),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.line = new CarrierLine(CARRIER, account.secrets, { ...options, fetchFn: readingChronopostAnswers(options.fetchFn) });
    this.base = baseUrlOf(account) ?? '';
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    const content = this.shipmentRequest(s, tour, carrier, request);
    if (request.afterUncertain) await this.cancelLost(s);
    const returned = await this.call('shipping', 'shippingMultiParcelV5', content, false);
    if (returned.code !== 0) throw this.shippingRefusal(returned);
    const parcels = this.parcelsOf(returned.value);
    if (!parcels) throw new CarrierOutage('MALFORMED', `${CARRIER}: shipping answer without its skybill numbers or labels`, true, 200);
    return {
      voucher: parcels.numbers[0],
      trackingNumbers: parcels.numbers,
      labels: parcels.labels,
      insuranceByMail: insuranceByMail(s, carrier),
    };
  }

  /** Cancels every parcel of the shipment at Chronopost (cancelSkybill, each). */
  async cancel(s: ShipmentDto): Promise<void> {
    const numbers = s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [];
    for (const number of numbers) {
      const outcome = await this.cancelSkybill(number);
      if (outcome === 'cancelled' || outcome === 'notOurs') continue;
      if (outcome === 'notYetTracked')
        throw carrierRefusal(
          CARRIER,
          'carrierServiceFailed',
          '2',
          `Chronopost does not know parcel ${number} yet (it registers a parcel up to an hour after its label): cancel it again later`,
          this.account.secrets,
        );
      throw carrierRefusal(CARRIER, 'carrierServiceFailed', String(outcome.code), outcome.message, this.account.secrets);
    }
  }

  /**
   * The events of a shipment's parcels (trackSkybillV2, one call per parcel; the service needs no
   * credentials), oldest first. A parcel Chronopost does not know yet has none.
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    const numbers = s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [];
    const events: CarrierTrackingEvent[] = [];
    for (const number of numbers)
      for (const e of await this.eventsOf(number)) {
        const code = textOf(e.code);
        const words = textOf(e.eventLabel);
        const at = eventTime(textOf(e.eventDate));
        const status = chronopostEventStatusOf(code, words);
        if (!status || !at) continue;
        events.push({
          id: `${number}:${textOf(e.eventDate)}:${code}`,
          trackingNumber: number,
          status,
          at,
          note: clip([words, textOf(e.officeLabel)].filter(Boolean).join(' – '), 200) || null,
        });
      }
    return events.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  }

  /**
   * The contract's price of the shipment on the tour's product (QuickcostServiceWS quickCost, type M for
   * parcels, the whole weight from the shipper's postcode to the recipient's). The amount before tax
   * (`amount`, not `amountTTC`): UPS's and DHL's totals are before VAT too, so the rates compare. The
   * service gives no delivery day. One attempt (a quote has a short budget); a refusal of the data
   * (errorCode other than 0 and the credentials') is noCarrierService with Chronopost's code.
   */
  async quote(s: ShipmentDto, tour: TourDto): Promise<CarrierQuote> {
    const weight = Math.max(0.01, Math.round((s.total_weight_kg || 0) * 100) / 100);
    const returned = await this.call(
      'quickcost',
      'quickCost',
      {
        ...this.credentials,
        depCode: clip(s.shipper.zip, 9),
        arrCode: clip(s.recipient.zip, 9),
        weight: String(weight),
        productCode: chronopostProductOf(tour),
        type: 'M',
      },
      // Not retried (a quote has a short budget), though it makes nothing.
      false,
      false,
    );
    if (returned.code === 3 || CREDENTIALS.test(returned.message)) throw this.authOutage(returned);
    if (returned.code !== 0)
      throw carrierRefusal(CARRIER, 'noCarrierService', String(returned.code), returned.message, this.account.secrets);
    const price = Number(textOf(returned.value.amount) || NaN);
    if (!Number.isFinite(price) || price < 0)
      throw new CarrierOutage('MALFORMED', `${CARRIER}: quickCost answer without its amount`, false, 200);
    return {
      price: Math.round(price * 100) / 100,
      currency: 'EUR',
      deliveryDate: null,
      service: `Chronopost ${chronopostProductOf(tour)}`,
    };
  }

  // -------------------------------------------------------------------------------------------------

  private get credentials() {
    return { accountNumber: this.account.settings.account_number ?? '', password: this.account.secrets.password ?? '' };
  }

  private shipmentRequest(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): XmlObject {
    const refuse = (key: ErrorKey, code: string, message: string): never => {
      throw new AppError(key, `${CARRIER} ${code}: ${message}`, { carrier: CARRIER, code, message });
    };
    const product = chronopostProductOf(tour);
    const service = serviceOf(tour);
    const from = s.shipper.country.toUpperCase();
    const to = s.recipient.country.toUpperCase();
    if ((s.dangerous_goods.length || s.limited_quantities) && !DANGEROUS_GOODS_PRODUCTS.has(product))
      refuse(
        'noCarrierService',
        'DANGEROUS_GOODS',
        `Chronopost carries dangerous goods only with its dangerous goods products (1M, 1N, 8G–8J), not with product ${product}`,
      );
    if (PICKUP_POINT_PRODUCTS.has(product))
      refuse('noCarrierService', 'PICKUP_POINT', `product ${product} delivers to a pickup point the portal has no code of`);
    if (from !== to && !(EU_CUSTOMS.has(from) && EU_CUSTOMS.has(to)))
      refuse(
        'noCarrierService',
        'CUSTOMS_DECLARATION',
        `a shipment from ${from} to ${to} is customs declarable: Chronopost needs its article lines (customsValue), which are not sent`,
      );
    if (service !== '0' && (from !== 'FR' || to !== 'FR'))
      refuse('noCarrierService', 'DELIVERY_DAY', 'a Monday or Saturday delivery is for national products only');

    const packages = packagesOf(s.packings);
    const parcels = packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }];
    const count = parcels.length;
    const insured = s.insurance_value && !insuranceByMail(s, carrier) ? Math.round(s.insurance_value * 100) : 0;
    const cod = s.cash_on_delivery ? Math.round(s.cash_on_delivery * 100) : 0;
    const { dateTime, hour } = parisNow(this.now());
    const subAccount = /^\d{1,3}$/.test(this.account.settings.sub_account ?? '') ? this.account.settings.sub_account : '000';
    const size = (cm: number | null) => (cm && cm > 0 ? Math.ceil(cm) : 0);
    return {
      headerValue: { accountNumber: this.credentials.accountNumber, idEmit: 'CHRFR', subAccount },
      shipperValue: partyOf('shipper', s.shipper, { preAlert: 0, civility: true }),
      // The customer (the ordering party) is the shipper: the label prints the shipper (printAsSender N).
      customerValue: { ...partyOf('customer', s.shipper, { preAlert: 0, civility: true }), printAsSender: 'N' },
      // 22: Chronopost tells the recipient by e-mail.
      recipientValue: partyOf('recipient', s.recipient, { preAlert: s.recipient.email?.trim() ? 22 : 0 }),
      refValue: {
        recipientRef: optional(s.customer_reference || s.order_number, 35),
        // Chronopost finds the parcels again by it (trackWithSenderRef).
        shipperRef: clip(s.reference, 35),
      },
      skybillValue: parcels.map((p, i) => ({
        bulkNumber: count > 1 ? String(count) : undefined,
        codCurrency: cod && i === 0 ? 'EUR' : undefined,
        codValue: cod && i === 0 ? cod : undefined,
        content1: optional(s.content_description, 45),
        evtCode: 'DC',
        insuredCurrency: insured ? 'EUR' : undefined,
        insuredValue: insured ? share(insured, count, i) : undefined,
        objectType: 'MAR',
        productCode: product,
        service,
        shipDate: dateTime,
        shipHour: hour,
        skybillRank: count > 1 ? String(i + 1) : undefined,
        weight: Math.max(0.01, Math.round((p.weightKg || s.total_weight_kg / count) * 100) / 100),
        weightUnit: 'KGM',
        height: size(p.heightCm),
        length: size(p.lengthCm),
        width: size(p.widthCm),
      })),
      skybillParamsValue: { duplicata: 'N', mode: CHRONOPOST_MODES[request.format === 'ZPL' ? 'ZPL' : 'PDF'], withReservation: 0 },
      password: this.credentials.password,
      // 2: the label is not mailed to the shipper.
      modeRetour: '2',
      numberOfParcel: count,
      version: '2.0',
      // Y: the parcels are one shipment, delivered together.
      multiParcel: count > 1 ? 'Y' : 'N',
    };
  }

  /**
   * The parcels of a shipping answer, in order, and their labels as Chronopost gives them: one per
   * parcel (pdfEtiquette), or one document for all on the first. Null when a number or every label is missing.
   */
  private parcelsOf(value: Record<string, unknown>): { numbers: string[]; labels: CarrierLabel[] } | null {
    const results = (value.resultMultiParcelValue as Record<string, unknown>[] | undefined) ?? [];
    const numbers = results.map((r) => textOf(r?.skybillNumber));
    if (!results.length || numbers.some((n) => !/^[A-Z0-9]{8,20}$/i.test(n))) return null;
    const labels: CarrierLabel[] = [];
    for (const r of results) {
      const encoded = textOf(r?.pdfEtiquette).replace(/\s+/g, '');
      if (!encoded) continue;
      const content = Buffer.from(encoded, 'base64');
      const format = labelFormatOf(content);
      if (!format) return null;
      labels.push({ format, content });
    }
    return labels.length ? { numbers, labels } : null;
  }

  /**
   * After a lost answer: the parcels Chronopost made under the shipment's reference are cancelled before
   * new ones are made (their labels were never printed). When one is already in Chronopost's hands (an
   * event after its label's data) or will not be cancelled, nothing is cancelled nor made: refused in words.
   */
  private async cancelLost(s: ShipmentDto): Promise<void> {
    const returned = await this.call(
      'tracking',
      'trackWithSenderRef',
      { ...this.credentials, language: LANGUAGE, sendersRef: clip(s.reference, 35) },
      true,
    );
    if (returned.code !== 0) throw this.otherRefusal(returned);
    const found = new Map<string, Record<string, unknown>[]>();
    for (const p of (returned.value.listParcel as Record<string, unknown>[] | undefined) ?? []) {
      const number = textOf(p?.skybillNumber);
      if (/^[A-Z0-9]{8,20}$/i.test(number))
        found.set(number, [...(found.get(number) ?? []), ...((p.events as Record<string, unknown>[] | undefined) ?? [])]);
    }
    const moving = (events: Record<string, unknown>[]) =>
      events.some((e) => e && typeof e === 'object' && chronopostEventStatusOf(textOf(e.code), textOf(e.eventLabel)) !== null);
    const inHands = [...found].filter(([, events]) => moving(events)).map(([number]) => number);
    if (inHands.length) throw this.duplicateRisk(s, inHands);
    const kept: string[] = [];
    for (const number of found.keys()) {
      const outcome = await this.cancelSkybill(number);
      if (outcome !== 'cancelled' && outcome !== 'notOurs') kept.push(number);
    }
    if (kept.length) throw this.duplicateRisk(s, kept);
  }

  private duplicateRisk(s: ShipmentDto, kept: string[]): AppError {
    return new AppError(
      'voucherCreationFailed',
      `${CARRIER} DUPLICATE_RISK: parcels already exist at Chronopost under reference ${s.reference} (${kept.join(', ')})`,
      {
        carrier: CARRIER,
        code: 'DUPLICATE_RISK',
        message:
          `An earlier request got no answer, and Chronopost has parcels under reference ${s.reference} (${kept.join(', ')}) ` +
          'that it will not cancel: no second voucher was made. Settle them with Chronopost.',
        trackingNumbers: kept,
      },
    );
  }

  /**
   * cancelSkybill of one parcel. 0: cancelled. 2 says the parcel is not this contract's or not yet in
   * Chronopost's tracking: the parcel's tracking tells which (a parcel it tracks is already cancelled or
   * another contract's: nothing to cancel here). 3: taken in charge, no longer cancellable.
   */
  private async cancelSkybill(number: string): Promise<'cancelled' | 'notOurs' | 'notYetTracked' | { code: number; message: string }> {
    const returned = await this.call('tracking', 'cancelSkybill', { ...this.credentials, language: LANGUAGE, skybillNumber: number }, true);
    if (returned.code === 0) return 'cancelled';
    if (CREDENTIALS.test(returned.message)) throw this.authOutage(returned);
    if (returned.code === 2) return (await this.eventsOf(number)).length ? 'notOurs' : 'notYetTracked';
    return { code: returned.code, message: returned.message || (returned.code === 3 ? 'the parcel is taken in charge by Chronopost' : '') };
  }

  /** A parcel's events as trackSkybillV2 gives them; none when Chronopost does not know it. */
  private async eventsOf(number: string): Promise<Record<string, unknown>[]> {
    const returned = await this.call('tracking', 'trackSkybillV2', { language: LANGUAGE, skybillNumber: number }, true);
    if (returned.code !== 0) throw this.otherRefusal(returned);
    const list = returned.value.listEventInfoComp as { events?: unknown } | undefined;
    return ((list?.events as Record<string, unknown>[] | undefined) ?? []).filter((e) => e && typeof e === 'object');
  }

  /**
   * One SOAP call to a service; answers the operation's return (Chronopost's errorCode, errorMessage and
   * the rest). A soap:Client fault (the request refused as unreadable) is a refused call with its words;
   * an answer that is not the operation's (an error page, a cut body) a MALFORMED outage.
   */
  private async call(
    service: ChronopostService,
    operation: string,
    content: XmlObject,
    idempotent: boolean,
    mayHaveMade = !idempotent,
  ): Promise<Returned> {
    const answer = await this.line.call({
      method: 'POST',
      url: `${this.base}${CHRONOPOST_PATHS[service]}`,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""', Accept: 'text/xml' },
      body: chronopostEnvelope(service, operation, content),
      idempotent,
    });
    return this.read(answer, operation, mayHaveMade);
  }

  private read(answer: CarrierAnswer, operation: string, mayHaveMade: boolean): Returned {
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierOutage('AUTH', `${CARRIER} refused the account’s access (HTTP ${answer.status})`, false, answer.status);
    const fault = answer.status === 400 ? chronopostFaultOf(answer.text) : null;
    if (fault) {
      if (CREDENTIALS.test(fault.message)) throw new CarrierOutage('AUTH', `${CARRIER} refused the account’s credentials`, false, 400);
      throw carrierRefusal(
        CARRIER,
        operation === 'shippingMultiParcelV5' ? 'voucherCreationFailed' : 'carrierServiceFailed',
        fault.code,
        fault.message,
        this.account.secrets,
      );
    }
    const returned = answer.status === 200 ? chronopostReturnOf(answer.text, operation) : null;
    if (!returned)
      throw new CarrierOutage(
        'MALFORMED',
        `${CARRIER}: HTTP ${answer.status} without ${operation}Response`,
        mayHaveMade && answer.status < 300,
        answer.status,
      );
    return returned;
  }

  private authOutage(returned: Returned): CarrierOutage {
    return new CarrierOutage('AUTH', `${CARRIER} refused the account’s credentials (error ${returned.code})`, false);
  }

  /** A refusal of the shipping service: the credentials' (30, or words about them) are an AUTH outage. */
  private shippingRefusal(returned: Returned): Error {
    if (returned.code === 30 || CREDENTIALS.test(returned.message)) return this.authOutage(returned);
    return carrierRefusal(
      CARRIER,
      chronopostRefusalKeyOf(returned.code, returned.message),
      String(returned.code),
      returned.message,
      this.account.secrets,
    );
  }

  /** A refusal of the tracking service (a read or a cancel). */
  private otherRefusal(returned: Returned): Error {
    if (CREDENTIALS.test(returned.message)) return this.authOutage(returned);
    return carrierRefusal(CARRIER, 'carrierServiceFailed', String(returned.code), returned.message, this.account.secrets);
  }
}

/**
 * "Tester la connexion": quickCost of a 1 kg Chrono 13 parcel from Paris to Lyon, a read that needs the
 * contract number and its password (the specification: errorCode 3 "Invalid Password" when they do not
 * go together). 0, or 4 and 5 (no price for these data), say the credentials were accepted.
 */
export function chronopostTestEnvelope(account: Pick<OpenAccount, 'settings' | 'secrets'>): string {
  return chronopostEnvelope('quickcost', 'quickCost', {
    accountNumber: account.settings.account_number ?? '',
    password: account.secrets.password ?? '',
    depCode: '75001',
    arrCode: '69002',
    weight: '1',
    productCode: '1',
    type: 'M',
  });
}

export function chronopostTestAccepted(status: number, text: string): boolean {
  const returned = status === 200 ? chronopostReturnOf(text, 'quickCost') : null;
  return !!returned && (returned.code === 0 || returned.code === 4 || returned.code === 5);
}
