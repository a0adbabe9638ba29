import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import { parameterErrors, schemaErrors } from './carrier-schemas.ts';

/**
 * DHL Express's MyDHL API as the fake answers it (dpdhl-express-api-3.3.1.yaml, DHL's published
 * OpenAPI document), under /mydhlapi as on DHL's host: `POST /shipments` makes a shipment (a 10-digit
 * waybill, one piece number per package) with its labels, PDF pages drawn with pdfkit or ZPL, each
 * with a real Code 128 of its piece number; one label document per package when asked
 * (`linkLabelsByPieces`), else one document for all (`onePerShipment` forces that, as DHL may do);
 * `GET /tracking` finds a shipment by consignor reference (CU) and shipper account. Basic
 * authentication with the account's key and secret; every request body is validated against the
 * published schema, its query and headers against the operation's parameters (x-version 3.3.1), and
 * every answer of the fake against the published answer schemas, before anything else.
 *
 * Refusals, from the recipient, in DHL's problem+json: postcode 00000, "poste restante", country KP or
 * the domestic product N between two countries, a reference ending in -KO. DHL's table of codes is
 * not in its OpenAPI document: 7008's words and 998's are DHL's own (from the document's examples),
 * the others (4103xx, 410001) are the fake's; the fields named in the words are DHL's JSON pointers,
 * as its answers write them.
 */
export interface DhlFakeShipment {
  waybill: string;
  reference: string;
  account: string;
  trackingNumbers: string[];
  format: 'PDF' | 'ZPL';
  /** Base64 label documents as answered: one per package, or one for all. */
  labels: string[];
  request: unknown;
  at: string;
}

/** One checkpoint of a shipment, as DHL's tracking lists them (typeCode PU, PL, DF, AR, WC, OK, NH, RT…). */
export interface DhlFakeScan {
  typeCode: string;
  description: string;
  at: Date;
}

export interface DhlFakeState {
  shipments: Map<string, DhlFakeShipment>;
  /** Checkpoints per waybill (the shipment's; its pieces carry none of their own). */
  scans: Map<string, DhlFakeScan[]>;
  serial: number;
  /** Answer one label document for all the packages even when one per package is asked. */
  onePerShipment: boolean;
  /** Rate requests answered. */
  rates: number;
}

export const newDhlFakeState = (): DhlFakeState => ({ shipments: new Map(), scans: new Map(), serial: 0, onePerShipment: false, rates: 0 });

/** A checkpoint of the shipment at DHL (the fake's tracking answers it from then on). */
export function dhlScan(state: DhlFakeState, waybill: string, scan: DhlFakeScan): void {
  state.scans.set(waybill, [...(state.scans.get(waybill) ?? []), scan]);
}

export interface DhlFakeAnswer {
  status: number;
  body: unknown;
}

export const DHL_SCHEMA = 'dhl-express/dpdhl-express-api-3.3.1.yaml';
const S = (name: string) => `supermodelIoLogisticsExpress${name}`;

const problem = (status: number, instance: string, detail: string, title: string, additionalDetails?: string[]): DhlFakeAnswer => ({
  status,
  body: { instance, detail, title, message: title, ...(additionalDetails ? { additionalDetails } : {}), status: String(status) },
});

const basicOf = (header: string | undefined): [string, string] | null => {
  const m = /^Basic (.+)$/.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : [text.slice(0, i), text.slice(i + 1)];
};

/** A label page as DHL's 4×6 in label stock, its piece number in Code 128 (drawn as bars) and words. */
function drawLabel(doc: PDFKit.PDFDocument, piece: string, waybill: string, reference: string, n: number, of: number): void {
  doc.addPage({ size: [288, 432], margin: 0 });
  doc.font('Helvetica-Bold').fontSize(22).text('DHL EXPRESS', 18, 18);
  doc.font('Helvetica').fontSize(11).text(`WAYBILL ${waybill}`, 18, 52).text(`${reference}  ${n}/${of}`, 18, 68);
  const [symbol] = bwipjs.raw('code128', piece, '') as { sbs: number[] }[];
  const modules = symbol.sbs.reduce((a, b) => a + b, 0);
  const module = Math.min(1.4, 252 / (modules + 20));
  let x = (288 - modules * module) / 2;
  symbol.sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, 140, w * module, 90);
    x += w * module;
  });
  doc.fill('black');
  doc.fontSize(10).text(piece, 18, 238, { width: 252, align: 'center' });
}

async function pdfOf(pages: { piece: string; n: number }[], waybill: string, reference: string, of: number): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: `DHL ${waybill}`, Creator: 'dhl-fake' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  for (const p of pages) drawLabel(doc, p.piece, waybill, reference, p.n, of);
  doc.end();
  return done;
}

const zplOf = (pages: { piece: string; n: number }[], waybill: string, reference: string, of: number): Buffer =>
  Buffer.from(
    pages
      .map(
        (p) =>
          `^XA^CI28^FO40,40^A0N,50,50^FDDHL EXPRESS^FS^FO40,110^A0N,30,30^FDWAYBILL ${waybill}^FS` +
          `^FO40,150^A0N,30,30^FD${reference} ${p.n}/${of}^FS^FO60,300^BY2^BCN,200,Y,N,N^FD${p.piece}^FS^XZ`,
      )
      .join('\n'),
  );

interface ShipmentRequest {
  plannedShippingDateAndTime: string;
  productCode: string;
  accounts: { typeCode: string; number: string }[];
  customerReferences?: { typeCode?: string; value: string }[];
  customerDetails: {
    shipperDetails: { postalAddress: { countryCode: string } };
    receiverDetails: { postalAddress: { postalCode: string; countryCode: string; addressLine1: string; addressLine2?: string } };
  };
  content: { packages: { referenceNumber?: number }[] };
  outputImageProperties?: { encodingFormat?: string };
  getAdditionalInformation?: { typeCode?: string; isRequested: boolean }[];
}

/**
 * The fake's answer to a call under /mydhlapi (`route` is "METHOD /mydhlapi/…"); undefined when the
 * route is not one of DHL's it serves. Violations of the published document are recorded.
 */
export async function dhlRoute(
  state: DhlFakeState,
  credentials: { apiKey: string; apiSecret: string },
  route: string,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<DhlFakeAnswer | undefined> {
  const isShip = route === 'POST /mydhlapi/shipments';
  const isTracking = route === 'GET /mydhlapi/tracking';
  if (route === 'POST /mydhlapi/rates') {
    const rated = ratesAnswer(state, credentials, headers, body, violations);
    const schema = rated.status >= 400 ? S('ErrorResponse') : S('Rates');
    violations.push(...schemaErrors(DHL_SCHEMA, schema, rated.body).map((e) => `fake answer to ${route}: ${e}`));
    return rated;
  }
  if (!isShip && !isTracking) return undefined;
  const answer = await answerOf(state, credentials, isShip, query, headers, body, violations);
  // The fake answers as DHL documents its answers, or says so.
  const schema = answer.status >= 400 ? S('ErrorResponse') : isShip ? S('CreateShipmentResponse') : S('TrackingResponse');
  violations.push(...schemaErrors(DHL_SCHEMA, schema, answer.body).map((e) => `fake answer to ${route}: ${e}`));
  return answer;
}

async function answerOf(
  state: DhlFakeState,
  credentials: { apiKey: string; apiSecret: string },
  isShip: boolean,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<DhlFakeAnswer> {
  const instance = isShip ? '/expressapi/shipments' : `/expressapi/tracking?${query.toString()}`;
  const [key, secret] = basicOf(String(headers.authorization ?? '')) ?? [];
  if (key !== credentials.apiKey || secret !== credentials.apiSecret) return problem(401, instance, 'Invalid Credentials', 'Unauthorized');
  const route = isShip ? 'POST /shipments' : 'GET /tracking';
  const parameters = parameterErrors(DHL_SCHEMA, isShip ? '/shipments' : '/tracking', isShip ? 'post' : 'get', query, headers);
  if (headers['x-version'] !== '3.3.1') parameters.push(`header x-version=${String(headers['x-version'])}: the document's value is 3.3.1`);
  if (parameters.length) {
    violations.push(...parameters.map((e) => `${route}: ${e}`));
    return problem(400, instance, `Parameters not having correct format: ${parameters[0]}`, 'Bad request');
  }

  if (!isShip && query.get('shipmentTrackingNumber')) {
    const waybill = query.get('shipmentTrackingNumber') ?? '';
    const shipment = state.shipments.get(waybill);
    if (!shipment) return problem(404, instance, `No Shipments Found for shipmentTrackingNumber | ${waybill}`, 'Not data found');
    // Paris time as DHL's French checkpoints give it (its GMT offset beside).
    const local = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString();
    return {
      status: 200,
      body: {
        shipments: [
          {
            shipmentTrackingNumber: waybill,
            status: 'Success',
            shipmentTimestamp: shipment.at,
            productCode: 'N',
            numberOfPieces: shipment.trackingNumbers.length,
            events: (state.scans.get(waybill) ?? []).map((x) => ({
              date: local(x.at).slice(0, 10),
              time: local(x.at).slice(11, 19),
              GMTOffset: '+01:00',
              typeCode: x.typeCode,
              description: x.description,
              serviceArea: [{ code: 'LYS', description: 'Lyon-FR' }],
            })),
            pieces: shipment.trackingNumbers.map((t, i) => ({
              number: i + 1,
              shipmentTrackingNumber: waybill,
              trackingNumber: t,
              events: [],
            })),
          },
        ],
      },
    };
  }

  if (!isShip) {
    const reference = query.get('shipmentReference');
    const account = query.get('shipperAccountNumber');
    if (reference && !account) return problem(400, instance, 'Missing mandatory parameters: shipperAccountNumber', 'Missing parameters');
    if (reference && !(query.get('dateRangeFrom') && query.get('dateRangeTo'))) {
      violations.push(`${route}: a search by shipment reference without dateRangeFrom and dateRangeTo`);
      return problem(400, instance, 'Missing mandatory parameters: dateRangeFrom, dateRangeTo', 'Missing parameters');
    }
    const found = [...state.shipments.values()].filter((s) => s.reference === reference && s.account === account);
    if (!found.length) return problem(404, instance, `No Shipments Found for ReferenceID | ${reference}`, 'Not data found');
    return {
      status: 200,
      body: {
        shipments: found.map((s) => ({
          shipmentTrackingNumber: s.waybill,
          status: 'Success',
          shipmentTimestamp: s.at,
          productCode: 'N',
          shipperReferences: [{ value: s.reference, typeCode: 'CU' }],
          numberOfPieces: s.trackingNumbers.length,
          // No checkpoint yet: the shipment was only made (the document requires the list, even empty).
          events: [],
          pieces: s.trackingNumbers.map((t, i) => ({ number: i + 1, shipmentTrackingNumber: s.waybill, trackingNumber: t, events: [] })),
        })),
      },
    };
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return problem(400, instance, '998: The request is not well formed JSON', 'Bad request');
  }
  const errors = schemaErrors(DHL_SCHEMA, S('CreateShipmentRequest'), json);
  if (errors.length) {
    violations.push(...errors.map((e) => `${route}: ${e}`));
    return problem(422, instance, `#${errors[0]}`, 'Validation error');
  }
  const r = json as ShipmentRequest;
  // The format DHL's own error gives ("998: ShipTimeStamp is not well formatted").
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} ?GMT[+-]\d{2}:\d{2}$/.test(r.plannedShippingDateAndTime)) {
    violations.push(`${route}: plannedShippingDateAndTime ${r.plannedShippingDateAndTime} is not in DHL's format`);
    return problem(
      400,
      instance,
      "998: ShipTimeStamp is not well formatted.(Expected Sample Format : '2010-02-11T17:10:09 GMT+01:00')",
      'Bad request',
    );
  }
  const to = r.customerDetails.receiverDetails.postalAddress;
  const from = r.customerDetails.shipperDetails.postalAddress;
  const lines = `${to.addressLine1} ${to.addressLine2 ?? ''}`;
  const reference = r.customerReferences?.find((c) => (c.typeCode ?? 'CU') === 'CU')?.value ?? '';
  if (to.postalCode === '00000')
    return problem(
      400,
      instance,
      `410301: The postal code #/customerDetails/receiverDetails/postalAddress/postalCode '${to.postalCode}' is not valid for ${to.countryCode}`,
      'Bad request',
    );
  if (/poste restante/i.test(lines))
    return problem(
      400,
      instance,
      '410302: The address #/customerDetails/receiverDetails/postalAddress/addressLine1 cannot be delivered to',
      'Bad request',
    );
  if (to.countryCode === 'KP' || (r.productCode === 'N' && to.countryCode !== from.countryCode))
    return problem(
      400,
      instance,
      `410138: The requested product(s) '${r.productCode}' not available between this origin and destination`,
      'Bad request',
    );
  if (/-KO$/.test(reference))
    return problem(400, instance, 'Multiple problems found, see Additional Details', 'Bad request', [
      '410001: The shipment could not be processed',
    ]);

  const account = r.accounts.find((a) => a.typeCode === 'shipper')?.number ?? '';
  const format = r.outputImageProperties?.encodingFormat === 'zpl' ? 'ZPL' : 'PDF';
  state.serial += 1;
  const waybill = String(5_000_000_000 + state.serial * 17);
  const of = r.content.packages.length;
  const trackingNumbers = r.content.packages.map((_, i) => `JD014600${waybill}${String(i + 1).padStart(2, '0')}`);
  const pages = trackingNumbers.map((piece, i) => ({ piece, n: i + 1 }));
  const perPackage =
    !state.onePerShipment && !!r.getAdditionalInformation?.some((g) => g.typeCode === 'linkLabelsByPieces' && g.isRequested);
  const documents = perPackage ? pages.map((p) => [p]) : [pages];
  const labels: string[] = [];
  for (const group of documents)
    labels.push((format === 'ZPL' ? zplOf(group, waybill, reference, of) : await pdfOf(group, waybill, reference, of)).toString('base64'));
  state.shipments.set(waybill, {
    waybill,
    reference,
    account,
    trackingNumbers,
    format,
    labels,
    request: json,
    at: new Date().toISOString().slice(0, 19),
  });
  return {
    status: 201,
    body: {
      url: 'http://fake/mydhlapi/shipments',
      shipmentTrackingNumber: waybill,
      trackingUrl: `http://fake/mydhlapi/shipments/${waybill}/tracking`,
      packages: trackingNumbers.map((t, i) => ({ referenceNumber: r.content.packages[i].referenceNumber ?? i + 1, trackingNumber: t })),
      documents: labels.map((content, i) => ({
        imageFormat: format,
        content,
        typeCode: 'label',
        ...(perPackage ? { packageReferenceNumber: r.content.packages[i].referenceNumber ?? i + 1 } : {}),
      })),
    },
  };
}

/**
 * `POST /rates` (supermodelIoLogisticsExpressRateRequest, validated with its parameters): the fake's
 * tariff is 19.50 plus 1.40 per kg in EUR (billing currency), the asked product (else EXPRESS
 * WORLDWIDE), delivered the next business day after the planned shipping day. A receiver postcode
 * 00000 is refused as DHL refuses a product it cannot offer there.
 */
function ratesAnswer(
  state: DhlFakeState,
  credentials: { apiKey: string; apiSecret: string },
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): DhlFakeAnswer {
  const instance = '/expressapi/rates';
  const [key, secret] = basicOf(String(headers.authorization ?? '')) ?? [];
  if (key !== credentials.apiKey || secret !== credentials.apiSecret) return problem(401, instance, 'Invalid Credentials', 'Unauthorized');
  const parameters = parameterErrors(DHL_SCHEMA, '/rates', 'post', new URLSearchParams(), headers);
  if (headers['x-version'] !== '3.3.1') parameters.push(`header x-version=${String(headers['x-version'])}: the document's value is 3.3.1`);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return problem(400, instance, 'Invalid JSON', 'Bad request');
  }
  const errors = [...parameters, ...schemaErrors(DHL_SCHEMA, S('RateRequest'), json)];
  if (errors.length) {
    violations.push(...errors.map((e) => `POST /rates: ${e}`));
    return problem(400, instance, `Multiple problems found, see Additional Details`, 'Validation error', errors.slice(0, 5));
  }
  state.rates += 1;
  const request = json as {
    productCode?: string;
    plannedShippingDateAndTime: string;
    customerDetails: { receiverDetails: { postalCode: string } };
    packages: { weight: number }[];
  };
  const product = request.productCode ?? 'P';
  if (request.customerDetails.receiverDetails.postalCode === '00000')
    return problem(
      400,
      instance,
      `420504: The requested product(s) (${product}) not available based on your search criteria.`,
      'Product not found',
    );
  const kg = request.packages.reduce((sum, p) => sum + p.weight, 0);
  const price = Math.round((19.5 + 1.4 * kg) * 100) / 100;
  const day = new Date(`${request.plannedShippingDateAndTime.slice(0, 10)}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return {
    status: 200,
    body: {
      products: [
        {
          productName: product === 'N' ? 'EXPRESS DOMESTIC' : 'EXPRESS WORLDWIDE',
          productCode: product,
          weight: { volumetric: 0, provided: kg, unitOfMeasurement: 'metric' },
          totalPrice: [
            { currencyType: 'BILLC', priceCurrency: 'EUR', price },
            { currencyType: 'PULCL', priceCurrency: 'EUR', price: Math.round(price * 115) / 100 },
          ],
          deliveryCapabilities: {
            deliveryTypeCode: 'QDDC',
            estimatedDeliveryDateAndTime: `${day.toISOString().slice(0, 10)}T12:00:00`,
            totalTransitDays: 1,
          },
        },
      ],
    },
  };
}
