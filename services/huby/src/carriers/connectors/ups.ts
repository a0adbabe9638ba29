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
  PickupBooking,
  VoucherAnswer,
  VoucherRequest,
} from '../carrier-adapter';
import { CarrierOutage, type CarrierAnswer, type CarrierLine, type CarrierRequest } from './carrier-line';
import type { OpenAccount } from './connection-test';
import { baseUrlOf } from './connection-test';
import { asList, carrierRefusal, clip, digits, insuranceByMail, money, parisDay, weightText } from './connector-kit';

/** The API versions this connector was written against (UPS-API/api-documentation, Shipping.yaml). */
export const UPS_SHIP_VERSION = 'v2409';
export const UPS_RECOVERY_VERSION = 'v2403';
export const UPS_PICKUP_VERSION = 'v2409';
export const UPS_RATE_VERSION = 'v2409';

/**
 * UPS's refusal codes that the spec names (Shipping API errors appendix): the others are a refused
 * voucher with UPS's code and message.
 */
const UPS_REFUSALS: Record<string, ErrorKey> = {
  '120802': 'addressNotDeliverable', // Address Validation Error on ShipTo address
  '120100': 'addressNotDeliverable', // Missing or invalid ShipTo address
  '120208': 'zipTownNotReferenced', // Missing or invalid ShipTo postal code
  '120206': 'zipTownNotReferenced', // Missing or invalid ShipTo state province / city
  '121210': 'noCarrierService', // The requested service is unavailable between the selected locations
  '120114': 'noCarrierService', // Missing or invalid service code for the origin and destination
};

const party = (p: ShipmentPartyDto) => ({
  Name: clip(p.company_name || p.contact_name || '-', 35),
  ...(p.contact_name ? { AttentionName: clip(p.contact_name, 35) } : {}),
  ...(p.phone || p.mobile ? { Phone: { Number: clip(digits(p.phone || p.mobile || ''), 15) } } : {}),
  Address: {
    AddressLine: [p.address1, p.address2].filter((l): l is string => !!l).map((l) => clip(l, 35)),
    City: clip(p.town, 30),
    ...(p.state_code ? { StateProvinceCode: clip(p.state_code, 5) } : {}),
    PostalCode: clip(p.zip, 9),
    CountryCode: p.country,
  },
});

/**
 * UPS (OAuth 2 client credentials, Shipping API): a label request is one `ship` call for all the
 * packages, labels in ZPL or in GIF (UPS gives no PDF: the GIF becomes a PDF page when printed), the
 * shipment reference on every package so that Label Recovery finds a voucher made by a request whose
 * answer was lost. The token is kept until it expires and renewed once when UPS says it is not valid.
 */
export class UpsConnector implements CarrierAdapter {
  private token: { value: string; until: number } | undefined;
  private readonly base: string;

  constructor(
    private readonly account: OpenAccount,
    private readonly line: CarrierLine,
  ) {
    this.base = baseUrlOf(account) ?? '';
  }

  async createVoucher(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest): Promise<VoucherAnswer> {
    if (request.afterUncertain) {
      const found = await this.recover(s, request);
      if (found) return found;
    }
    const body = { ShipmentRequest: this.shipmentRequest(s, tour, carrier, request) };
    const answer = await this.authorized({
      method: 'POST',
      url: `${this.base}/api/shipments/${UPS_SHIP_VERSION}/ship`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      idempotent: false,
    });
    if (answer.status !== 200) throw this.refusal(answer);
    const results = (answer.json as { ShipmentResponse?: { ShipmentResults?: Record<string, unknown> } } | null)?.ShipmentResponse
      ?.ShipmentResults;
    const packages = asList(results?.PackageResults as unknown) as { TrackingNumber?: unknown; ShippingLabel?: Record<string, unknown> }[];
    const voucher = results?.ShipmentIdentificationNumber;
    const labels = packages.map((p) => labelOf(p.ShippingLabel));
    if (
      typeof voucher !== 'string' ||
      !packages.length ||
      packages.some((p) => typeof p.TrackingNumber !== 'string') ||
      labels.includes(null)
    )
      throw new CarrierOutage('MALFORMED', 'UPS: ship answer without tracking numbers or labels', true);
    return {
      voucher,
      trackingNumbers: packages.map((p) => p.TrackingNumber as string),
      labels: labels as CarrierLabel[],
      insuranceByMail: insuranceByMail(s, carrier),
    };
  }

  /** Voids the shipment at UPS (all its packages). Already voided or unknown: nothing left to void. */
  async cancel(s: ShipmentDto): Promise<void> {
    if (!s.voucher) return;
    const answer = await this.authorized({
      method: 'DELETE',
      url: `${this.base}/api/shipments/${UPS_SHIP_VERSION}/void/cancel/${encodeURIComponent(s.voucher)}`,
      headers: {},
      idempotent: true,
    });
    if (answer.status === 200) return;
    const { code } = upsError(answer.json);
    // 190117: already voided; 190101: no shipment found with that number.
    if (code === '190117' || code === '190101') return;
    throw this.refusal(answer, 'carrierServiceFailed');
  }

  /**
   * The events of a shipment's packages from UPS's Track API (one call per shipment: its
   * identification number answers every package), mapped to the portal's carrier event statuses;
   * billing information (M, MV) and unknown types are left out.
   */
  async track(s: Pick<FollowedShipment, 'voucher' | 'tracking_numbers'>): Promise<CarrierTrackingEvent[]> {
    const inquiry = s.voucher ?? s.tracking_numbers[0];
    if (!inquiry) return [];
    const answer = await this.authorized({
      method: 'GET',
      url: `${this.base}/api/track/v1/details/${encodeURIComponent(inquiry)}?locale=fr_FR&returnSignature=false`,
      headers: { Accept: 'application/json' },
      idempotent: true,
    });
    // Not known yet (UPS has not scanned it): nothing to say.
    if (answer.status === 404) return [];
    if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
    const shipments = (answer.json as { trackResponse?: { shipment?: unknown } } | null)?.trackResponse?.shipment;
    if (!Array.isArray(shipments)) throw new CarrierOutage('MALFORMED', 'UPS: track answer without shipments', false);
    const events: CarrierTrackingEvent[] = [];
    for (const shipment of shipments as { package?: UpsTrackedPackage[] }[])
      for (const p of asList(shipment.package))
        for (const a of asList(p.activity)) {
          const status = UPS_EVENT_STATUS[String(a.status?.type ?? '').toUpperCase()];
          const at = upsTime(a);
          if (!status || !at || !p.trackingNumber) continue;
          events.push({
            id: `${p.trackingNumber}:${a.date ?? ''}${a.time ?? ''}:${a.status?.code ?? a.status?.type}`,
            trackingNumber: p.trackingNumber,
            status,
            at,
            note: clip([a.status?.description, a.location?.address?.city].filter(Boolean).join(' – '), 200) || null,
          });
        }
    return events.sort((a, b) => a.at.localeCompare(b.at));
  }

  /**
   * Books the pickup with UPS's Pickup API: the place (UPS wants a phone for its driver), the day, the
   * ready time and a close time 4 hours later (before midnight), paid by the shipper's account;
   * answers UPS's pickup request number (PRN), which goes in the mail.
   */
  async requestPickup(p: PickupBooking, carrier: CarrierDto): Promise<{ reference: string }> {
    if (!p.phone)
      throw carrierRefusal('UPS', 'carrierServiceFailed', 'PHONE_REQUIRED', 'UPS needs a phone number at the pickup address', {});
    const [hour, minute] = p.pickup_hour.split(':').map(Number);
    const close = Math.min(23 * 60 + 59, hour * 60 + minute + 4 * 60);
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
    const body = {
      PickupCreationRequest: {
        Request: { TransactionReference: { CustomerContext: clip(`${p.depositor_code} ${p.pickup_date}`, 512) } },
        RatePickupIndicator: 'N',
        Shipper: { Account: { AccountNumber: this.account.settings.shipper_number, AccountCountryCode: p.shipper.country } },
        PickupDateInfo: { ReadyTime: hhmm(hour * 60 + minute), CloseTime: hhmm(close), PickupDate: p.pickup_date.replace(/-/g, '') },
        PickupAddress: {
          CompanyName: clip(p.shipper.company_name || p.shipper.contact_name || p.depositor_code, 27),
          ContactName: clip(p.shipper.contact_name || p.shipper.company_name || p.depositor_code, 22),
          AddressLine: [clip(p.shipper.address1, 35)],
          City: clip(p.shipper.town, 50),
          PostalCode: clip(p.shipper.zip, 8),
          CountryCode: p.shipper.country,
          ResidentialIndicator: 'N',
          Phone: { Number: clip(digits(p.phone), 25) },
        },
        AlternateAddressIndicator: 'N',
        PickupPiece: [{ ServiceCode: '011', Quantity: '1', DestinationCountryCode: p.shipper.country, ContainerCode: '01' }],
        PaymentMethod: '01',
      },
    };
    const answer = await this.authorized({
      method: 'POST',
      url: `${this.base}/api/pickupcreation/${UPS_PICKUP_VERSION}/pickup`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      idempotent: false,
    });
    if (answer.status !== 200) throw this.refusal(answer, 'carrierServiceFailed');
    const prn = (answer.json as { PickupCreationResponse?: { PRN?: unknown } } | null)?.PickupCreationResponse?.PRN;
    if (typeof prn !== 'string' || !prn) throw new CarrierOutage('MALFORMED', `${carrier.name}: pickup answer without its PRN`, true);
    return { reference: prn };
  }

  /**
   * The account's rate of the shipment on the tour's service (Rating API, `Rate` with time in
   * transit): the negotiated total when UPS gives one, else the published total, and the arrival day
   * UPS schedules for a pickup on the shipping day. One attempt: a quote has a short budget.
   */
  async quote(s: ShipmentDto, tour: TourDto): Promise<CarrierQuote> {
    const shipperNumber = this.account.settings.shipper_number;
    const packages = packagesOf(s.packings);
    const count = Math.max(1, packages.length);
    const pickupDay = (s.date_shipment_desired ?? parisDay(new Date())).replace(/-/g, '').slice(0, 8);
    const body = {
      RateRequest: {
        Request: { RequestOption: 'Rate', TransactionReference: { CustomerContext: clip(s.reference, 512) } },
        Shipment: {
          Shipper: { ...ratingParty(s.shipper), ShipperNumber: shipperNumber },
          ShipTo: ratingParty(s.recipient),
          ShipFrom: ratingParty(s.shipper),
          Service: { Code: clip(tour.codes.service || '11', 2) },
          Package: (packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }]).map(
            (p) => ({
              PackagingType: { Code: '02' },
              ...(p.lengthCm && p.widthCm && p.heightCm
                ? {
                    Dimensions: {
                      UnitOfMeasurement: { Code: 'CM', Description: 'Centimeters' },
                      Length: String(Math.ceil(p.lengthCm)),
                      Width: String(Math.ceil(p.widthCm)),
                      Height: String(Math.ceil(p.heightCm)),
                    },
                  }
                : {}),
              PackageWeight: {
                UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' },
                Weight: weightText(p.weightKg || s.total_weight_kg / count),
              },
            }),
          ),
          ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
          DeliveryTimeInformation: { PackageBillType: '03', Pickup: { Date: pickupDay } },
        },
      },
    };
    const answer = await this.authorized({
      method: 'POST',
      url: `${this.base}/api/rating/${UPS_RATE_VERSION}/Rate?additionalinfo=timeintransit`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      idempotent: false,
    });
    if (answer.status !== 200) throw this.refusal(answer, 'noCarrierService');
    return upsQuoteOf(answer.json);
  }

  /** The voucher a lost answer made, found by the shipment's reference (Label Recovery); null when none. */
  private async recover(s: ShipmentDto, request: VoucherRequest): Promise<VoucherAnswer | null> {
    const body = {
      LabelRecoveryRequest: {
        Request: { RequestOption: 'Non_Validate', TransactionReference: { CustomerContext: clip(s.reference, 512) } },
        LabelSpecification: labelSpecification(request),
        ReferenceValues: { ReferenceNumber: { Value: clip(s.reference, 35) }, ShipperNumber: this.account.settings.shipper_number },
      },
    };
    const answer = await this.authorized({
      method: 'POST',
      url: `${this.base}/api/labels/${UPS_RECOVERY_VERSION}/recovery`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      idempotent: true,
    });
    if (answer.status !== 200) {
      // UPS's common errors (10001…20012) say the request itself was wrong: not a "nothing found".
      const { code } = upsError(answer.json);
      if ((answer.status === 400 || answer.status === 404) && code && !/^[12]00\d\d$/.test(code)) return null;
      throw this.refusal(answer, 'carrierServiceFailed');
    }
    const found = (answer.json as { LabelRecoveryResponse?: Record<string, unknown> } | null)?.LabelRecoveryResponse;
    const results = asList(found?.LabelResults as unknown) as { TrackingNumber?: unknown; LabelImage?: Record<string, unknown> }[];
    const labels = results.map((r) => labelOf(r.LabelImage, 'LabelImageFormat'));
    if (!results.length || results.some((r) => typeof r.TrackingNumber !== 'string') || labels.includes(null))
      throw new CarrierOutage('MALFORMED', 'UPS: label recovery answer without labels', true);
    const trackingNumbers = results.map((r) => r.TrackingNumber as string);
    return {
      voucher: typeof found?.ShipmentIdentificationNumber === 'string' ? found.ShipmentIdentificationNumber : trackingNumbers[0],
      trackingNumbers,
      labels: labels as CarrierLabel[],
      insuranceByMail: false,
    };
  }

  private shipmentRequest(s: ShipmentDto, tour: TourDto, carrier: CarrierDto, request: VoucherRequest) {
    const shipperNumber = this.account.settings.shipper_number;
    if (s.dangerous_goods.length)
      throw new AppError('noCarrierService', 'UPS: dangerous goods need a UPS hazmat contract, not offered on this account', {
        carrier: carrier.ref,
        code: 'HAZMAT',
      });
    const packages = packagesOf(s.packings);
    const count = Math.max(1, packages.length);
    const declared = s.insurance_value && !insuranceByMail(s, carrier) ? s.insurance_value / count : 0;
    const cod = s.cash_on_delivery ? s.cash_on_delivery / count : 0;
    const shipper = party(s.shipper);
    return {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: clip(s.reference, 512) } },
      Shipment: {
        Description: clip(s.content_description || 'Marchandises', 50),
        Shipper: { ...shipper, ShipperNumber: shipperNumber },
        ShipTo: {
          ...party(s.recipient),
          ...(s.recipient.email ? { EMailAddress: clip(s.recipient.email, 50) } : {}),
        },
        ShipFrom: shipper,
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: shipperNumber } }] },
        Service: { Code: clip(tour.codes.service || '11', 2) },
        ...(s.recipient.email
          ? {
              ShipmentServiceOptions: {
                Notification: [{ NotificationCode: '6', EMail: { EMailAddress: [clip(s.recipient.email, 50)] } }],
              },
            }
          : {}),
        Package: (packages.length ? packages : [{ weightKg: s.total_weight_kg, lengthCm: null, widthCm: null, heightCm: null }]).map(
          (p) => ({
            Packaging: { Code: '02' },
            ...(p.lengthCm && p.widthCm && p.heightCm
              ? {
                  Dimensions: {
                    UnitOfMeasurement: { Code: 'CM' },
                    Length: String(Math.ceil(p.lengthCm)),
                    Width: String(Math.ceil(p.widthCm)),
                    Height: String(Math.ceil(p.heightCm)),
                  },
                }
              : {}),
            PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: weightText(p.weightKg || s.total_weight_kg / count) },
            ReferenceNumber: [{ Value: clip(s.reference, 35) }],
            ...(declared || cod
              ? {
                  PackageServiceOptions: {
                    ...(declared ? { DeclaredValue: { CurrencyCode: 'EUR', MonetaryValue: money(declared) } } : {}),
                    ...(cod ? { COD: { CODFundsCode: '0', CODAmount: { CurrencyCode: 'EUR', MonetaryValue: money(cod) } } } : {}),
                  },
                }
              : {}),
          }),
        ),
      },
      LabelSpecification: labelSpecification(request),
    };
  }

  /** A call with UPS's bearer token; a 401 renews the token once and sends the call again. */
  private async authorized(request: CarrierRequest): Promise<CarrierAnswer> {
    const send = async (token: string) =>
      this.line.call({
        ...request,
        headers: {
          ...request.headers,
          Authorization: `Bearer ${token}`,
          transId: randomUUID().replace(/-/g, ''),
          transactionSrc: 'portal',
        },
      });
    const first = await send(await this.bearer());
    if (first.status !== 401) return first;
    this.token = undefined;
    const second = await send(await this.bearer());
    if (second.status === 401) throw new CarrierOutage('AUTH', 'UPS: the account’s token is refused', false, 401);
    return second;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const { client_id: id, shipper_number: merchant } = this.account.settings;
    const secret = this.account.secrets.client_secret;
    const answer = await this.line.call({
      method: 'POST',
      url: `${this.base}/security/v1/oauth/token`,
      headers: {
        Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'x-merchant-id': merchant,
      },
      body: 'grant_type=client_credentials',
      idempotent: true,
    });
    const token = answer.json as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof token?.access_token !== 'string')
      throw new CarrierOutage('AUTH', `UPS refused the account’s credentials (HTTP ${answer.status})`, false, answer.status);
    // Renewed a minute before UPS says it expires.
    const seconds = Number(token.expires_in) || 3600;
    this.token = { value: token.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return token.access_token;
  }

  private refusal(answer: CarrierAnswer, fallback: ErrorKey = 'voucherCreationFailed'): Error {
    const { code, message } = upsError(answer.json);
    if (!code) return new CarrierOutage('MALFORMED', `UPS: HTTP ${answer.status} without an error`, true, answer.status);
    return carrierRefusal('UPS', UPS_REFUSALS[code] ?? fallback, code, message, this.account.secrets);
  }
}

/** A party as the Rating API wants it: an address line is required, a state code has 2 letters. */
const ratingParty = (p: ShipmentPartyDto) => ({
  Name: clip(p.company_name || p.contact_name || '-', 35),
  Address: {
    AddressLine: [p.address1, p.address2]
      .filter((l): l is string => !!l?.trim())
      .map((l) => clip(l, 35))
      .slice(0, 3),
    City: clip(p.town, 30),
    ...(p.state_code && p.state_code.trim().length === 2 ? { StateProvinceCode: p.state_code.trim() } : {}),
    PostalCode: clip(p.zip, 9),
    CountryCode: p.country,
  },
});

/**
 * A Rate answer read: the first rated shipment's negotiated total (else its total charges), its
 * currency, the scheduled arrival day (YYYYMMDD) and the service's name; anything else is MALFORMED.
 */
export function upsQuoteOf(json: unknown): CarrierQuote {
  const rated = asList(
    (json as { RateResponse?: { RatedShipment?: unknown } } | null)?.RateResponse?.RatedShipment as Record<string, unknown> | undefined,
  )[0] as
    | {
        TotalCharges?: { CurrencyCode?: unknown; MonetaryValue?: unknown };
        NegotiatedRateCharges?: { TotalCharge?: { CurrencyCode?: unknown; MonetaryValue?: unknown } };
        Service?: { Code?: unknown; Description?: unknown };
        TimeInTransit?: { ServiceSummary?: { Service?: { Description?: unknown }; EstimatedArrival?: { Arrival?: { Date?: unknown } } } };
      }
    | undefined;
  const charge = rated?.NegotiatedRateCharges?.TotalCharge ?? rated?.TotalCharges;
  const price = Number(typeof charge?.MonetaryValue === 'string' ? charge.MonetaryValue : NaN);
  const currency = typeof charge?.CurrencyCode === 'string' ? charge.CurrencyCode.trim().toUpperCase() : '';
  if (!Number.isFinite(price) || price < 0 || !/^[A-Z]{3}$/.test(currency))
    throw new CarrierOutage('MALFORMED', 'UPS: rate answer without a total charge', false);
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(String(rated?.TimeInTransit?.ServiceSummary?.EstimatedArrival?.Arrival?.Date ?? ''));
  const named = rated?.TimeInTransit?.ServiceSummary?.Service?.Description ?? rated?.Service?.Description;
  const code = typeof rated?.Service?.Code === 'string' ? rated.Service.Code : '';
  return {
    price: Math.round(price * 100) / 100,
    currency,
    deliveryDate: day && !Number.isNaN(Date.parse(`${day[1]}-${day[2]}-${day[3]}`)) ? `${day[1]}-${day[2]}-${day[3]}` : null,
    service: typeof named === 'string' && named.trim() ? clip(named, 60) : code ? `UPS ${code}` : null,
  };
}

/** UPS's error body: `{ response: { errors: [{ code, message }] } }`. */
function upsError(body: unknown): { code?: string; message?: string } {
  const error = (body as { response?: { errors?: { code?: unknown; message?: unknown }[] } } | null)?.response?.errors?.[0];
  return error ? { code: String(error.code ?? ''), message: String(error.message ?? '') } : {};
}

function labelSpecification(request: VoucherRequest) {
  return request.format === 'ZPL'
    ? { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } }
    : { LabelImageFormat: { Code: 'GIF' }, HTTPUserAgent: 'Mozilla/4.5', LabelStockSize: { Height: '6', Width: '4' } };
}

/** A package's label as UPS gives it (base64 in GraphicImage, its format's code). */
function labelOf(label: Record<string, unknown> | undefined, formatField = 'ImageFormat'): CarrierLabel | null {
  const code = String((label?.[formatField] as { Code?: unknown } | undefined)?.Code ?? '').toUpperCase();
  const image = label?.GraphicImage;
  if (typeof image !== 'string' || !image) return null;
  const format = code === 'ZPL' ? 'ZPL' : code === 'GIF' ? 'GIF' : code === 'PNG' ? 'PNG' : code === 'PDF' ? 'PDF' : null;
  return format ? { format, content: Buffer.from(image, 'base64') } : null;
}

interface UpsTrackedPackage {
  trackingNumber?: string;
  activity?: UpsActivity[];
}
interface UpsActivity {
  date?: string;
  time?: string;
  gmtDate?: string;
  gmtTime?: string;
  gmtOffset?: string;
  status?: { type?: string; code?: string; description?: string };
  location?: { address?: { city?: string } };
}

/** UPS's activity types (Tracking API): pickup, in transit, out for delivery, exception, delivered, returned. */
const UPS_EVENT_STATUS: Record<string, CarrierEventStatus> = {
  P: 'PICKED_UP',
  I: 'IN_TRANSIT',
  O: 'IN_TRANSIT',
  W: 'IN_TRANSIT',
  DO: 'IN_TRANSIT',
  DD: 'IN_TRANSIT',
  X: 'ANOMALY',
  D: 'DELIVERED',
  RS: 'RETURNED',
};

/** An activity's time in UTC: its GMT date and time (YYYYMMDD, HH:MM:SS), else its local ones with the offset. */
function upsTime(a: UpsActivity): string | null {
  const day = /^(\d{4})(\d{2})(\d{2})$/;
  const gmt = day.exec(a.gmtDate ?? '');
  const gmtTime = /^(\d{2}):?(\d{2}):?(\d{2})$/.exec(a.gmtTime ?? '');
  const valid = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString());
  if (gmt && gmtTime) return valid(new Date(`${gmt[1]}-${gmt[2]}-${gmt[3]}T${gmtTime[1]}:${gmtTime[2]}:${gmtTime[3]}Z`));
  const local = day.exec(a.date ?? '');
  const localTime = /^(\d{2}):?(\d{2}):?(\d{2})$/.exec(a.time ?? '');
  const offset = /^[+-]\d{2}:\d{2}$/.test(a.gmtOffset ?? '') ? a.gmtOffset : 'Z';
  if (!local || !localTime) return null;
  return valid(new Date(`${local[1]}-${local[2]}-${local[3]}T${localTime[1]}:${localTime[2]}:${localTime[3]}${offset}`));
}
