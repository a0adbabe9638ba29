import { randomUUID } from 'node:crypto';
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
  CarrierQuote,
  CarrierTrackingEvent,
  FollowedShipment,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierOutage, type CarrierAnswer, type CarrierLine } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { baseUrlOf } from './connection-test';
import { asList, carrierRefusal, clip, digits, insuranceByMail } from './connector-kit';

/**
 * The MyDHL API version this connector was written against (DHL's dpdhl-express-api-3.3.1.yaml, kept
 * in tests/support/carrier-schemas/dhl-express); DHL wants it in the `x-version` header of every call.
 */
export const DHL_EXPRESS_API_VERSION = '3.3.1';

const CARRIER = 'DHL Express';

/**
 * The EU customs territory (and Monaco, inside it through France): between two of these countries a
 * shipment is not customs declarable. Elsewhere DHL needs an export declaration (commercial invoice
 * lines, manufacturer country…), which the portal does not keep: such a shipment is refused in words.
 */
const EU_CUSTOMS = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

/** The shipper's time zone: DHL wants the planned shipping time as the origin's local time with its offset. */
const SHIPPER_TIME_ZONE = 'Europe/Paris';

/**
 * What DHL's answer says was wrong, from the field its problem names (DHL writes the JSON pointer of
 * the field in `detail` and `additionalDetails`) and the one code whose meaning the published
 * document gives (7008, a service not available between origin and destination). DHL's table of
 * codes (the reference data's returnStatusMessage) is not part of the OpenAPI document: any other
 * problem is a refused voucher with DHL's code and words.
 */
function refusalKeyOf(code: string, lines: string[]): ErrorKey {
  if (code === '7008') return 'noCarrierService';
  for (const line of lines) {
    if (/receiverDetails\/postalAddress\/(postalCode|cityName)/i.test(line)) return 'zipTownNotReferenced';
    if (/receiverDetails\/postalAddress\//i.test(line)) return 'addressNotDeliverable';
    if (/not available between (this|the) origin and destination/i.test(line)) return 'noCarrierService';
  }
  return 'voucherCreationFailed';
}

/** DHL's problem answer (problem+json): the first `NNN: words` of detail and additionalDetails, or its status. */
function dhlProblem(body: unknown): { code: string; message: string; lines: string[] } | null {
  const b = body as { detail?: unknown; title?: unknown; message?: unknown; status?: unknown; additionalDetails?: unknown } | null;
  if (!b || typeof b !== 'object' || (typeof b.detail !== 'string' && typeof b.title !== 'string')) return null;
  const lines = [b.detail, ...(Array.isArray(b.additionalDetails) ? b.additionalDetails : [])].filter(
    (l): l is string => typeof l === 'string' && !!l.trim(),
  );
  for (const line of lines) {
    const m = /^\s*(\d{3,6}):\s*([\s\S]*)$/.exec(line);
    if (m) return { code: m[1], message: m[2].trim(), lines };
  }
  const words = lines.find((l) => !/^Multiple problems found/i.test(l)) ?? String(b.title ?? b.message ?? '');
  return { code: String(b.status ?? '').trim() || 'ERROR', message: words, lines };
}

const phoneOf = (p: ShipmentPartyDto) => clip(digits(p.phone || p.mobile || ''), 70);

const dhlParty = (p: ShipmentPartyDto) => {
  const lines = [p.address1, p.address2].filter((l): l is string => !!l?.trim()).map((l) => clip(l, 45));
  return {
    postalAddress: {
      postalCode: clip(p.zip ?? '', 12),
      cityName: clip(p.town, 45),
      countryCode: p.country,
      ...(p.state_code && p.state_code.trim().length >= 2 ? { provinceCode: clip(p.state_code, 35) } : {}),
      addressLine1: lines[0] ?? '-',
      ...(lines[1] ? { addressLine2: lines[1] } : {}),
    },
    contactInformation: {
      phone: phoneOf(p),
      ...(p.mobile && p.phone && digits(p.mobile) ? { mobilePhone: clip(digits(p.mobile), 70) } : {}),
      companyName: clip(p.company_name || p.contact_name || '-', 100),
      fullName: clip(p.contact_name || p.company_name || '-', 255),
      ...(p.email ? { email: clip(p.email, 70) } : {}),
    },
  };
};

/** A number as DHL's `multipleOf: 0.001` fields take it. */
const thousandths = (n: number) => Math.round(n * 1000) / 1000;

/** The day (YYYY-MM-DD) and time (HH:mm:ss) of `at` in a time zone. */
function localParts(at: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The zone's offset to GMT at `at`, as DHL writes it: GMT+01:00. */
function gmtOffset(at: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name && name !== 'GMT' ? name : 'GMT+00:00';
}

/**
 * `plannedShippingDateAndTime` as DHL wants it, `2025-01-18T17:00:00 GMT+01:00`, in the shipper's local
 * time: the shipment's desired day at 10:00, or today (a desired day already past included) a few
 * minutes from now, never past midnight (DHL refuses a time it reads as past).
 */
export function plannedShippingDateAndTime(desired: string | null, now = new Date(), timeZone = SHIPPER_TIME_ZONE): string {
  const today = localParts(now, timeZone).day;
  if (desired && /^\d{4}-\d{2}-\d{2}$/.test(desired) && desired > today) {
    const noon = new Date(`${desired}T12:00:00Z`);
    return `${desired}T10:00:00 ${gmtOffset(noon, timeZone)}`;
  }
  const soon = new Date(now.getTime() + 10 * 60_000);
  const later = localParts(soon, timeZone);
  const time = later.day === today ? later.time : '23:59:00';
  return `${today}T${time} ${gmtOffset(now, timeZone)}`;
}

/**
 * The product when the tour names none: EXPRESS DOMESTIC (N) within one country, EXPRESS WORLDWIDE
 * within the EU (U, non-dutiable; DHL's reference data names it with the local code ECX), EXPRESS
 * WORLDWIDE non-document (P) otherwise.
 */
export function defaultProductCode(from: string, to: string): string {
  if (from === to) return 'N';
  return EU_CUSTOMS.has(from) && EU_CUSTOMS.has(to) ? 'U' : 'P';
}

/**
 * DHL Express (MyDHL API, REST/JSON, basic authentication with the account's API key and secret): a
 * label request is one `POST /shipments` for all the packages, labels in PDF or ZPL as the user asks,
 * one per package (`linkLabelsByPieces`; when DHL gives one document for all, it is kept as one label
 * holding every page). The shipment's reference goes as the consignor reference (CU), by which
 * `GET /tracking` finds a shipment whose answer was lost. MyDHL has no shipment void and no label
 * reprint (get-image gives waybills and invoices only): see `cancel` and `createVoucher`.
 */
export class DhlExpressConnector implements CarrierAdapter {
  private readonly base: string;

  constructor(
    private readonly account: OpenAccount,
    private readonly line: CarrierLine,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = baseUrlOf(account) ?? '';
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    const body = this.shipmentRequest(s, tour, carrier, request);
    if (request.afterUncertain) await this.refuseIfMade(s);
    const answer = await this.call('POST', `${this.base}/shipments`, false, JSON.stringify(body));
    if (answer.status !== 201 && answer.status !== 200) throw this.refusal(answer);
    const made = answer.json as {
      shipmentTrackingNumber?: unknown;
      packages?: { referenceNumber?: unknown; trackingNumber?: unknown }[];
      documents?: { typeCode?: unknown; imageFormat?: unknown; content?: unknown; packageReferenceNumber?: unknown }[];
    } | null;
    const packages = asList(made?.packages).filter((p) => p && typeof p === 'object');
    const documents = asList(made?.documents).filter((d) => d && typeof d === 'object' && d.typeCode === 'label');
    const labels = documents.map(labelOf);
    if (
      typeof made?.shipmentTrackingNumber !== 'string' ||
      !made.shipmentTrackingNumber ||
      !packages.length ||
      packages.some((p) => typeof p.trackingNumber !== 'string' || !p.trackingNumber) ||
      !labels.length ||
      labels.includes(null)
    )
      throw new CarrierOutage('MALFORMED', 'DHL Express: shipment answer without its waybill, piece numbers or labels', true);
    // In the order of the packages: DHL numbers them as we did (referenceNumber 1…n).
    const order = (n: unknown, i: number) => (typeof n === 'number' ? n : i + 1);
    const pieces = packages.map((p, i) => ({ n: order(p.referenceNumber, i), trackingNumber: p.trackingNumber as string }));
    pieces.sort((a, b) => a.n - b.n);
    const perPackage =
      documents.length === pieces.length && documents.every((d) => typeof d.packageReferenceNumber === 'number')
        ? documents
            .map((d, i) => ({ n: d.packageReferenceNumber as number, label: labels[i] as CarrierLabel }))
            .sort((a, b) => a.n - b.n)
            .map((d) => d.label)
        : (labels as CarrierLabel[]);
    return {
      voucher: made.shipmentTrackingNumber,
      trackingNumbers: pieces.map((p) => p.trackingNumber),
      labels: perPackage,
      insuranceByMail: insuranceByMail(s, carrier),
    };
  }

  /**
   * MyDHL has no shipment void (its only DELETE cancels a pickup booking): a waybill whose parcels are
   * never handed to DHL is not billed, so canceling asks nothing of DHL.
   */
  /**
   * The account's rate of the shipment on the tour's product (`POST /rates`, every package): the
   * product's total in the billing currency (BILLC, else the first price given) and DHL's estimated
   * delivery day (QDDC, its commitment with clearance). One attempt: a quote has a short budget.
   */
  async quote(s: ShipmentDto, tour: TourDto): Promise<CarrierQuote> {
    const from = s.shipper.country;
    const to = s.recipient.country;
    const product = clip(tour.codes.product || defaultProductCode(from, to), 6);
    const packages = packagesOf(s.packings);
    const count = Math.max(1, packages.length);
    const list = packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }];
    const place = (p: ShipmentPartyDto) => ({
      postalCode: clip(p.zip, 12),
      cityName: clip(p.town, 45) || '-',
      countryCode: p.country,
    });
    const body = {
      customerDetails: { shipperDetails: place(s.shipper), receiverDetails: place(s.recipient) },
      accounts: [{ typeCode: 'shipper', number: this.account.settings.account_number }],
      productCode: product,
      plannedShippingDateAndTime: plannedShippingDateAndTime(s.date_shipment_desired, this.now()),
      unitOfMeasurement: 'metric',
      isCustomsDeclarable: from !== to && !(EU_CUSTOMS.has(from) && EU_CUSTOMS.has(to)),
      estimatedDeliveryDate: { isRequested: true, typeCode: 'QDDC' },
      packages: list.map((p) => ({
        weight: thousandths(Math.max(0.1, p.weightKg || s.total_weight_kg / count)),
        ...(p.lengthCm && p.widthCm && p.heightCm
          ? { dimensions: { length: Math.ceil(p.lengthCm), width: Math.ceil(p.widthCm), height: Math.ceil(p.heightCm) } }
          : {}),
      })),
    };
    const answer = await this.call('POST', `${this.base}/rates`, false, JSON.stringify(body));
    if (answer.status !== 200) throw this.refusal(answer, 'noCarrierService');
    return dhlQuoteOf(answer.json, product);
  }

  async cancel(): Promise<void> {
    // Nothing to tell DHL: see above.
  }

  /**
   * The events of a shipment from DHL's tracking (`GET /tracking` by waybill, every checkpoint, piece
   * level): the pieces' own events where DHL gives them, else the shipment's for each piece, mapped to
   * the portal's carrier event statuses (DHL_EVENT_STATUS); checkpoints that say nothing of the
   * delivery are left out.
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    if (!s.voucher) return [];
    const query = new URLSearchParams({ shipmentTrackingNumber: s.voucher, trackingView: 'all-checkpoints', levelOfDetail: 'all' });
    const answer = await this.call('GET', `${this.base}/tracking?${query.toString()}`, true);
    if (answer.status === 404) return [];
    if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
    const shipments = (answer.json as { shipments?: unknown } | null)?.shipments;
    if (!Array.isArray(shipments)) throw new CarrierOutage('MALFORMED', 'DHL Express: tracking answer without shipments', false);
    const events: CarrierTrackingEvent[] = [];
    const add = (trackingNumber: string, e: DhlCheckpoint) => {
      const status = DHL_EVENT_STATUS[String(e.typeCode ?? '').toUpperCase()];
      const at = checkpointTime(e);
      if (!status || !at) return;
      events.push({
        id: `${trackingNumber}:${e.date ?? ''}T${e.time ?? ''}:${e.typeCode}`,
        trackingNumber,
        status,
        at,
        note: clip([e.description, asList(e.serviceArea)[0]?.description].filter(Boolean).join(' – '), 200) || null,
      });
    };
    for (const shipment of shipments as { events?: DhlCheckpoint[]; pieces?: { trackingNumber?: unknown; events?: DhlCheckpoint[] }[] }[]) {
      const pieces = asList(shipment.pieces).filter(
        (p): p is { trackingNumber: string; events?: DhlCheckpoint[] } => typeof p?.trackingNumber === 'string',
      );
      const withOwn = pieces.filter((p) => asList(p.events).length);
      if (withOwn.length) for (const p of withOwn) for (const e of asList(p.events)) add(p.trackingNumber, e);
      else
        for (const t of pieces.length ? pieces.map((p) => p.trackingNumber) : s.tracking_numbers)
          for (const e of asList(shipment.events)) add(t, e);
    }
    return events.sort((a, b) => a.at.localeCompare(b.at));
  }

  /**
   * After a lost answer: the shipment DHL may have made under this reference (`GET /tracking` by
   * consignor reference). MyDHL gives no label again (get-image answers waybills and invoices, not
   * transport labels), so a shipment found is not made a second time: it is refused in words with its
   * waybill, for someone to settle with DHL. None found: the caller makes it.
   */
  private async refuseIfMade(s: ShipmentDto): Promise<void> {
    const day = (offsetDays: number) => localParts(new Date(this.now().getTime() + offsetDays * 86_400_000), SHIPPER_TIME_ZONE).day;
    const query = new URLSearchParams({
      shipmentReference: clip(s.reference, 35),
      shipmentReferenceType: 'CU',
      shipperAccountNumber: this.account.settings.account_number ?? '',
      // DHL wants a search by reference kept to a period: the days a lost request can have shipped on.
      dateRangeFrom: day(-15),
      dateRangeTo: day(15),
      trackingView: 'shipment-details-only',
      levelOfDetail: 'piece',
    });
    const answer = await this.call('GET', `${this.base}/tracking?${query.toString()}`, true);
    if (answer.status === 404) return;
    if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
    const shipments = (answer.json as { shipments?: unknown } | null)?.shipments;
    if (!Array.isArray(shipments)) throw new CarrierOutage('MALFORMED', 'DHL Express: tracking answer without shipments', true);
    const found = (shipments as { shipmentTrackingNumber?: unknown; pieces?: { trackingNumber?: unknown }[] }[]).filter(
      (x) => typeof x?.shipmentTrackingNumber === 'string' && x.shipmentTrackingNumber,
    );
    if (!found.length) return;
    const waybills = found.map((x) => x.shipmentTrackingNumber as string);
    const pieces = found.flatMap((x) => asList(x.pieces).map((p) => p?.trackingNumber)).filter((t): t is string => typeof t === 'string');
    throw new AppError(
      'voucherCreationFailed',
      `${CARRIER} DUPLICATE_RISK: a shipment already exists at DHL under reference ${s.reference} (waybill ${waybills.join(', ')})`,
      {
        carrier: CARRIER,
        code: 'DUPLICATE_RISK',
        message:
          `An earlier request got no answer, and DHL has a shipment under reference ${s.reference} (waybill ${waybills.join(', ')}). ` +
          'DHL gives no label again: no second shipment was made. Cancel this one and make it again, or settle it with DHL.',
        waybills,
        trackingNumbers: pieces,
      },
    );
  }

  private shipmentRequest(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest) {
    const refuse = (key: ErrorKey, code: string, message: string): never => {
      throw new AppError(key, `${CARRIER} ${code}: ${message}`, { carrier: CARRIER, code, message });
    };
    const from = s.shipper.country;
    const to = s.recipient.country;
    if (s.dangerous_goods.length || s.limited_quantities)
      refuse(
        'noCarrierService',
        'DANGEROUS_GOODS',
        'dangerous goods travel by air with DHL Express under a DHL content ID of its own contract (IATA), which an ADR UN number and class do not give',
      );
    if (s.cash_on_delivery) refuse('noCarrierService', 'COD', 'cash on delivery is not a service of DHL Express through MyDHL');
    if (from !== to && !(EU_CUSTOMS.has(from) && EU_CUSTOMS.has(to)))
      refuse(
        'noCarrierService',
        'CUSTOMS_DECLARATION',
        `a shipment from ${from} to ${to} is customs declarable: DHL needs an export declaration (invoice lines) that is not sent yet`,
      );
    if (!phoneOf(s.shipper) || !phoneOf(s.recipient))
      refuse('voucherCreationFailed', 'PHONE_REQUIRED', 'DHL Express needs a phone number of the shipper and of the recipient');
    const packages = packagesOf(s.packings);
    const count = Math.max(1, packages.length);
    const insured = s.insurance_value && !insuranceByMail(s, carrier) ? s.insurance_value : 0;
    const declared = s.declared_amount ?? s.insurance_value ?? null;
    const list = packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }];
    return {
      plannedShippingDateAndTime: plannedShippingDateAndTime(s.date_shipment_desired, this.now()),
      pickup: { isRequested: false },
      productCode: clip(tour.codes.product || defaultProductCode(from, to), 6),
      accounts: [{ typeCode: 'shipper', number: this.account.settings.account_number }],
      ...(insured ? { valueAddedServices: [{ serviceCode: 'II', value: thousandths(insured), currency: 'EUR' }] } : {}),
      outputImageProperties: {
        ...(request.format === 'ZPL' ? { printerDPI: 200 } : {}),
        encodingFormat: request.format === 'ZPL' ? 'zpl' : 'pdf',
        imageOptions: [{ typeCode: 'label' }, { typeCode: 'waybillDoc', isRequested: false }],
      },
      customerReferences: [{ value: clip(s.reference, 35), typeCode: 'CU' }],
      customerDetails: { shipperDetails: dhlParty(s.shipper), receiverDetails: dhlParty(s.recipient) },
      content: {
        packages: list.map((p, i) => ({
          referenceNumber: i + 1,
          weight: thousandths(Math.max(0.1, p.weightKg || s.total_weight_kg / count)),
          ...(p.lengthCm && p.widthCm && p.heightCm
            ? { dimensions: { length: Math.ceil(p.lengthCm), width: Math.ceil(p.widthCm), height: Math.ceil(p.heightCm) } }
            : {}),
        })),
        isCustomsDeclarable: false,
        ...(declared ? { declaredValue: thousandths(declared), declaredValueCurrency: 'EUR' } : {}),
        description: clip(s.content_description || '', 70) || 'Marchandises',
        incoterm: s.incoterm || 'DAP',
        unitOfMeasurement: 'metric',
      },
      ...(s.recipient.email ? { shipmentNotification: [{ typeCode: 'email', receiverId: clip(s.recipient.email, 50) }] } : {}),
      getAdditionalInformation: [{ typeCode: 'linkLabelsByPieces', isRequested: true }],
    };
  }

  /** A call with basic authentication; DHL refusing the credentials is an outage (AUTH), not a refusal. */
  private async call(method: 'GET' | 'POST', url: string, idempotent: boolean, body?: string): Promise<CarrierAnswer> {
    const { api_key: key, api_secret: secret } = this.account.secrets;
    const answer = await this.line.call({
      method,
      url,
      headers: {
        Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        'x-version': DHL_EXPRESS_API_VERSION,
        'Message-Reference': randomUUID(),
      },
      body,
      idempotent,
    });
    if (answer.status === 401 || answer.status === 403)
      throw new CarrierOutage('AUTH', `DHL Express refused the account’s credentials (HTTP ${answer.status})`, false, answer.status);
    return answer;
  }

  private refusal(answer: CarrierAnswer, fallback?: ErrorKey): Error {
    const problem = dhlProblem(answer.json);
    if (!problem || answer.status < 400)
      return new CarrierOutage('MALFORMED', `DHL Express: HTTP ${answer.status} without a problem`, true, answer.status);
    const key = fallback ?? refusalKeyOf(problem.code, problem.lines);
    return carrierRefusal(CARRIER, key, problem.code, problem.message, this.account.secrets);
  }
}

/**
 * A `/rates` answer read: the product asked for (else the first one), its billing-currency total and
 * its estimated delivery day; anything else is MALFORMED.
 */
export function dhlQuoteOf(json: unknown, productCode: string): CarrierQuote {
  const products = (json as { products?: unknown } | null)?.products;
  if (!Array.isArray(products) || !products.length)
    throw new CarrierOutage('MALFORMED', 'DHL Express: rates answer without products', false);
  type Product = {
    productCode?: unknown;
    productName?: unknown;
    totalPrice?: { currencyType?: unknown; priceCurrency?: unknown; price?: unknown }[];
    deliveryCapabilities?: { estimatedDeliveryDateAndTime?: unknown };
  };
  const all = products as Product[];
  const chosen = all.find((p) => p?.productCode === productCode) ?? all[0];
  const prices = Array.isArray(chosen?.totalPrice) ? chosen.totalPrice : [];
  const total =
    prices.find((p) => p?.currencyType === 'BILLC' && typeof p.price === 'number') ?? prices.find((p) => typeof p?.price === 'number');
  const currency = typeof total?.priceCurrency === 'string' ? total.priceCurrency.trim().toUpperCase() : '';
  const price = Number(total?.price);
  if (!Number.isFinite(price) || price < 0 || !/^[A-Z]{3}$/.test(currency))
    throw new CarrierOutage('MALFORMED', 'DHL Express: rates answer without a price in a currency', false);
  const when = chosen.deliveryCapabilities?.estimatedDeliveryDateAndTime;
  const day =
    typeof when === 'string' && /^\d{4}-\d{2}-\d{2}/.test(when) && !Number.isNaN(Date.parse(when.slice(0, 10))) ? when.slice(0, 10) : null;
  const name = typeof chosen.productName === 'string' ? chosen.productName.trim() : '';
  return {
    price: Math.round(price * 100) / 100,
    currency,
    deliveryDate: day,
    service: name ? clip(name, 60) : clip(String(chosen.productCode ?? productCode), 6),
  };
}

/** A label document as DHL gives it: base64 content in its image format (PDF or ZPL, as asked). */
function labelOf(document: { imageFormat?: unknown; content?: unknown }): CarrierLabel | null {
  const code = String(document.imageFormat ?? '').toUpperCase();
  if (typeof document.content !== 'string' || !document.content) return null;
  const format = code.startsWith('ZPL') ? 'ZPL' : code === 'PDF' ? 'PDF' : code === 'PNG' ? 'PNG' : code === 'GIF' ? 'GIF' : null;
  return format ? { format, content: Buffer.from(document.content, 'base64') } : null;
}

interface DhlCheckpoint {
  date?: string;
  time?: string;
  GMTOffset?: string;
  typeCode?: string;
  description?: string;
  serviceArea?: { code?: string; description?: string }[];
}

/**
 * DHL Express checkpoint codes (MyDHL tracking): picked up; processed, departed, arrived, with the
 * courier, customs cleared… in transit; delivered; not home, closed, bad address, held, refused…
 * anomaly; returned to the shipper.
 */
const DHL_EVENT_STATUS: Record<string, CarrierEventStatus> = {
  PU: 'PICKED_UP',
  PL: 'IN_TRANSIT',
  DF: 'IN_TRANSIT',
  AF: 'IN_TRANSIT',
  AR: 'IN_TRANSIT',
  CR: 'IN_TRANSIT',
  CC: 'IN_TRANSIT',
  TP: 'IN_TRANSIT',
  WC: 'IN_TRANSIT',
  OK: 'DELIVERED',
  NH: 'ANOMALY',
  CA: 'ANOMALY',
  BA: 'ANOMALY',
  HP: 'ANOMALY',
  MS: 'ANOMALY',
  RD: 'ANOMALY',
  RT: 'RETURNED',
};

/** A checkpoint's time in UTC from its local date, time and GMT offset (`+02:00`). */
function checkpointTime(e: DhlCheckpoint): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(e.date ?? '') || !/^\d{2}:\d{2}(:\d{2})?$/.test(e.time ?? '')) return null;
  const offset = /^[+-]\d{2}:\d{2}$/.test(e.GMTOffset ?? '') ? e.GMTOffset : 'Z';
  const at = new Date(`${e.date}T${e.time!.length === 5 ? `${e.time}:00` : e.time}${offset}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
