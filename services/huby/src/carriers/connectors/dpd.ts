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
  CarrierTrackingEvent,
  FollowedShipment,
  PickupBooking,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierLine, carrierLineOptions, CarrierOutage, type CarrierAnswer, type CarrierLineOptions } from './carrier-line';
import { baseUrlOf, type OpenAccount } from './connection-test';
import {
  asList,
  carrierRefusal,
  clip,
  digits,
  insuranceByMail,
  labelFormatOf,
  mobileOf,
  money,
  parisDay,
  parisOffsetMinutes,
  textOf,
} from './connector-kit';

const CARRIER = 'DPD France';

/**
 * DPD France's web services, run for it by cargoNET: EPrint (labels, cancel, pickups) and Webtrace
 * (tracking), SOAP 1.1 (.asmx). Written against their WSDLs' schemas as kept in
 * tests/support/carrier-schemas/dpd (EPrintWebservice.xsd, Webtrace_Service.xsd). EPrint's namespace
 * has no trailing slash, Webtrace's has one: each SOAPAction is its namespace and the operation's name.
 */
export const DPD_EPRINT_NS = 'http://www.cargonet.software';
export const DPD_TRACE_NS = 'http://www.cargonet.software/';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

/** EPrint's path: `/dpd-eprintwebservice/…` on the production host, without `dpd-` on the test host. */
export const DPD_EPRINT_PATH = '/dpd-eprintwebservice/eprintwebservice.asmx';
export const DPD_EPRINT_TEST_PATH = '/eprintwebservice/eprintwebservice.asmx';
export const DPD_TRACE_PATH = '/trace-service/Webtrace_Service.asmx';
/** Webtrace's production host (its test service is on EPrint's test host). */
export const DPD_WEBTRACE_BASE_URL = 'https://webtrace.dpd.fr';

/** DPD France's customers are French: the ISO numeric code of France (customer_countrycode). */
export const DPD_COUNTRY_CODE = 250;
/**
 * The barcode source EPrint gives DPD France's parcels (BarcodeSource 902 in every answer recorded from
 * its test service): the portal keeps parcel numbers only, and TerminateShipment asks the source again.
 */
export const DPD_BARCODE_SOURCE = 902;

/** Where an account's calls go: its EPrint and Webtrace services. */
export function dpdEndpoints(account: Pick<OpenAccount, 'connector' | 'environment' | 'base_url'>): { eprint: string; trace: string } {
  const base = baseUrlOf(account) ?? '';
  if (account.environment === 'test') return { eprint: `${base}${DPD_EPRINT_TEST_PATH}`, trace: `${base}${DPD_TRACE_PATH}` };
  if (account.environment === 'production')
    return { eprint: `${base}${DPD_EPRINT_PATH}`, trace: `${DPD_WEBTRACE_BASE_URL}${DPD_TRACE_PATH}` };
  // A base URL of one's own (a fake, a proxy) answers both, on the production paths.
  return { eprint: `${base}${DPD_EPRINT_PATH}`, trace: `${base}${DPD_TRACE_PATH}` };
}

/** The SOAPAction of an operation: its service's namespace and its name (one slash between them). */
export const dpdSoapAction = (ns: string, operation: string) => `"${ns.replace(/\/$/, '')}/${operation}"`;

// ---------------------------------------------------------------------------------------------------
// Envelopes: built and read with fast-xml-parser.
// ---------------------------------------------------------------------------------------------------

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** The lists of the answers this connector reads (one element or many: always a list). */
const LISTS = new Set(['ShipmentBc', 'Label', 'Shipping', 'ShipmentTrace', 'clsTrace']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Parcel numbers and codes stay text (a number would lose their leading zeros).
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type XmlValue = string | number | boolean | XmlObject | XmlValue[];
interface XmlObject {
  [name: string]: XmlValue | undefined;
}

/** An object without the fields left blank: an optional element is left out rather than sent empty. */
function present<T extends XmlObject>(o: T): XmlObject {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as XmlObject;
}

/**
 * A SOAP 1.1 envelope: the credentials header and the operation, both in the service's namespace
 * (declared on them, as .NET's own clients write it). Element order is the schema's: objects keep it.
 */
export function dpdEnvelope(ns: string, header: { name: string; fields: XmlObject }, operation: string, content: XmlObject): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'soap:Envelope': {
      '@_xmlns:soap': SOAP_NS,
      'soap:Header': { [header.name]: { '@_xmlns': ns, ...header.fields } },
      'soap:Body': { [operation]: { '@_xmlns': ns, ...content } },
    },
  }) as string;
}

/** A SOAP fault as EPrint and Webtrace write them: faultstring, and DPD's `detail/Error` (ErrorId, ErrorMessage). */
export interface DpdFault {
  code: string;
  message: string;
  /** DPD's own error (detail/Error/ErrorId); without it the fault is the server's (a crash, a request it could not read). */
  dpd: boolean;
}

type Parsed = { Envelope?: { Body?: Record<string, unknown> } } | null;

function parse(text: string): Parsed {
  if (!text.trim() || XMLValidator.validate(text) !== true) return null;
  try {
    return parser.parse(text) as Parsed;
  } catch {
    return null;
  }
}

/** The fault of a SOAP answer; null when it is not one. */
export function dpdFaultOf(text: string): DpdFault | null {
  const fault = parse(text)?.Envelope?.Body?.Fault as { faultcode?: unknown; faultstring?: unknown; detail?: unknown } | undefined;
  if (!fault || typeof fault !== 'object') return null;
  const error = (fault.detail as { Error?: { ErrorId?: unknown; ErrorMessage?: unknown } } | undefined)?.Error;
  const code = textOf(error?.ErrorId).trim();
  const message = textOf(error?.ErrorMessage).trim() || textOf(fault.faultstring).trim();
  return code ? { code, message, dpd: true } : { code: textOf(fault.faultcode).trim() || 'soap:Server', message, dpd: false };
}

/**
 * EPrint and Webtrace answer a refusal as a SOAP fault with HTTP 500, as SOAP 1.1 says, which
 * CarrierLine reads as an outage. A fault carrying DPD's own error (detail/Error/ErrorId) is an answer:
 * it is handed on as 200 for the connector to read. Any other 500 (a crash, an error page) stays one.
 */
export function readingSoapFaults(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (response.status !== 500) return response;
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const dpd = dpdFaultOf(text)?.dpd;
    return new Response(text, { status: dpd ? 200 : 500, statusText: dpd ? 'OK' : response.statusText, headers });
  };
}

/** The credentials' fault: DPD's PermissionDenied (wrong user, password, customer or a caller IP not allowed). */
const isAuthFault = (f: DpdFault) => /permission ?denied/i.test(`${f.code} ${f.message}`);

/**
 * What DPD's refusal says was wrong. EPrint's WSDL has no table of ErrorIds; those known are the ones
 * its test service answered (recorded by akretion/roulier: InvalidWeight, InvalidCountryPrefix,
 * InvalidInput, PermissionDenied) and its messages are those DPD France's own PrestaShop module lists
 * ("No zipCode in address given / zipCode is not valid", "CountryPrefix-ZipCode-City is invalid",
 * "RoutingError: Error occured in DPD routing", "Service not exportable…"). The words decide: the
 * same ErrorId (InvalidInput) covers several fields.
 */
function refusalKeyOf(f: DpdFault): ErrorKey {
  const words = `${f.code} ${f.message}`;
  if (/InvalidCountryPrefix|not (im|ex)portable|only national|service is denied|not compatible/i.test(words)) return 'noCarrierService';
  if (/zip ?code|CountryPrefix-ZipCode-City|no city/i.test(words)) return 'zipTownNotReferenced';
  if (/routing|street|name in address|address/i.test(words)) return 'addressNotDeliverable';
  return 'voucherCreationFailed';
}

/**
 * Webtrace's status numbers (clsTrace.StatusNumber) as DPD France's own PrestaShop module names them:
 * 8 CEDI "Consignation par EDI" (the label's data received, the parcel not yet in DPD's hands: no event
 * for the portal), 10 COEC "Entrée centre", 28 CPCH "Colis pris en charge" (89 its former number), 44
 * PICK "Enlèvement", 230 SMAN "Scannage mandaté", 40 REMI "Livré", 400 LIVPT "Livré Destinataire Point
 * Relais". Other numbers are read from DPD's words (see eventStatusOf).
 */
const DPD_EVENT_STATUS: Record<number, CarrierEventStatus | null> = {
  8: null,
  10: 'IN_TRANSIT',
  28: 'PICKED_UP',
  89: 'PICKED_UP',
  44: 'PICKED_UP',
  230: 'IN_TRANSIT',
  40: 'DELIVERED',
  400: 'DELIVERED',
};

/** A status from its number, else from DPD's words (French, Language F); any other scan is the parcel moving in DPD's network. */
function eventStatusOf(number: number, words: string): CarrierEventStatus | null {
  if (number in DPD_EVENT_STATUS) return DPD_EVENT_STATUS[number];
  if (/retour|return/i.test(words)) return 'RETURNED';
  if (/endommag|damaged/i.test(words)) return 'DELIVERED_DAMAGED';
  if (/absent|refus|instance|incompl|erron|inaccessible|non livr|not delivered|avis de passage|anomal|probl[eè]me/i.test(words))
    return 'ANOMALY';
  if (/^livr|\blivr[ée]|delivered/i.test(words)) return 'DELIVERED';
  return 'IN_TRANSIT';
}

/**
 * The DPD France products a tour may name in `codes.product`: CLASSIC (the default; the recipient told
 * by e-mail, else by SMS, when it has them) and PREDICT (delivery announced with a one-hour slot: DPD
 * needs the recipient's mobile). DPD Relais (RELAIS, PICKUP) delivers to a pickup point the portal has
 * no id of: refused in words rather than sent to be refused.
 */
type Product = 'CLASSIC' | 'PREDICT';
const PICKUP_POINT_PRODUCTS = new Set(['RELAIS', 'PICKUP', 'DPD_RELAIS', 'DPD_PICKUP']);

/** A party as EPrint's Address (name, street: 35 characters each, as DPD France's documentation bounds them). */
const addressOf = (p: ShipmentPartyDto): XmlObject =>
  present({
    countryPrefix: clip(p.country ?? '', 2).toUpperCase(),
    zipCode: clip(p.zip ?? '', 10),
    city: clip(p.town ?? '', 35),
    street: clip(p.address1 ?? '', 35),
    name: clip(p.company_name || p.contact_name || '', 35),
    phoneNumber: clip(digits(p.phone || p.mobile || ''), 30),
  });

/** The party's details beyond its address: the contact when the name is the company's, and the address complement (vinfo1). */
function infoOf(p: ShipmentPartyDto): XmlObject | undefined {
  const info = present({
    contact: p.company_name && p.contact_name ? clip(p.contact_name, 35) : undefined,
    vinfo1: p.address2 ? clip(p.address2, 35) : undefined,
  });
  return Object.keys(info).length ? info : undefined;
}

/** A weight in kg as EPrint takes it: a decimal with a dot and two decimals at most, 0.01 at least. */
const weightOf = (kg: number) => String(Math.max(0.01, Math.round(kg * 100) / 100));

/** A day in France as `dd/mm/yyyy` (EPrint's shippingdate, pick_date) or `dd.mm.yyyy` (GetShipping's date). */
function frenchDay(day: string, separator: '/' | '.'): string {
  const [y, m, d] = day.split('-');
  return [d, m, y].join(separator);
}

/** The shipping day asked, or today when it is past or not given. */
function shippingDay(s: ShipmentDto): string {
  const today = parisDay(new Date());
  const desired = /^\d{4}-\d{2}-\d{2}$/.test(s.date_shipment_desired ?? '') ? (s.date_shipment_desired as string) : null;
  return desired && desired > today ? desired : today;
}

/** A scan's time in UTC: Webtrace writes Paris's local day (dd.mm.yyyy) and time (HH:MM:SS). */
function scanTime(day: string, time: string): string | null {
  const d = /^(\d{2})[./](\d{2})[./](\d{4})$/.exec(day.trim());
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!d || !t) return null;
  const local = Date.UTC(Number(d[3]), Number(d[2]) - 1, Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0));
  if (Number.isNaN(local)) return null;
  // The offset at the guessed instant, then at the instant it gives (a day changing hour in between).
  const first = local - parisOffsetMinutes(new Date(local)) * 60_000;
  return new Date(local - parisOffsetMinutes(new Date(first)) * 60_000).toISOString();
}

/** The label types that are not the parcel's own (a return label, a proof, a collection). */
const OTHER_LABELS = new Set(['REVERSE', 'REVERSEBIC3', 'PROOF', 'PROOFBIC3', 'COLLECTIONREQUEST']);

interface MadeParcel {
  barcodeId: string;
  label: CarrierLabel;
}

/**
 * DPD France (EPrint and Webtrace, SOAP): authenticated by the UserCredentials header (the user id and
 * password DPD France gives), the customer named by its depot (customer_centernumber) and number.
 *
 * - Labels: one CreateShipmentWithLabelsBc per package, in order (CreateMultiShipmentBc gives no
 *   labels and takes no Predict); the parcel number (BarcodeId, 14 digits) is the tracking number, the
 *   first one the voucher. PDF as an A6 page (PDF_A6) or ZPL as asked. The shipment's reference goes in
 *   every parcel's referencenumber. A package refused (or lost to an outage) after earlier ones were
 *   made: those are cancelled at DPD (TerminateShipment) before the refusal is said.
 * - After an answer that never came (afterUncertain): EPrint's GetShipping lists the customer's parcels
 *   of the shipping day with their references. As many parcels as packages under the shipment's
 *   reference: they are the lost answer's, their labels are asked again (GetLabelBc) and no parcel is
 *   made. Some but not all: they are cancelled and the labels made again.
 * - Options: insurance below the carrier's threshold as ExtraInsurance (by shipment), above it by mail;
 *   the recipient told by e-mail or SMS (Contact). EPrint takes no cash on delivery, no dangerous goods
 *   and no Saturday delivery: a shipment asking the first two is refused in words before any call.
 * - Cancel: TerminateShipment per parcel (DPD accepts it until the parcel is in its network).
 * - Pickups: CreatePickupAtCustomerBc (a driver at the shipper's on the day, from the hour asked),
 *   answered with its number (Sin).
 * - Tracking: Webtrace's GetShipmentTrace per parcel, its own login when the account has one.
 *
 * The connector opens its own CarrierLine (time budget, circuit breaker), one that reads DPD's faults
 * (readingSoapFaults).
 */
export class DpdConnector implements CarrierAdapter {
  readonly line: CarrierLine;
  private readonly urls: { eprint: string; trace: string };

  constructor(
    private readonly account: OpenAccount,
    options: CarrierLineOptions = carrierLineOptions(),
  ) {
    this.line = new CarrierLine(CARRIER, account.secrets, { ...options, fetchFn: readingSoapFaults(options.fetchFn) });
    this.urls = dpdEndpoints(account);
  }

  /** The customer as EPrint names it in its own requests (countrycode, centernumber, number). */
  private get customer(): XmlObject {
    const s = this.account.settings;
    return { centernumber: Number(s.customer_center_number), number: Number(s.customer_number), countrycode: DPD_COUNTRY_CODE };
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    const product = this.productOf(s, tour);
    const packages = packagesOf(s.packings);
    const weights = packages.length ? packages.map((p) => p.weightKg || s.total_weight_kg / packages.length) : [s.total_weight_kg];
    const day = shippingDay(s);
    if (request.afterUncertain) {
      const found = await this.recover(s, carrier, request, day, weights.length);
      if (found) return found;
    }
    const insured = s.insurance_value && !insuranceByMail(s, carrier) ? s.insurance_value / weights.length : 0;
    const made: MadeParcel[] = [];
    for (const kg of weights) {
      try {
        made.push(await this.createParcel(s, product, request, day, kg, insured));
      } catch (e) {
        if (!made.length) throw e;
        // The parcels made before it are cancelled: none is left at DPD for a shipment without labels.
        const dropped = made.map((m) => m.barcodeId);
        await this.terminate(dropped).catch(() => undefined);
        if (e instanceof AppError)
          throw new AppError(e.key, `${e.message} (parcels made before it cancelled at DPD: ${dropped.join(', ')})`, {
            ...e.params,
            dropped,
          });
        throw e;
      }
    }
    return {
      voucher: made[0].barcodeId,
      trackingNumbers: made.map((m) => m.barcodeId),
      labels: made.map((m) => m.label),
      insuranceByMail: insuranceByMail(s, carrier),
    };
  }

  /** Cancels the shipment's parcels at DPD; one DPD no longer knows (or already cancelled) is nothing left to do. */
  async cancel(s: ShipmentDto): Promise<void> {
    const numbers = s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [];
    await this.terminate(numbers);
  }

  /**
   * The events of a shipment's parcels from Webtrace (one GetShipmentTrace per parcel), oldest first;
   * "Consignation par EDI" (the label's data, before DPD has the parcel) is left out, as are parcels
   * Webtrace does not know yet.
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    const numbers = [...new Set(s.tracking_numbers.length ? s.tracking_numbers : s.voucher ? [s.voucher] : [])];
    const events: CarrierTrackingEvent[] = [];
    for (const number of numbers) {
      const result = await this.soap(
        'trace',
        'GetShipmentTrace',
        {
          request: {
            Customer: this.customer,
            Language: 'F',
            ShipmentNumber: number,
            ExpandContainerMode: 'MasterOnly',
            GetImages: false,
            GetPhotos: false,
            GetParsedInfo: false,
            GetServices: false,
          },
        },
        { idempotent: true },
      );
      if ('fault' in result) {
        // A parcel Webtrace does not know (yet): nothing to say about it.
        if (/not ?found|unknown|inconnu|no (data|shipment)/i.test(`${result.fault.code} ${result.fault.message}`)) continue;
        throw carrierRefusal(CARRIER, 'carrierServiceFailed', result.fault.code, result.fault.message, this.account.secrets);
      }
      const traces = asList((result.value?.GetShipmentTraceResult as { ShipmentTrace?: unknown } | undefined)?.ShipmentTrace) as Trace[];
      // The parcel's own trace, not the return's Webtrace may list with it.
      const trace = traces.find((t) => t && String(t.IsRetour) !== 'true') ?? traces[0];
      for (const e of asList(trace?.Traces?.clsTrace)) {
        const code = Number(textOf(e?.StatusNumber));
        const words = textOf(e?.StatusDescription).trim();
        const at = scanTime(textOf(e?.ScanDate), textOf(e?.ScanTime));
        const status = Number.isFinite(code) ? eventStatusOf(code, words) : null;
        if (!status || !at) continue;
        events.push({
          id: `${number}:${textOf(e.ScanDate)} ${textOf(e.ScanTime)}:${code}`,
          trackingNumber: number,
          status,
          at,
          note: clip([words, textOf(e.CenterName).trim()].filter(Boolean).join(' – '), 200) || null,
        });
      }
    }
    return events.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  }

  /**
   * Books a pickup at the shipper's (CreatePickupAtCustomerBc): the place, the day, from the hour asked
   * to four hours later (before midnight), the depositor's code as remark; answers DPD's pickup number.
   */
  async requestPickup(p: PickupBooking, carrier: CarrierDto): Promise<{ reference: string }> {
    const [hour, minute] = p.pickup_hour.split(':').map(Number);
    const from = hour * 60 + minute;
    const to = Math.min(23 * 60 + 59, from + 4 * 60);
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    // The place as an address: the booking's phone for the driver.
    const place = { ...p.shipper, phone: p.phone ?? null } as ShipmentPartyDto;
    const result = await this.soap(
      'eprint',
      'CreatePickupAtCustomerBc',
      {
        request: {
          shipperaddress: addressOf(place),
          customer: this.customer,
          pick_date: frenchDay(p.pickup_date, '/'),
          data: present({
            time_from: hhmm(from),
            time_to: hhmm(to),
            remark: clip(p.depositor_code, 35),
            pick_remark: clip(p.shipper.contact_name ?? '', 35),
            dayCheckDone: false,
          }),
        },
      },
      { idempotent: false },
    );
    if ('fault' in result)
      throw carrierRefusal(CARRIER, 'carrierServiceFailed', result.fault.code, result.fault.message, this.account.secrets);
    const sin = textOf((result.value?.CreatePickupAtCustomerBcResult as { Sin?: unknown } | undefined)?.Sin).trim();
    if (!/^\d+$/.test(sin) || /^0+$/.test(sin))
      throw new CarrierOutage('MALFORMED', `${carrier.name}: pickup answer without its number`, true);
    return { reference: sin };
  }

  // -------------------------------------------------------------------------------------------------

  private productOf(s: ShipmentDto, tour: TourDto): Product {
    const refuse = (code: string, message: string): never => {
      throw new AppError('noCarrierService', `${CARRIER} ${code}: ${message}`, { carrier: CARRIER, code, message });
    };
    if (s.dangerous_goods.length || s.limited_quantities)
      refuse('DANGEROUS_GOODS', 'EPrint has no dangerous goods declaration: DPD France carries them only under a contract of their own');
    if (s.cash_on_delivery) refuse('CASH_ON_DELIVERY', 'EPrint takes no cash on delivery');
    const code = (tour.codes?.product ?? '').trim().toUpperCase();
    if (PICKUP_POINT_PRODUCTS.has(code)) refuse('PICKUP_POINT', `product ${code} delivers to a pickup point the portal has no id of`);
    if (code === 'PREDICT') {
      if (!mobileOf(s.recipient, 30))
        refuse('PREDICT_MOBILE', 'DPD Predict announces the delivery by SMS: the recipient has no mobile number');
      return 'PREDICT';
    }
    return 'CLASSIC';
  }

  private async createParcel(
    s: ShipmentDto,
    product: Product,
    request: VoucherRequest,
    day: string,
    kg: number,
    insured: number,
  ): Promise<MadeParcel> {
    const mobile = mobileOf(s.recipient, 30);
    const email = s.recipient.email?.trim() ? clip(s.recipient.email, 255) : undefined;
    const contactType = product === 'PREDICT' ? 'Predict' : email ? 'AutomaticMail' : mobile ? 'AutomaticSMS' : 'No';
    const result = await this.soap(
      'eprint',
      'CreateShipmentWithLabelsBc',
      {
        request: present({
          receiveraddress: addressOf(s.recipient),
          receiverinfo: infoOf(s.recipient),
          shipperaddress: addressOf(s.shipper),
          shipperinfo: infoOf(s.shipper),
          customer_countrycode: DPD_COUNTRY_CODE,
          customer_centernumber: Number(this.account.settings.customer_center_number),
          customer_number: Number(this.account.settings.customer_number),
          shippingdate: frenchDay(day, '/'),
          services: present({
            contact: present({ sms: mobile, email, type: contactType }),
            extraInsurance: insured ? { value: money(insured), type: 'byShipments' } : undefined,
          }),
          weight: weightOf(kg),
          referencenumber: clip(s.reference, 35),
          reference2: clip(s.customer_reference || s.order_number || '', 35),
          labelType: { type: request.format === 'ZPL' ? 'ZPL' : 'PDF_A6' },
        }),
      },
      { idempotent: false },
    );
    if ('fault' in result) throw this.refusal(result.fault);
    const answer = result.value?.CreateShipmentWithLabelsBcResult as ShipmentsWithLabels | undefined;
    const shipments = asList(answer?.shipments?.ShipmentBc);
    const parcel = shipments.find((x) => textOf(x?.Type) === 'EPRINT') ?? shipments.find((x) => !OTHER_LABELS.has(textOf(x?.Type)));
    const barcodeId = textOf(parcel?.Shipment?.BarcodeId).trim();
    const label = this.labelOf(answer?.labels?.Label);
    if (!/^\d{8,28}$/.test(barcodeId) || !label)
      throw new CarrierOutage('MALFORMED', `${CARRIER}: label answer without its parcel number or its label`, true);
    return { barcodeId, label };
  }

  /** The parcel's own label among those EPrint gives (its base64 bytes decoded as they were sent). */
  private labelOf(labels: unknown): CarrierLabel | null {
    const all = asList(labels as LabelEntry[] | LabelEntry | undefined).filter((l) => l && !OTHER_LABELS.has(textOf(l.type)));
    const content = Buffer.from(textOf(all[0]?.label).replace(/\s+/g, ''), 'base64');
    const format = content.length ? labelFormatOf(content) : null;
    return format ? { format, content } : null;
  }

  /**
   * The parcels a lost answer made, from EPrint's list of the shipping day (GetShipping) by the
   * shipment's reference: all of them (their labels asked again), or none (the ones found cancelled).
   */
  private async recover(
    s: ShipmentDto,
    carrier: CarrierDto,
    request: VoucherRequest,
    day: string,
    count: number,
  ): Promise<VoucherAnswer | null> {
    const result = await this.soap(
      'eprint',
      'GetShipping',
      { request: { date: frenchDay(day, '.'), customer: this.customer } },
      { idempotent: true },
    );
    if ('fault' in result) {
      if (/no (shipping|data|shipment)|not ?found/i.test(`${result.fault.code} ${result.fault.message}`)) return null;
      throw carrierRefusal(CARRIER, 'carrierServiceFailed', result.fault.code, result.fault.message, this.account.secrets);
    }
    const shippings = asList(
      (result.value?.GetShippingResult as { shippings?: { Shipping?: unknown } } | undefined)?.shippings?.Shipping,
    ) as {
      barcodeId?: unknown;
      reference?: unknown;
    }[];
    const reference = clip(s.reference, 35);
    const found = shippings
      .filter((x) => textOf(x?.reference).trim() === reference)
      .map((x) => textOf(x.barcodeId).trim())
      .filter((id) => /^\d+$/.test(id))
      .sort();
    if (!found.length) return null;
    if (found.length !== count) {
      await this.terminate(found);
      return null;
    }
    const labels: CarrierLabel[] = [];
    for (const id of found) labels.push(await this.reprint(id, request));
    return { voucher: found[0], trackingNumbers: found, labels, insuranceByMail: insuranceByMail(s, carrier) };
  }

  /** A parcel's label asked again (GetLabelBc), in the format asked. */
  private async reprint(barcodeId: string, request: VoucherRequest): Promise<CarrierLabel> {
    const result = await this.soap(
      'eprint',
      'GetLabelBc',
      {
        request: { labelType: { type: request.format === 'ZPL' ? 'ZPL' : 'PDF_A6' }, shipmentNumber: barcodeId, customer: this.customer },
      },
      { idempotent: true },
    );
    if ('fault' in result)
      throw carrierRefusal(CARRIER, 'carrierServiceFailed', result.fault.code, result.fault.message, this.account.secrets);
    const label = this.labelOf((result.value?.GetLabelBcResult as { labels?: { Label?: unknown } } | undefined)?.labels?.Label);
    if (!label) throw new CarrierOutage('MALFORMED', `${CARRIER}: label reprint answer without a label`, false);
    return label;
  }

  /** Cancels parcels (TerminateShipment, each); those DPD no longer knows or already cancelled are done. */
  private async terminate(barcodeIds: string[]): Promise<void> {
    for (const id of barcodeIds) {
      const result = await this.soap(
        'eprint',
        'TerminateShipment',
        { request: { customer: this.customer, BarcodeSource: DPD_BARCODE_SOURCE, BarcodeId: id, Reason: 'Annulation' } },
        { idempotent: true },
      );
      if (!('fault' in result)) continue;
      // Words of a parcel already gone: DPD's WSDL names no ErrorId for them.
      if (
        /not ?found|unknown|inconnu|already (terminated|cancell?ed|deleted)|d[ée]j[àa] (annul|supprim)/i.test(
          `${result.fault.code} ${result.fault.message}`,
        )
      )
        continue;
      throw carrierRefusal(CARRIER, 'carrierServiceFailed', result.fault.code, result.fault.message, this.account.secrets);
    }
  }

  /**
   * One SOAP call: the operation's envelope with the credentials header, to EPrint or Webtrace. Answers
   * the operation's response element, or DPD's fault; a fault about the credentials is an AUTH outage,
   * an answer that is not the operation's (an error page, a cut body) a MALFORMED one.
   */
  private async soap(
    service: 'eprint' | 'trace',
    operation: string,
    content: XmlObject,
    options: { idempotent: boolean },
  ): Promise<{ value: Record<string, unknown> | undefined } | { fault: DpdFault }> {
    const ns = service === 'eprint' ? DPD_EPRINT_NS : DPD_TRACE_NS;
    const { settings: s, secrets: k } = this.account;
    const credentials =
      service === 'trace' && s.trace_userid && k.trace_password
        ? { userid: s.trace_userid, password: k.trace_password }
        : { userid: s.userid ?? '', password: k.password ?? '' };
    const answer = await this.line.call({
      method: 'POST',
      url: service === 'eprint' ? this.urls.eprint : this.urls.trace,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: dpdSoapAction(ns, operation), Accept: 'text/xml' },
      body: dpdEnvelope(ns, { name: 'UserCredentials', fields: credentials }, operation, content),
      idempotent: options.idempotent,
    });
    return this.read(answer, operation, !options.idempotent);
  }

  private read(answer: CarrierAnswer, operation: string, mayHaveMade: boolean) {
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierOutage('AUTH', `${CARRIER} refused the account’s access (HTTP ${answer.status})`, false, answer.status);
    const body = parse(answer.text)?.Envelope?.Body;
    // A 2xx may have made what was asked; a 4xx without an envelope did not.
    const uncertain = mayHaveMade && answer.status < 300;
    if (!body || typeof body !== 'object')
      throw new CarrierOutage('MALFORMED', `${CARRIER}: HTTP ${answer.status} without a SOAP answer`, uncertain, answer.status);
    if (body.Fault !== undefined) {
      const fault = dpdFaultOf(answer.text) as DpdFault;
      if (isAuthFault(fault))
        throw new CarrierOutage('AUTH', `${CARRIER} refused the account’s credentials: ${fault.code}`, false, answer.status);
      return { fault };
    }
    const value = body[`${operation}Response`];
    if (value === undefined)
      throw new CarrierOutage('MALFORMED', `${CARRIER}: answer without ${operation}Response`, uncertain, answer.status);
    return { value: (value && typeof value === 'object' ? value : {}) as Record<string, unknown> };
  }

  private refusal(f: DpdFault): AppError {
    return carrierRefusal(CARRIER, refusalKeyOf(f), f.code, f.message, this.account.secrets);
  }
}

/** "Tester la connexion": EPrint's VerifyConfiguration, as DPD France's own module calls it (VerifyUserCredentials header). */
export function dpdVerifyEnvelope(account: Pick<OpenAccount, 'settings' | 'secrets'>): string {
  const { settings: s, secrets: k } = account;
  return dpdEnvelope(
    DPD_EPRINT_NS,
    {
      name: 'VerifyUserCredentials',
      fields: { userid: s.userid ?? '', password: k.password ?? '', Verify_userid: s.userid ?? '', Verify_password: k.password ?? '' },
    },
    'VerifyConfiguration',
    {
      request: {
        customer: { centernumber: Number(s.customer_center_number), number: Number(s.customer_number), countrycode: DPD_COUNTRY_CODE },
      },
    },
  );
}

/** Whether VerifyConfiguration's answer says the configuration is allowed. */
export function dpdVerified(text: string): boolean {
  const result = parse(text)?.Envelope?.Body?.VerifyConfigurationResponse as
    { VerifyConfigurationResult?: { Allowed?: unknown } } | undefined;
  return textOf(result?.VerifyConfigurationResult?.Allowed).trim() === 'true';
}

interface Trace {
  IsRetour?: unknown;
  Traces?: {
    clsTrace?: { ScanDate?: unknown; ScanTime?: unknown; StatusNumber?: unknown; StatusDescription?: unknown; CenterName?: unknown }[];
  };
}
interface LabelEntry {
  type?: unknown;
  label?: unknown;
}
interface ShipmentsWithLabels {
  shipments?: { ShipmentBc?: { Type?: unknown; Shipment?: { BarcodeId?: unknown; BarcodeSource?: unknown; BarCode?: unknown } }[] };
  labels?: { Label?: unknown };
}
