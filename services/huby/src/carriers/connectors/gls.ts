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
  PickupBooking,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage, type CarrierAnswer, type CarrierLineOptions } from './carrier-line';
import { baseUrlOf, type OpenAccount } from './connection-test';
import { asList, carrierRefusal, clip, digits, insuranceByMail, parisDay, parisOffsetIso } from './connector-kit';

const CARRIER = 'GLS';

/**
 * GLS ShipIT's REST services under the account's host (GLS France: shipit-wbm-fr01.gls-group.eu, its
 * test host shipit-wbm-test01.gls-group.eu), written against GLS's OpenAPI document of ShipIT
 * ("GLS ShipIT API v1", kept in tests/support/carrier-schemas/gls): the same paths under /backend.
 */
export const GLS_REST_PATH = '/backend/rs';

/** ShipIT's own media type (the document's request and answer content). */
export const GLS_MEDIA_TYPE = 'application/glsVersion1+json';

/**
 * ShipIT's products (the document's Product enum). A tour names its product in `codes.product`
 * (PARCEL, EXPRESS); anything else ships as PARCEL (BusinessParcel).
 */
const PRODUCTS = new Set(['PARCEL', 'EXPRESS', 'FREIGHT', 'PHARMA', 'PHARMAPLUS']);

/**
 * The shipment services without attributes that a tour may ask in `codes.service` (names as ShipIT
 * writes them in Shipment.Service[].Service.ServiceName; "service_" may be left out, case does not
 * matter): FlexDelivery (the recipient chooses the delivery by e-mail or SMS, GLS France's "Chez vous
 * +"), Saturday delivery, time-definite deliveries (before 8:00 … 13:00, GLS France's "Avant 13h" with
 * the EXPRESS product), addressee only, signature, Guaranteed24, pre-advice, T24/T48, and the others of
 * the services list. Services that need data the portal does not keep (a ParcelShop id, a deposit
 * place, an ident PIN, a second address…) are refused in words before any call.
 */
const SIMPLE_SERVICES = [
  'service_flexdelivery',
  'service_Saturday',
  'service_saturday_1000',
  'service_saturday_1200',
  'service_0800',
  'service_0900',
  'service_1000',
  'service_1200',
  'service_1300',
  'service_addresseeonly',
  'service_signature',
  'service_guaranteed24',
  'service_preadvice',
  'service_t24',
  'service_t48',
  'service_tyre',
  'service_documentreturn',
  'service_completedeliveryconsignment',
  'service_thinkgreen',
];
const SERVICES_WITH_DATA = [
  'service_shopdelivery',
  'service_shopreturn',
  'service_deposit',
  'service_identpin',
  'service_ident',
  'service_intercompany',
  'service_exchange',
  'service_deliveryatwork',
  'service_pickandship',
  'service_pickandreturn',
  'service_cash',
  'service_addonliability',
  'service_hazardousgoods',
  'service_limitedquantities',
  'service_exworks',
];
const canonical = (name: string) => `service_${name.trim().replace(/^service_/i, '')}`.toLowerCase();
const SIMPLE = new Map(SIMPLE_SERVICES.map((n) => [n.toLowerCase(), n]));
const WITH_DATA = new Set(SERVICES_WITH_DATA);

/** The characters GLS's documentation says text fields must not hold ("\"{},;()|"): replaced by spaces. */
const FORBIDDEN = /["{},;()|]/g;
const text = (value: string | null | undefined, max: number): string =>
  clip((value ?? '').replace(FORBIDDEN, ' ').replace(/\s+/g, ' '), max);

/** An object without the fields left blank. */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/**
 * A party as ShipIT's Address: Name1 the company (else the contact), Name2 the contact beside a
 * company, Name3 the address's second line, Street the first one (its number in it); 40 characters a
 * field, 80 the e-mail, 10 the postcode (GLS's documented maximums). The field names are those of
 * GLS's documentation and samples (ZIPCode, eMail); its OpenAPI document writes them Zipcode and Email.
 */
function glsAddress(p: ShipmentPartyDto) {
  const phone = clip(digits(p.phone ?? ''), 35);
  const mobile = clip(digits(p.mobile ?? ''), 35);
  return present({
    Name1: text(p.company_name || p.contact_name || '-', 40) || '-',
    Name2: p.company_name && p.contact_name ? text(p.contact_name, 40) : undefined,
    Name3: p.address2 ? text(p.address2, 40) : undefined,
    CountryCode: p.country,
    Province: p.state_code ? text(p.state_code, 40) : undefined,
    ZIPCode: text(p.zip, 10),
    City: text(p.town, 40),
    Street: text(p.address1, 40) || '-',
    ContactPerson: p.contact_name ? text(p.contact_name, 40) : undefined,
    FixedLinePhonenumber: phone || undefined,
    MobilePhoneNumber: mobile || undefined,
    eMail: p.email ? clip(p.email, 80) : undefined,
  });
}

/** An amount in cents split over `count` parcels, the odd cents on the first: ShipIT's amounts are per parcel. */
function split(amount: number, count: number): number[] {
  const cents = Math.round(amount * 100);
  const each = Math.floor(cents / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? each + (cents - each * count) : each) / 100);
}

/** A weight in kg as ShipIT takes it: a number, 0.1 at least, to the gram. */
const kg = (w: number) => Math.max(0.1, Math.round(w * 1000) / 1000);

/**
 * GLS's refusals come in answer headers (`error` its code, `message` its words, `args` the values),
 * with an empty body (its documentation's fault samples: `HTTP/1.1 400`, `message: Invalid field …`,
 * `error: INVALID_FIELD_VALUE`). The line keeps bodies only: this fetch gives such an answer a JSON
 * body of those headers, so that the line's answer carries them. An HTTP 490 without them is ShipIT
 * saying its backend is inactive and the request was not executed: a failure at the connection, which
 * the line counts as an outage (retried when safe, counted by the circuit breaker), never uncertain.
 */
export function readingGlsHeaders(fetchFn: typeof fetch): typeof fetch {
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    const response = await fetchFn(input, init);
    const error = response.headers.get('error');
    const message = response.headers.get('message');
    if (response.status === 490 && !error && !message) {
      await response.body?.cancel().catch(() => undefined);
      throw Object.assign(new Error('GLS: backend inactive (HTTP 490)'), { cause: { code: 'GLS_BACKEND_INACTIVE_490' } });
    }
    if (response.status < 400 || (!error && !message)) return response;
    const body = await response.text().catch(() => '');
    const words = { error: error ?? undefined, message: message ?? undefined, args: response.headers.get('args') ?? undefined };
    return new Response(JSON.stringify({ ...words, ...(body ? { body: body.slice(0, 500) } : {}) }), {
      status: response.status,
      statusText: response.statusText,
      headers: { 'content-type': 'application/json' },
    });
  };
  return wrapped as typeof fetch;
}

/** GLS's error as the line gives it (see readingGlsHeaders): its code and words. */
function glsError(body: unknown): { code: string; message: string } | null {
  const b = body as { error?: unknown; message?: unknown } | null;
  if (!b || typeof b !== 'object' || (typeof b.error !== 'string' && typeof b.message !== 'string')) return null;
  return { code: typeof b.error === 'string' && b.error ? b.error : 'ERROR', message: typeof b.message === 'string' ? b.message : '' };
}

/**
 * What GLS's refusal says was wrong, from the field its words name ("Invalid field
 * Shipment.Consignee.Address.ZIPCode. Value … is not a valid value. …", as its documentation writes
 * them; its codes, INVALID_FIELD_VALUE, MANDATORY_PARAMETER_NOT_SET…, say how, not what): the
 * recipient's postcode or town, the rest of the recipient's address, the product or services (its
 * documented "No matching product available for shipper for the given input data (weight and
 * addresses)"). Anything else is a refused voucher with GLS's code and words.
 */
export function refusalKeyOf(message: string): ErrorKey {
  const field = /invalid field\s+(\S+?)\.?\s+value/i.exec(message)?.[1] ?? '';
  if (/consignee\.address\.(zipcode|city)$/i.test(field)) return 'zipTownNotReferenced';
  if (/consignee\.address/i.test(field) || /consignee address/i.test(message)) return 'addressNotDeliverable';
  if (/shipment\.(product|service)/i.test(field) || /no matching product|services? .*(can'?t|cannot) be combined/i.test(message))
    return 'noCarrierService';
  return 'voucherCreationFailed';
}

interface GlsParcelData {
  TrackID?: unknown;
  ParcelNumber?: unknown;
}
interface GlsDocument {
  Data?: unknown;
  LabelFormat?: unknown;
}
interface GlsHistory {
  Date?: unknown;
  StatusCode?: unknown;
  Description?: unknown;
  Location?: unknown;
  Country?: unknown;
}

/**
 * A label document as ShipIT gives it: base64 in Data (a string, as GLS's samples and answers write
 * it; its OpenAPI document makes it a list of strings, which is read too), in its LabelFormat (PDF,
 * ZEBRA for ZPL, PNG).
 */
function labelOf(document: GlsDocument): CarrierLabel | null {
  const data = typeof document.Data === 'string' ? document.Data : Array.isArray(document.Data) ? document.Data.join('') : '';
  const code = String(document.LabelFormat ?? '').toUpperCase();
  const format = code === 'PDF' ? 'PDF' : code === 'ZEBRA' ? 'ZPL' : code === 'PNG' ? 'PNG' : null;
  return data && format ? { format, content: Buffer.from(data, 'base64') } : null;
}

/**
 * GLS's parcel statuses and event codes as its Track and Trace document publishes them (statuses
 * PREADVICE, INTRANSIT, INWAREHOUSE, INDELIVERY, DELIVERED, DELIVEREDPS, NOTDELIVERED, NOTPICKEDUP…;
 * event codes "FAMILY.DETAIL": INTIAL.PREADVICE, INTIAL.NORMAL "handed over to GLS", DELIVD.PARCELSHOP,
 * CHANGD.MONEWADDR, CANCEL.NORMAL). ShipIT's parcel history gives one of them as StatusCode. Data
 * announced (pre-advice, planned pickup), a cancel and a closed history say nothing of the delivery.
 * A delivery to a ParcelShop is an anomaly here: this connector ships to addresses, so GLS left the
 * parcel at a shop after a failed home delivery (as Colissimo's AG1).
 */
const GLS_STATUS: Record<string, CarrierEventStatus> = {
  NOTPICKEDUP: 'ANOMALY',
  INTRANSIT: 'IN_TRANSIT',
  INWAREHOUSE: 'IN_TRANSIT',
  INDELIVERY: 'IN_TRANSIT',
  DELIVERED: 'DELIVERED',
  DELIVEREDPS: 'ANOMALY',
  NOTDELIVERED: 'ANOMALY',
};
export function glsEventStatus(code: string): CarrierEventStatus | null {
  const c = code.trim().toUpperCase();
  if (GLS_STATUS[c]) return GLS_STATUS[c];
  if (c === 'INTIAL.NORMAL') return 'PICKED_UP';
  if (c === 'DELIVD.PARCELSHOP') return 'ANOMALY';
  if (c.startsWith('DELIVD.')) return 'DELIVERED';
  if (c.startsWith('CHANGD.')) return 'IN_TRANSIT';
  return null;
}

/** A history entry's time in UTC: ISO 8601 with its offset, or without one a French local time. */
export function glsTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const time = m[2].length === 5 ? `${m[2]}:00` : m[2];
  let zone = m[3] ? (m[3] === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : '';
  if (!zone) zone = parisOffsetIso(new Date(`${m[1]}T12:00:00Z`));
  const at = new Date(`${m[1]}T${time}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * GLS ShipIT (GLS France's Web API), REST/JSON with HTTP basic authentication (the user name and
 * password GLS gives) and the shipper's Contact ID: a label request is one `createParcels` (POST
 * /backend/rs/shipments) for all the packages, labels in PDF or ZPL (ZEBRA, 200 dpi) as the user asks,
 * one per parcel; GLS's TrackIDs are the tracking numbers (its cancel, reprint and tracking take them),
 * the first one the voucher. The shipment's reference goes as ShipmentReference and on every parcel,
 * by which a lost answer's parcels are found again (reprintParcel) instead of making them twice.
 * GLS's refusals come in answer headers: the connector opens its own line, one that reads them.
 */
export class GlsConnector implements CarrierAdapter {
  private readonly line: CarrierLine;
  private readonly base: string;

  constructor(
    private readonly account: OpenAccount,
    options: CarrierLineOptions = carrierLineOptions(),
    private readonly now: () => Date = () => new Date(),
  ) {
    this.line = new CarrierLine(CARRIER, account.secrets, { ...options, fetchFn: readingGlsHeaders(options.fetchFn) });
    this.base = `${baseUrlOf(account) ?? ''}${GLS_REST_PATH}`;
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    const body = this.shipmentRequest(s, tour, carrier, request);
    if (request.afterUncertain) {
      const found = await this.recover(s, carrier, request, body.Shipment.ShipmentUnit.length);
      if (found) return found;
    }
    const answer = await this.call('/shipments', false, body);
    if (answer.status !== 200 && answer.status !== 201) throw this.refusal(answer);
    const made = this.madeOf(answer, 'createParcels');
    return { ...made, insuranceByMail: insuranceByMail(s, carrier) };
  }

  /**
   * Cancels every parcel of the shipment at GLS (cancelParcelByID, one call a TrackID). CANCELLED and
   * CANCELLATION_PENDING are done; a TrackID GLS says is not valid has nothing left to cancel; a parcel
   * GLS already scanned (SCANNED, or ERROR) is in its hands: the cancel is refused in words, with its
   * TrackIDs, as is any other refusal of GLS (the parcel would still be GLS's to carry and bill).
   */
  async cancel(s: ShipmentDto): Promise<void> {
    const trackIds = [...new Set(s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [])];
    const kept: { trackId: string; result: string }[] = [];
    for (const trackId of trackIds) {
      const answer = await this.call(`/shipments/cancel/${encodeURIComponent(trackId)}`, true);
      const error = glsError(answer.json);
      if (answer.status >= 400 && answer.status < 500 && error && /invalid field\s+\S*trackid\b/i.test(error.message)) continue;
      if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
      const result = String((answer.json as { Result?: unknown } | null)?.Result ?? '').toUpperCase();
      if (!result) throw new CarrierOutage('MALFORMED', 'GLS: cancel answer without its result', false, answer.status);
      if (result !== 'CANCELLED' && result !== 'CANCELLATION_PENDING') kept.push({ trackId, result });
    }
    if (kept.length)
      throw carrierRefusal(
        CARRIER,
        'carrierServiceFailed',
        kept[0].result,
        `GLS did not cancel ${kept.map((k) => `${k.trackId} (${k.result})`).join(', ')}: a scanned parcel is in GLS's hands`,
        this.account.secrets,
      );
  }

  /**
   * The events of a shipment's parcels from ShipIT's tracking (getParcelDetailsByID, one call a
   * TrackID), mapped to the portal's carrier event statuses (glsEventStatus). ShipIT tracks a parcel
   * only once it went through the day's end-of-day report: until then GLS refuses the TrackID, which
   * is "no events yet".
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    const trackIds = [...new Set(s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [])];
    const events: CarrierTrackingEvent[] = [];
    for (const trackId of trackIds) {
      const answer = await this.call('/tracking/parceldetails', true, { TrackID: trackId });
      if (answer.status >= 400 && answer.status < 500 && glsError(answer.json)) continue;
      if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
      const detail = (answer.json as { UnitDetail?: { TrackID?: unknown; History?: unknown } } | null)?.UnitDetail;
      if (!detail || typeof detail !== 'object') throw new CarrierOutage('MALFORMED', 'GLS: parcel details without UnitDetail', false);
      for (const h of asList(detail.History as GlsHistory[] | undefined)) {
        const code = typeof h?.StatusCode === 'string' ? h.StatusCode : '';
        const status = glsEventStatus(code);
        const at = glsTime(h?.Date);
        if (!status || !at) continue;
        events.push({
          id: `${trackId}:${String(h.Date)}:${code}`,
          trackingNumber: trackId,
          status,
          at,
          note: clip([h.Description, h.Location, h.Country].filter((x) => typeof x === 'string' && x).join(' – '), 200) || null,
        });
      }
    }
    return events.sort((a, b) => a.at.localeCompare(b.at));
  }

  /**
   * Orders a pickup with ShipIT's sporadic collection (orderSporadicCollection) for the account's
   * Contact ID: the preferred day and hour in French time, the place and the depositor in the words
   * GLS reads. GLS answers no booking number, only its estimated pickup date: that is the reference
   * that goes in the mail.
   */
  async requestPickup(p: PickupBooking): Promise<{ reference: string }> {
    const [hour, minute] = p.pickup_hour.split(':').map(Number);
    const local = `${p.pickup_date}T${String(hour).padStart(2, '0')}:${String(minute || 0).padStart(2, '0')}:00`;
    const place = [
      p.shipper.company_name || p.shipper.contact_name,
      p.shipper.address1,
      `${p.shipper.zip ?? ''} ${p.shipper.town}`,
      p.phone,
    ]
      .filter(Boolean)
      .join(' / ');
    const body = {
      ContactID: this.account.settings.contact_id,
      PreferredPickUpDate: `${local}${parisOffsetIso(new Date(`${p.pickup_date}T12:00:00Z`))}`,
      Product: 'PARCEL',
      AdditionalInformation: text(`${p.depositor_code}: ${place}`, 160),
    };
    const answer = await this.call('/sporadiccollection', false, body);
    if (answer.status !== 200 && answer.status !== 201) throw this.refusal(answer, 'carrierServiceFailed');
    const estimated = (answer.json as { EstimatedPickUpDate?: unknown } | null)?.EstimatedPickUpDate;
    if (typeof estimated !== 'string' || !estimated)
      throw new CarrierOutage('MALFORMED', 'GLS: sporadic collection answer without its estimated pickup date', true);
    return { reference: clip(estimated, 50) };
  }

  /**
   * After a lost answer: the parcels GLS may have made under this reference, with their labels again
   * (reprintParcel by ShipmentReference and creation day: today, then yesterday for a request lost
   * before midnight). GLS refusing the reference is "none made" (the caller makes them); parcels found
   * are the voucher, unless they are not as many as the packages: then they are refused in words
   * (DUPLICATE_RISK) rather than completed by a second voucher.
   */
  private async recover(s: ShipmentDto, carrier: CarrierDto, request: VoucherRequest, expected: number): Promise<VoucherAnswer | null> {
    const today = this.now();
    for (const day of [parisDay(today), parisDay(new Date(today.getTime() - 86_400_000))]) {
      const answer = await this.call('/shipments/reprintparcel', true, {
        ShipmentReference: text(s.reference, 40),
        CreationDate: day,
        PrintingOptions: printingOptions(request),
      });
      if (answer.status === 200) {
        const found = this.madeOf(answer, 'reprintParcel');
        if (found.trackingNumbers.length === expected) return { ...found, insuranceByMail: insuranceByMail(s, carrier) };
        throw new AppError(
          'voucherCreationFailed',
          `${CARRIER} DUPLICATE_RISK: GLS has ${found.trackingNumbers.length} parcels under reference ${s.reference}, not ${expected}`,
          {
            carrier: CARRIER,
            code: 'DUPLICATE_RISK',
            message:
              `An earlier request got no answer, and GLS has ${found.trackingNumbers.length} parcels under reference ${s.reference} ` +
              `(${found.trackingNumbers.join(', ')}) where ${expected} were asked. No second voucher was made: cancel these parcels ` +
              'and ask the labels again, or settle it with GLS.',
            trackingNumbers: found.trackingNumbers,
          },
        );
      }
      const error = glsError(answer.json);
      // A request GLS could not read is not a "none found": nothing would stop a second voucher.
      if (answer.status >= 400 && answer.status < 500 && error && error.code !== 'MANDATORY_PARAMETER_NOT_SET') continue;
      throw this.refusal(answer, 'carrierServiceFailed');
    }
    return null;
  }

  /** The parcels and labels of a CreatedShipment (createParcels' and reprintParcel's answers). */
  private madeOf(answer: CarrierAnswer, operation: string): Omit<VoucherAnswer, 'insuranceByMail'> {
    const made = (answer.json as { CreatedShipment?: { ParcelData?: unknown; PrintData?: unknown } } | null)?.CreatedShipment;
    const parcels = asList(made?.ParcelData as GlsParcelData[] | undefined);
    const documents = asList(made?.PrintData as GlsDocument[] | undefined);
    const labels = documents.map((d) => (d && typeof d === 'object' ? labelOf(d) : null));
    if (!parcels.length || parcels.some((p) => typeof p?.TrackID !== 'string' || !p.TrackID) || !labels.length || labels.includes(null))
      throw new CarrierOutage('MALFORMED', `GLS: ${operation} answer without TrackIDs or labels`, true, answer.status);
    const trackingNumbers = parcels.map((p) => p.TrackID as string);
    return { voucher: trackingNumbers[0], trackingNumbers, labels: labels as CarrierLabel[] };
  }

  private shipmentRequest(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest) {
    const refuse = (key: ErrorKey, code: string, message: string): never => {
      throw new AppError(key, `${CARRIER} ${code}: ${message}`, { carrier: CARRIER, code, message });
    };
    if (s.dangerous_goods.length)
      refuse(
        'noCarrierService',
        'HAZMAT',
        'dangerous goods travel with GLS under a GLS hazardous goods number of its own contract (GLSHazNo), which an ADR UN number does not give',
      );
    const services: string[] = [];
    for (const asked of (tour.codes?.service ?? '').split(/[\s,;]+/).filter(Boolean)) {
      const name = canonical(asked);
      const simple = SIMPLE.get(name);
      if (simple) services.push(simple);
      else if (WITH_DATA.has(name))
        refuse(
          'noCarrierService',
          'SERVICE_NEEDS_DATA',
          `the GLS service ${name} needs data the portal does not keep (ParcelShop, PIN, address…)`,
        );
      else refuse('noCarrierService', 'UNKNOWN_SERVICE', `${asked} is not a GLS ShipIT service`);
    }
    if (services.includes('service_flexdelivery') && !s.recipient.email)
      refuse(
        'voucherCreationFailed',
        'EMAIL_REQUIRED',
        'GLS FlexDelivery tells the recipient the delivery by e-mail: the recipient has none',
      );
    const product = (tour.codes?.product ?? '').trim().toUpperCase();
    const packages = packagesOf(s.packings);
    const list = packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }];
    const count = list.length;
    const insured = s.insurance_value && !insuranceByMail(s, carrier) ? split(s.insurance_value, count) : null;
    const cod = s.cash_on_delivery ? split(s.cash_on_delivery, count) : null;
    const limited = s.limited_quantities ? split(s.limited_quantities.gross_weight_kg, count) : null;
    const today = parisDay(this.now());
    const desired = s.date_shipment_desired;
    const reference = text(s.reference, 40);
    return {
      Shipment: {
        ShipmentReference: [reference],
        ShippingDate: desired && /^\d{4}-\d{2}-\d{2}$/.test(desired) && desired > today ? desired : today,
        Product: PRODUCTS.has(product) ? product : 'PARCEL',
        Consignee: { Category: s.recipient.company_name ? 'BUSINESS' : 'PRIVATE', Address: glsAddress(s.recipient) },
        Shipper: { ContactID: this.account.settings.contact_id, AlternativeShipperAddress: glsAddress(s.shipper) },
        ShipmentUnit: list.map((p, i) => {
          const unitServices = [
            ...(cod?.[i] ? [{ Cash: { ServiceName: 'service_cash', Reason: reference, Amount: cod[i], Currency: 'EUR' } }] : []),
            ...(insured?.[i]
              ? [
                  {
                    AddonLiability: {
                      ServiceName: 'service_addonliability',
                      Amount: insured[i],
                      Currency: 'EUR',
                      ...(s.content_description ? { ParcelContent: text(s.content_description, 255) } : {}),
                    },
                  },
                ]
              : []),
            ...(limited?.[i] ? [{ LimitedQuantities: { ServiceName: 'service_limitedquantities', Weight: kg(limited[i]) } }] : []),
          ];
          return {
            ShipmentUnitReference: [reference],
            Weight: kg(p.weightKg || s.total_weight_kg / count),
            ...(s.content_description ? { Note1: text(s.content_description, 50) } : {}),
            ...(unitServices.length ? { Service: unitServices } : {}),
          };
        }),
        ...(services.length ? { Service: services.map((ServiceName) => ({ Service: { ServiceName } })) } : {}),
      },
      PrintingOptions: printingOptions(request),
    };
  }

  /** A ShipIT call with basic authentication; GLS refusing the credentials is an outage (AUTH), not a refusal. */
  private async call(path: string, idempotent: boolean, body?: unknown): Promise<CarrierAnswer> {
    const { username } = this.account.settings;
    const { password } = this.account.secrets;
    const answer = await this.line.call({
      method: 'POST',
      url: `${this.base}${path}`,
      headers: {
        Authorization: `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`,
        Accept: `${GLS_MEDIA_TYPE}, application/json`,
        'Content-Type': GLS_MEDIA_TYPE,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      idempotent,
    });
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierOutage('AUTH', `GLS refused the account’s credentials (HTTP ${answer.status})`, false, answer.status);
    return answer;
  }

  /**
   * GLS's refusal in the spec's words. A 4xx without GLS's headers but with words (its documented
   * answer to an unknown product is the JSON reader's own text) is a refused voucher with them.
   */
  private refusal(answer: CarrierAnswer, fallback?: ErrorKey): Error {
    const error = glsError(answer.json);
    if (error && answer.status >= 400)
      return carrierRefusal(CARRIER, fallback ?? refusalKeyOf(error.message), error.code, error.message, this.account.secrets);
    if (answer.status >= 400 && answer.status < 500 && answer.text.trim())
      return carrierRefusal(
        CARRIER,
        fallback ?? 'voucherCreationFailed',
        `HTTP_${answer.status}`,
        answer.text.trim(),
        this.account.secrets,
      );
    return new CarrierOutage('MALFORMED', `GLS: HTTP ${answer.status} without GLS's error`, answer.status < 400, answer.status);
  }
}

/** The labels asked: PDF (A6, GLS's default template), or ZPL II at 200 dpi (ZEBRA, template ZPL_200). */
function printingOptions(request: VoucherRequest) {
  return {
    ReturnLabels: request.format === 'ZPL' ? { TemplateSet: 'ZPL_200', LabelFormat: 'ZEBRA' } : { TemplateSet: 'NONE', LabelFormat: 'PDF' },
  };
}
