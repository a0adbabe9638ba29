import bwipjs from 'bwip-js';
import sharp from 'sharp';
import { schemaErrors } from './carrier-schemas.ts';

/**
 * UPS's Shipping API as the fake answers it (Shipping.yaml of UPS-API/api-documentation): `ship`
 * makes a shipment with one tracking number and one label per package (GIF lying as UPS gives it,
 * or ZPL), with a real Code 128 of the tracking number; `void/cancel` voids it; `labels/recovery`
 * finds it again by reference. Every request body is validated against the published schema first.
 * Refusals, from the recipient: postcode 00000 (120208), "poste restante" (120802), country KP
 * (121210); a reference ending in -KO (121111, a refusal without a spec key).
 */
export interface UpsFakeShipment {
  id: string;
  reference: string;
  shipperNumber: string;
  trackingNumbers: string[];
  format: 'GIF' | 'ZPL';
  labels: string[];
  request: unknown;
}

/** One scan of a shipment, as UPS's Track API lists it (type P, I, O, X, D, RS, M…). */
export interface UpsFakeScan {
  type: string;
  code: string;
  description: string;
  at: Date;
  city?: string;
}

export interface UpsFakeState {
  shipments: Map<string, UpsFakeShipment>;
  voided: Set<string>;
  tokens: Set<string>;
  serial: number;
  /** Scans per shipment identification number (every package of the shipment is scanned). */
  scans: Map<string, UpsFakeScan[]>;
  /** Pickups booked, by pickup request number (PRN). */
  pickups: Map<string, unknown>;
  /** Rate requests answered. */
  rates: number;
  /**
   * Benchmarks: one GIF drawn once for every label, so that the fake's own drawing (CPU on the same
   * machine) does not weigh on what is measured of the portal. Its barcode is not the package's.
   */
  cannedGif?: boolean;
  canned?: string;
}

export const newUpsFakeState = (): UpsFakeState => ({
  shipments: new Map(),
  voided: new Set(),
  tokens: new Set(),
  serial: 0,
  scans: new Map(),
  pickups: new Map(),
  rates: 0,
});

/** A scan of the shipment at UPS (the fake's Track API answers it from then on). */
export function upsScan(state: UpsFakeState, id: string, scan: UpsFakeScan): void {
  state.scans.set(id, [...(state.scans.get(id) ?? []), scan]);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const hms = (d: Date) => d.toISOString().slice(11, 19);

export interface FakeAnswer {
  status: number;
  body: unknown;
}

const upsError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { response: { errors: [{ code, message }] } },
});

/** A UPS-like label: 6×4 in at 203 dpi, lying, with the tracking number's Code 128 and words. */
async function gifLabel(trackingNumber: string, reference: string, n: number, of: number): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: trackingNumber,
    scale: 3,
    height: 22,
    includetext: true,
    paddingwidth: 12,
  });
  const portrait = await sharp({ create: { width: 812, height: 1218, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="812" height="300"><text x="40" y="80" font-size="56" font-family="sans-serif">UPS STANDARD</text>` +
            `<text x="40" y="160" font-size="36" font-family="sans-serif">${reference} ${n}/${of}</text></svg>`,
        ),
        top: 20,
        left: 0,
      },
      { input: barcode, top: 420, left: 60 },
    ])
    .png()
    .toBuffer();
  return sharp(portrait).rotate(-90).gif().toBuffer();
}

/** Draws one label, so that the first label request does not also wait for the image library to load. */
export async function warmUpsFake(): Promise<void> {
  await gifLabel('1Z0000000000000000', 'WARM', 1, 1);
}

const zplLabel = (trackingNumber: string, reference: string, n: number, of: number): string =>
  `^XA^CI28^FO40,40^A0N,50,50^FDUPS STANDARD^FS^FO40,110^A0N,30,30^FD${reference} ${n}/${of}^FS` +
  `^FO60,300^BY3^BCN,200,Y,N,N^FD${trackingNumber}^FS^XZ`;

export async function upsRoute(
  state: UpsFakeState,
  route: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<FakeAnswer | undefined> {
  const isShip = /^POST \/api\/shipments\/v\d+\/ship$/.test(route);
  const isVoid = /^DELETE \/api\/shipments\/v\d+\/void\/cancel\/[^/]+$/.test(route);
  const isRecovery = /^POST \/api\/labels\/v\d+\/recovery$/.test(route);
  const isTrack = /^GET \/api\/track\/v1\/details\/[^/]+$/.test(route);
  const isPickup = /^POST \/api\/pickupcreation\/v\d+\/pickup$/.test(route);
  const isRate = /^POST \/api\/rating\/v\d+\/(Rate|Shop|Ratetimeintransit|Shoptimeintransit)$/.test(route);
  if (!isShip && !isVoid && !isRecovery && !isTrack && !isPickup && !isRate) return undefined;
  const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
  if (!bearer || !state.tokens.has(bearer)) return upsError(401, '250002', 'Invalid Authentication Information.');
  if (isTrack) {
    // Tracking.yaml: transId and transactionSrc are required headers.
    if (!headers.transid || !headers.transactionsrc) {
      violations.push(`${route}: transId and transactionSrc headers are required`);
      return upsError(400, '10002', 'Missing transId or transactionSrc');
    }
    const id = decodeURIComponent(route.split('/').pop() ?? '');
    const shipment = state.shipments.get(id);
    if (!shipment) return upsError(404, 'TW0001', 'Tracking Information Not Found');
    const scans = [...(state.scans.get(id) ?? [])].reverse();
    return {
      status: 200,
      body: {
        trackResponse: {
          shipment: [
            {
              inquiryNumber: id,
              package: shipment.trackingNumbers.map((trackingNumber) => ({
                trackingNumber,
                activity: [
                  ...scans.map((x) => ({
                    location: { address: { city: x.city ?? 'LYON', countryCode: 'FR' } },
                    status: { type: x.type, description: x.description, code: x.code, statusCode: '000' },
                    date: ymd(x.at),
                    time: hms(x.at).replace(/:/g, ''),
                    gmtDate: ymd(x.at),
                    gmtTime: hms(x.at),
                    gmtOffset: '+00:00',
                  })),
                  // UPS always lists the billing information it received: no status for the portal.
                  {
                    status: { type: 'M', description: 'Shipper created a label', code: 'MP', statusCode: '003' },
                    date: '20260101',
                    time: '080000',
                  },
                ],
              })),
            },
          ],
        },
      },
    };
  }
  if (isRate) return rateAnswer(state, route, headers, body, violations);
  if (isPickup) {
    let pickup: unknown;
    try {
      pickup = JSON.parse(body);
    } catch {
      return upsError(400, '10001', 'The request is not well formed.');
    }
    const errors = schemaErrors('ups/Pickup.yaml', 'PICKUPCreationRequestWrapper', pickup);
    if (errors.length) {
      violations.push(...errors.map((e) => `${route}: ${e}`));
      return upsError(400, '10002', `The request is well formed but the request is not valid: ${errors[0]}`);
    }
    state.serial += 1;
    const prn = `2929${String(state.serial).padStart(3, '0')}E9CP`;
    state.pickups.set(prn, pickup);
    return {
      status: 200,
      body: {
        PickupCreationResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          PRN: prn,
          RateStatus: { Code: '01', Description: 'Rate not requested' },
        },
      },
    };
  }
  let json: unknown = undefined;
  if (!isVoid) {
    try {
      json = JSON.parse(body);
    } catch {
      return upsError(400, '10001', 'The request is not well formed.');
    }
    const errors = schemaErrors('ups/Shipping.yaml', isShip ? 'SHIPRequestWrapper' : 'LABELRECOVERYRequestWrapper', json);
    if (errors.length) {
      violations.push(...errors.map((e) => `${route}: ${e}`));
      return upsError(400, '10002', `The request is well formed but the request is not valid: ${errors[0]}`);
    }
  }

  if (isVoid) {
    const id = decodeURIComponent(route.split('/').pop() ?? '');
    if (!state.shipments.has(id)) return upsError(400, '190101', 'No shipment found within the allowed void period');
    if (state.voided.has(id)) return upsError(400, '190117', 'The shipment has already been voided');
    state.voided.add(id);
    return {
      status: 200,
      body: {
        VoidShipmentResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
        },
      },
    };
  }

  if (isRecovery) {
    const r = (json as { LabelRecoveryRequest: { ReferenceValues?: { ReferenceNumber: { Value: string }; ShipperNumber: string } } })
      .LabelRecoveryRequest;
    const found = [...state.shipments.values()].find(
      (s) =>
        r.ReferenceValues && s.reference === r.ReferenceValues.ReferenceNumber.Value && s.shipperNumber === r.ReferenceValues.ShipperNumber,
    );
    if (!found || state.voided.has(found.id)) return upsError(400, '120541', 'No label found for the given reference');
    return {
      status: 200,
      body: {
        LabelRecoveryResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          ShipmentIdentificationNumber: found.id,
          LabelResults: found.trackingNumbers.map((t, i) => ({
            TrackingNumber: t,
            LabelImage: { LabelImageFormat: { Code: found.format }, GraphicImage: found.labels[i] },
          })),
        },
      },
    };
  }

  const request = (json as { ShipmentRequest: ShipRequest }).ShipmentRequest;
  const shipment = request.Shipment;
  const to = shipment.ShipTo.Address;
  const line = to.AddressLine.join(' ');
  if (to.PostalCode === '00000') return upsError(400, '120208', 'Missing or invalid ship to postal code');
  if (/poste restante/i.test(line)) return upsError(400, '120802', 'Address Validation Error on ShipTo address');
  if (to.CountryCode === 'KP') return upsError(400, '121210', 'The requested service is unavailable between the selected locations.');
  const packages = Array.isArray(shipment.Package) ? shipment.Package : [shipment.Package];
  const reference = packages[0]?.ReferenceNumber?.[0]?.Value ?? '';
  if (/-KO$/.test(reference)) return upsError(400, '121111', 'Shipment could not be processed');
  const format = request.LabelSpecification?.LabelImageFormat.Code === 'ZPL' ? 'ZPL' : 'GIF';
  state.serial += 1;
  const base = `1Z${shipment.Shipper.ShipperNumber}${shipment.Service.Code.padStart(2, '0')}`;
  const trackingNumbers = packages.map((_, i) => `${base}${String(state.serial * 100 + i).padStart(8, '0')}`);
  const labels: string[] = [];
  for (const [i, t] of trackingNumbers.entries())
    labels.push(
      format === 'ZPL'
        ? Buffer.from(zplLabel(t, reference, i + 1, packages.length)).toString('base64')
        : state.cannedGif
          ? (state.canned ??= (await gifLabel('1Z000000000000000', 'BENCH', 1, 1)).toString('base64'))
          : (await gifLabel(t, reference, i + 1, packages.length)).toString('base64'),
    );
  const id = trackingNumbers[0];
  state.shipments.set(id, { id, reference, shipperNumber: shipment.Shipper.ShipperNumber, trackingNumbers, format, labels, request });
  const results = trackingNumbers.map((t, i) => ({
    TrackingNumber: t,
    ShippingLabel: { ImageFormat: { Code: format, Description: format }, GraphicImage: labels[i] },
  }));
  return {
    status: 200,
    body: {
      ShipmentResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' }, TransactionReference: request.Request.TransactionReference },
        ShipmentResults: {
          BillingWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: '1.0' },
          ShipmentIdentificationNumber: id,
          // UPS answers one package as an object, several as a list.
          PackageResults: results.length === 1 ? results[0] : results,
        },
      },
    },
  };
}

interface ShipRequest {
  Request: { TransactionReference?: unknown };
  Shipment: {
    Shipper: { ShipperNumber: string };
    ShipTo: { Address: { AddressLine: string[]; PostalCode?: string; CountryCode: string } };
    Service: { Code: string };
    Package: { ReferenceNumber?: { Value: string }[] }[] | { ReferenceNumber?: { Value: string }[] };
  };
  LabelSpecification?: { LabelImageFormat: { Code: string } };
}

/**
 * The Rating API (Rating.yaml): the request validated against RATERequestWrapper, the answer against
 * RATEResponseWrapper. The fake's tariff: 7.90 plus 0.85 per billed kg (a negotiated total 10 % lower),
 * arrival two business days after the pickup day (one for Express Saver, 65). A recipient postcode
 * 00000 is refused (111285).
 */
function rateAnswer(
  state: UpsFakeState,
  route: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): FakeAnswer {
  if (!headers.transid || !headers.transactionsrc) {
    violations.push(`${route}: transId and transactionSrc headers are required`);
    return upsError(400, '10002', 'Missing transId or transactionSrc');
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return upsError(400, '10001', 'The request is not well formed.');
  }
  const errors = schemaErrors('ups/Rating.yaml', 'RATERequestWrapper', json);
  if (errors.length) {
    violations.push(...errors.map((e) => `${route}: ${e}`));
    return upsError(400, '10002', `The request is well formed but the request is not valid: ${errors[0]}`);
  }
  state.rates += 1;
  const shipment = (json as { RateRequest: { Shipment: RateShipment } }).RateRequest.Shipment;
  if (shipment.ShipTo.Address.PostalCode === '00000') return upsError(400, '111285', 'The postal code 00000 is invalid for FR France.');
  const packages = Array.isArray(shipment.Package) ? shipment.Package : [shipment.Package];
  const kg = packages.reduce((sum, p) => sum + Number(p.PackageWeight?.Weight ?? 0), 0);
  const billed = Math.max(1, Math.ceil(kg));
  const total = 7.9 + 0.85 * billed;
  const code = shipment.Service?.Code ?? '11';
  const pickup = shipment.DeliveryTimeInformation?.Pickup?.Date ?? ymd(new Date());
  const arrival = businessDaysAfter(pickup, code === '65' ? 1 : 2);
  const money = (n: number) => ({ CurrencyCode: 'EUR', MonetaryValue: n.toFixed(2) });
  const answer = {
    RateResponse: {
      Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
      RatedShipment: [
        {
          Service: { Code: code, Description: code === '65' ? 'UPS Express Saver' : 'UPS Standard' },
          BillingWeight: { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: String(billed) },
          TransportationCharges: money(total),
          ServiceOptionsCharges: money(0),
          TotalCharges: money(total),
          NegotiatedRateCharges: { TotalCharge: money(Math.round(total * 90) / 100) },
          RatedPackage: packages.map(() => ({})),
          TimeInTransit: {
            PickupDate: pickup,
            ServiceSummary: {
              Service: { Description: code === '65' ? 'UPS Express Saver' : 'UPS Standard' },
              EstimatedArrival: {
                Arrival: { Date: arrival, Time: '230000' },
                Pickup: { Date: pickup, Time: '180000' },
                BusinessDaysInTransit: code === '65' ? '1' : '2',
                DayOfWeek: 'MON',
              },
            },
          },
        },
      ],
    },
  };
  violations.push(...schemaErrors('ups/Rating.yaml', 'RATEResponseWrapper', answer).map((e) => `fake answer to ${route}: ${e}`));
  return { status: 200, body: answer };
}

interface RateShipment {
  ShipTo: { Address: { PostalCode?: string } };
  Service?: { Code: string };
  Package: { PackageWeight?: { Weight: string } }[] | { PackageWeight?: { Weight: string } };
  DeliveryTimeInformation?: { Pickup?: { Date: string } };
}

/** YYYYMMDD `days` business days (Monday to Friday) after a YYYYMMDD day. */
function businessDaysAfter(day: string, days: number): string {
  const at = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6) left -= 1;
  }
  return ymd(at);
}
