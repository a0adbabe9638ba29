import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import PDFDocument from 'pdfkit';
import { code128Bars, writeOrHold } from './fake-kit.ts';

/**
 * GLS ShipIT's REST services (GLS France's Web API) as the fake answers them, under /backend/rs as on
 * GLS's hosts, from GLS's OpenAPI document of ShipIT ("GLS ShipIT API v1", shipit-farm.yaml, kept in
 * carrier-schemas/gls) and its ShipIT REST documentation (samples and fault samples).
 *
 * Every call authenticates with HTTP basic (the account's user name and password; else 401 with
 * `WWW-Authenticate: Basic`, no body, as GLS's fault samples show), must send GLS's media type
 * (application/glsVersion1+json), and its body is validated with ajv against the document's schema of
 * the operation before anything else: a violation is recorded and answered 400 as GLS answers, its
 * words in the `message` and `error` headers and no body. The document is read with errata (see
 * carrier-schemas/README.md): the address fields by the names GLS's documentation and samples give them (ZIPCode,
 * eMail, GDPR), days where its samples write days, a label's Data a base64 string. The fake checks its
 * own answers against the document's answer schemas too.
 *
 * `POST /backend/rs/shipments` (createParcels) makes one parcel a ShipmentUnit: an 8-character TrackID
 * and a 12-digit parcel number, and its label, an A6 PDF page drawn with pdfkit or ZPL II text (template
 * ZPL_200), with a real Code 128 of the parcel number (GLS's Primary1D) and the TrackID in words; one
 * PrintData a parcel, or one for all (`onePrintData`). `reprintparcel` gives them again by
 * ShipmentReference and creation day; `cancel/{TrackID}` cancels (CANCELLED) unless GLS scanned the
 * parcel (SCANNED); `tracking/parceldetails` answers a parcel's history once it went through the
 * end-of-day report (glsEndOfDay), else refuses the TrackID; `sporadiccollection` answers the
 * estimated pickup; `shipments/allowedservices` the products and services (the connection test).
 *
 * Refusals (400, GLS's headers): the Contact ID not the account's, a field longer than GLS's maximum
 * ("Value is too long. Maximum is 40", 80 for the e-mail) and country KP ("No matching product
 * available for shipper…") in GLS's documented words; postcode 00000 and "poste restante" in the
 * recipient's street in GLS's documented pattern ("Invalid field <field>. Value <value> is not a valid
 * value.") with the fake's reasons; a reference ending in -KO ("Shipment validation failed", GLS's
 * words for a shipment it refuses); a TrackID or reference GLS does not know, the fake's words. GLS
 * does not document those: they are the fake's. `inactive` answers the next calls with a bare HTTP 490
 * (ShipIT's "backend inactive").
 */
export interface GlsFakeAccount {
  username: string;
  password: string;
  contactId: string;
}

export interface GlsFakeParcel {
  trackId: string;
  parcelNumber: string;
  reference: string;
  contactId: string;
  /** The French day it was made (reprintParcel's CreationDate). */
  day: string;
  weight: number;
  product: string;
  consignee: Record<string, unknown>;
  cancelled: boolean;
  /** Went through the end-of-day report: tracked from then on. */
  closed: boolean;
  /** The shipment request it came from. */
  request: unknown;
  n: number;
  of: number;
}

/** One event of a parcel's history, as ShipIT lists them (StatusCode INTIAL.NORMAL, INTRANSIT, DELIVERED…). */
export interface GlsFakeScan {
  statusCode: string;
  description: string;
  at: Date;
  location?: string;
}

export interface GlsFakeState {
  parcels: Map<string, GlsFakeParcel>;
  scans: Map<string, GlsFakeScan[]>;
  pickups: unknown[];
  serial: number;
  /** Answer one PrintData for all the parcels (one PDF, or the ZPL labels one after the other). */
  onePrintData: boolean;
  /** The next calls answered with a bare HTTP 490 (backend inactive). */
  inactive: number;
}

export const newGlsFakeState = (): GlsFakeState => ({
  parcels: new Map(),
  scans: new Map(),
  pickups: [],
  serial: 0,
  onePrintData: false,
  inactive: 0,
});

/** The end-of-day report: the parcels made so far are known to GLS's tracking from now on. */
export function glsEndOfDay(state: GlsFakeState): void {
  for (const p of state.parcels.values()) p.closed = true;
}

/** A scan of a parcel at GLS (its tracking answers it from then on; a scanned parcel cannot be canceled). */
export function glsScan(state: GlsFakeState, trackId: string, scan: GlsFakeScan): void {
  state.scans.set(trackId, [...(state.scans.get(trackId) ?? []), scan]);
}

export interface GlsFakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export const GLS_SCHEMA_FILE = 'gls/shipit-farm.yaml';
const MEDIA = 'application/glsVersion1+json';

type Schema = { type?: string; format?: string; required?: string[]; properties?: Record<string, Schema> };
type Document = { components: { schemas: Record<string, Schema> } };

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
let loaded = false;

/**
 * GLS's document, read with its errata (carrier-schemas/README.md): each one makes the schema say what GLS's own
 * documentation, samples and answers say where the generated document differs.
 */
function loadDocument(): void {
  if (loaded) return;
  const file = path.resolve(process.cwd(), 'tests/support/carrier-schemas', GLS_SCHEMA_FILE);
  const doc = yaml.load(fs.readFileSync(file, 'utf8')) as Document;
  const s = doc.components.schemas;
  const rename = (schema: Schema, from: string, to: string) => {
    const props = schema.properties ?? {};
    if (!props[from]) return;
    props[to] = props[from];
    delete props[from];
  };
  rename(s.Address, 'Zipcode', 'ZIPCode');
  rename(s.Address, 'Email', 'eMail');
  rename(s.Location, 'Zipcode', 'ZIPCode');
  rename(s.CreatedShipment, 'Gdpr', 'GDPR');
  s.Document.properties!.Data = { type: 'string', format: 'byte' };
  for (const [schema, field] of [
    ['Shipment', 'ShippingDate'],
    ['ReprintParcelRequestParameter', 'CreationDate'],
    ['RoutingInfo', 'LastRoutingDate'],
  ] as const)
    s[schema].properties![field].format = 'date';
  ajv.addSchema(doc as object, GLS_SCHEMA_FILE);
  loaded = true;
}

/** The errors of `body` against the document's schema `name`; empty when it validates. */
export function glsSchemaErrors(name: string, body: unknown): string[] {
  loadDocument();
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `${GLS_SCHEMA_FILE}#/components/schemas/${name}` });
    validators.set(name, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** The fake's route of a call ("METHOD /path"), or undefined when it is not one of ShipIT's. */
export function glsRouteOf(
  route: string,
): 'gls.ship' | 'gls.reprint' | 'gls.cancel' | 'gls.track' | 'gls.pickup' | 'gls.services' | undefined {
  if (route === 'POST /backend/rs/shipments') return 'gls.ship';
  if (route === 'POST /backend/rs/shipments/reprintparcel') return 'gls.reprint';
  if (/^POST \/backend\/rs\/shipments\/cancel\/[^/]+$/.test(route)) return 'gls.cancel';
  if (route === 'POST /backend/rs/tracking/parceldetails') return 'gls.track';
  if (route === 'POST /backend/rs/sporadiccollection') return 'gls.pickup';
  if (route === 'POST /backend/rs/shipments/allowedservices') return 'gls.services';
  return undefined;
}

/** Writes an answer, at once or after `holdMs` (a timeout: the work is done, the answer comes too late). */
export function replyGls(res: http.ServerResponse, answer: GlsFakeAnswer, holdMs: number, held: Set<NodeJS.Timeout>): void {
  writeOrHold(res, answer.status, answer.headers, answer.body, holdMs, held);
}

const json = (status: number, body: unknown): GlsFakeAnswer => ({
  status,
  headers: { 'Content-Type': `${MEDIA}; charset=utf-8` },
  body: Buffer.from(JSON.stringify(body)),
});

/** GLS's refusal: no body, its code and words in headers (header values kept to printable ASCII). */
const refused = (status: number, error: string, message: string, args?: string): GlsFakeAnswer => {
  const ascii = (v: string) => v.replace(/[^\x20-\x7e]/g, '?').slice(0, 500);
  return {
    status,
    headers: { error: ascii(error), message: ascii(message), ...(args ? { args: ascii(args) } : {}) },
    body: Buffer.alloc(0),
  };
};

const invalid = (field: string, value: unknown, reason: string) =>
  refused(
    400,
    'INVALID_FIELD_VALUE',
    `Invalid field ${field}. Value ${String(value)} is not a valid value. ${reason}`,
    `${field},${String(value)}`,
  );

const basicOf = (header: string | undefined): [string, string] | null => {
  const m = /^Basic (.+)$/.exec(header ?? '');
  if (!m) return null;
  const t = Buffer.from(m[1], 'base64').toString('utf8');
  const i = t.indexOf(':');
  return i < 0 ? null : [t.slice(0, i), t.slice(i + 1)];
};

const frenchDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A time as GLS's French answers give it: local time with its offset (CET, as the tests' dates are in winter). */
const frenchTime = (at: Date) => `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;

/** An A6 label page (105×148 mm), the parcel number's Code 128 drawn as bars, the TrackID and reference in words. */
function drawPage(doc: PDFKit.PDFDocument, p: GlsFakeParcel): void {
  doc.addPage({ size: [298, 420], margin: 0 });
  doc.font('Helvetica-Bold').fontSize(26).text('GLS', 18, 16);
  doc.font('Helvetica').fontSize(10).text(`Track ID ${p.trackId}`, 18, 52).text(`${p.reference}  ${p.n}/${p.of}`, 18, 66);
  const { widths, modules } = code128Bars(p.parcelNumber);
  const module = Math.min(2, 262 / (modules + 20));
  let x = (298 - modules * module) / 2;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, 200, w * module, 90);
    x += w * module;
  });
  doc.fill('black');
  doc.fontSize(11).text(p.parcelNumber, 18, 298, { width: 262, align: 'center' });
}

async function pdfOf(parcels: GlsFakeParcel[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: `GLS ${parcels[0].trackId}`, Creator: 'gls-fake' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  for (const p of parcels) drawPage(doc, p);
  doc.end();
  return done;
}

const zplOf = (parcels: GlsFakeParcel[]): Buffer =>
  Buffer.from(
    parcels
      .map(
        (p) =>
          `^XA^CI28^FO40,40^A0N,60,60^FDGLS^FS^FO40,120^A0N,30,30^FDTrack ID ${p.trackId}^FS` +
          `^FO40,160^A0N,30,30^FD${p.reference} ${p.n}/${p.of}^FS^FO80,300^BY3^BCN,200,Y,N,N^FD${p.parcelNumber}^FS^XZ`,
      )
      .join('\n'),
  );

interface Printing {
  ReturnLabels: { TemplateSet: string; LabelFormat: string };
}

async function printData(state: GlsFakeState, parcels: GlsFakeParcel[], printing: Printing) {
  const zpl = printing.ReturnLabels.LabelFormat === 'ZEBRA';
  const groups = state.onePrintData ? [parcels] : parcels.map((p) => [p]);
  const documents = [];
  for (const g of groups)
    documents.push({ Data: (zpl ? zplOf(g) : await pdfOf(g)).toString('base64'), LabelFormat: zpl ? 'ZEBRA' : 'PDF' });
  return documents;
}

const createdShipment = async (state: GlsFakeState, parcels: GlsFakeParcel[], printing: Printing) => ({
  CreatedShipment: {
    ShipmentReference: [parcels[0].reference],
    ParcelData: parcels.map((p) => ({
      TrackID: p.trackId,
      ParcelNumber: p.parcelNumber,
      Barcodes: { Primary1D: p.parcelNumber, Primary1DPrint: true },
      RoutingInfo: {
        Tour: '1234',
        InboundSortingFlag: '003',
        FinalLocationCode: 'FR 069',
        HubLocation: 'lys',
        LastRoutingDate: p.day,
      },
    })),
    PrintData: await printData(state, parcels, printing),
    CustomerID: '2500000001',
    PickupLocation: 'FR 069',
    GDPR: ['Informations sur la protection des données du groupe GLS :', 'gls-group.eu/dataprotection'],
  },
});

/** GLS's documented maximums of an address's fields (its fault samples: 40, 80 for the e-mail, 10 the postcode). */
function addressProblems(where: string, a: Record<string, unknown>, violations: string[]): GlsFakeAnswer | null {
  if (!('ZIPCode' in a)) violations.push(`${where}: no ZIPCode (GLS's documentation names it ZIPCode)`);
  for (const [field, value] of Object.entries(a)) {
    if (typeof value !== 'string') continue;
    // GLS's documentation: these characters are not allowed in text fields.
    if (field !== 'eMail' && /["{},;()|]/.test(value))
      violations.push(`${where}.${field}: holds a character GLS does not allow ("{},;()|)`);
    const max = field === 'eMail' ? 80 : field === 'ZIPCode' ? 10 : field === 'CountryCode' ? 2 : 40;
    if (value.length > max) return invalid(`${where}.${field}`, value, `Value is too long. Maximum is ${max}`);
  }
  return null;
}

interface ShipmentRequest {
  Shipment: {
    ShipmentReference?: string[];
    ShippingDate?: string;
    Product: string;
    Consignee: { Address?: Record<string, unknown> };
    Shipper: { ContactID: string; AlternativeShipperAddress?: Record<string, unknown> };
    ShipmentUnit: { Weight?: number; ShipmentUnitReference?: string[] }[];
  };
  PrintingOptions: Printing;
}

/**
 * The fake's answer to a call under /backend/rs (`route` is "METHOD /backend/rs/…"). Violations of the
 * published document are recorded.
 */
export async function glsRoute(
  state: GlsFakeState,
  account: GlsFakeAccount | undefined,
  route: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<GlsFakeAnswer> {
  const answer = await answerOf(state, account, route, headers, body, violations);
  const schema = answer.status !== 200 ? null : ANSWERS[glsRouteOf(route) ?? ''];
  if (schema)
    violations.push(...glsSchemaErrors(schema, JSON.parse(answer.body.toString('utf8'))).map((e) => `fake answer to ${route}: ${e}`));
  return answer;
}

const REQUESTS: Record<string, string> = {
  'gls.ship': 'ShipmentRequestData',
  'gls.reprint': 'ReprintParcelRequestParameter',
  'gls.track': 'DetailsReferenceData',
  'gls.pickup': 'SporadicCollection',
  'gls.services': 'AllowedServicesRequestParameter',
};
const ANSWERS: Record<string, string> = {
  'gls.ship': 'CreateParcelsResponse',
  'gls.reprint': 'ReprintParcelResponse',
  'gls.cancel': 'CancelParcelResponse',
  'gls.track': 'ParcelDetailResponse',
  'gls.pickup': 'SporadicCollectionResponse',
  'gls.services': 'AllowedServicesResponse',
};

async function answerOf(
  state: GlsFakeState,
  account: GlsFakeAccount | undefined,
  route: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<GlsFakeAnswer> {
  const which = glsRouteOf(route);
  if (!which) return refused(404, 'NOT_FOUND', `no route ${route}`);
  if (state.inactive > 0) {
    state.inactive -= 1;
    return { status: 490, headers: {}, body: Buffer.alloc(0) };
  }
  const [user, password] = basicOf(String(headers.authorization ?? '')) ?? [];
  if (!account || user !== account.username || password !== account.password)
    return { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="GLS ShipIT"' }, body: Buffer.alloc(0) };

  let request: unknown = undefined;
  const schema = REQUESTS[which];
  if (schema) {
    const type = String(headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith(MEDIA.toLowerCase())) {
      violations.push(`${route}: Content-Type ${type}, the document's is ${MEDIA}`);
      return { status: 415, headers: {}, body: Buffer.alloc(0) };
    }
    try {
      request = JSON.parse(body);
    } catch {
      violations.push(`${route}: the body is not JSON`);
      return refused(400, 'MANDATORY_PARAMETER_NOT_SET', 'The Mandatory parameter ShipmentRequestData is not set');
    }
    const errors = glsSchemaErrors(schema, request);
    if (errors.length) {
      violations.push(...errors.map((e) => `${route}: ${e}`));
      return refused(400, 'INVALID_FIELD_VALUE', `Invalid request: ${errors[0]}`);
    }
  }

  if (which === 'gls.services')
    return json(200, {
      AllowedServices: [
        { ProductName: 'PARCEL' },
        { ProductName: 'EXPRESS' },
        { ServiceName: 'service_flexdelivery' },
        { ServiceName: 'service_cash' },
        { ServiceName: 'service_addonliability' },
      ],
    });

  if (which === 'gls.pickup') {
    const r = request as { ContactID: string; PreferredPickUpDate: string };
    if (r.ContactID !== account.contactId)
      return invalid('SporadicCollection.ContactID', r.ContactID, 'Shipper does not exist or is not available for the user.');
    state.pickups.push(request);
    return json(200, { EstimatedPickUpDate: r.PreferredPickUpDate });
  }

  if (which === 'gls.cancel') {
    const trackId = decodeURIComponent(route.split('/').pop() ?? '');
    const parcel = state.parcels.get(trackId);
    if (!parcel || parcel.contactId !== account.contactId) return invalid('TrackID', trackId, 'No parcel found for the user.');
    if (state.scans.get(trackId)?.length) return json(200, { TrackID: trackId, Result: 'SCANNED' });
    parcel.cancelled = true;
    return json(200, { TrackID: trackId, Result: 'CANCELLED' });
  }

  if (which === 'gls.track') {
    const trackId = String((request as { TrackID?: string }).TrackID ?? '');
    const parcel = state.parcels.get(trackId);
    if (!parcel || !parcel.closed || parcel.contactId !== account.contactId)
      return invalid('TrackID', trackId, 'No parcel found in the tracking system.');
    const history = [...(state.scans.get(trackId) ?? [])].reverse().map((x) => ({
      Date: frenchTime(x.at),
      LocationCode: 'FR069',
      Location: x.location ?? 'Lyon',
      Country: 'FR',
      StatusCode: x.statusCode,
      Description: x.description,
    }));
    return json(200, {
      UnitDetail: {
        TrackID: trackId,
        ShipmentReference: [parcel.reference],
        Weight: parcel.weight,
        Product: parcel.product,
        Consignee: { Address: parcel.consignee },
        Shipper: { ContactID: parcel.contactId },
        History: history,
      },
    });
  }

  if (which === 'gls.reprint') {
    const r = request as { ShipmentReference?: string; CreationDate?: string; PrintingOptions?: Printing };
    // GLS's documentation: a reprint names its parcel and the day it was made.
    if (!r.CreationDate) {
      violations.push(`${route}: no CreationDate`);
      return refused(400, 'MANDATORY_PARAMETER_NOT_SET', 'The Mandatory parameter CreationDate is not set');
    }
    if (!r.PrintingOptions) {
      violations.push(`${route}: no PrintingOptions`);
      return refused(400, 'MANDATORY_PARAMETER_NOT_SET', 'The Mandatory parameter PrintingOptions is not set');
    }
    const found = [...state.parcels.values()].filter(
      (p) => p.reference === r.ShipmentReference && p.day === r.CreationDate && p.contactId === account.contactId && !p.cancelled,
    );
    if (!found.length) return invalid('ShipmentReference', r.ShipmentReference, `No parcel found created on ${r.CreationDate}.`);
    return json(200, await createdShipment(state, found, r.PrintingOptions));
  }

  // createParcels
  const r = request as ShipmentRequest;
  const shipment = r.Shipment;
  if (shipment.Shipper.ContactID !== account.contactId)
    return invalid('Shipment.Shipper.ContactID', shipment.Shipper.ContactID, 'Shipper does not exist or is not available for the user.');
  const to = shipment.Consignee.Address ?? {};
  for (const [where, address] of [
    ['Shipment.Consignee.Address', to],
    ['Shipment.Shipper.AlternativeShipperAddress', shipment.Shipper.AlternativeShipperAddress],
  ] as const) {
    if (!address) continue;
    const problem = addressProblems(where, address, violations);
    if (problem) return problem;
  }
  const today = frenchDay(new Date());
  if (shipment.ShippingDate && shipment.ShippingDate < today)
    return invalid('Shipment.ShippingDate', shipment.ShippingDate, 'The shipping date must not be in the past.');
  if (to.ZIPCode === '00000')
    return invalid('Shipment.Consignee.Address.ZIPCode', to.ZIPCode, 'The ZIP code is not known for the country.');
  if (/poste restante/i.test(String(to.Street ?? '')))
    return invalid('Shipment.Consignee.Address.Street', to.Street, 'No delivery to this address.');
  if (to.CountryCode === 'KP')
    return invalid(
      'ShipmentRequestData.Shipment.Product',
      shipment.Product,
      'No matching product available for shipper for the given input data (weight and addresses).',
    );
  const reference = shipment.ShipmentReference?.[0] ?? '';
  // A refusal without a spec key, as the other fakes make one: GLS's documented "Shipment validation failed".
  if (/-KO$/.test(reference)) return invalid('Shipment.ShipmentReference', reference, 'Shipment validation failed');
  const parcels: GlsFakeParcel[] = shipment.ShipmentUnit.map((u, i) => {
    state.serial += 1;
    return {
      trackId: `Z${state.serial.toString(36).toUpperCase().padStart(7, '0')}`,
      parcelNumber: `2508${String(state.serial).padStart(8, '0')}`,
      reference,
      contactId: shipment.Shipper.ContactID,
      day: today,
      weight: u.Weight ?? 1,
      product: shipment.Product,
      consignee: to,
      cancelled: false,
      closed: false,
      request,
      n: i + 1,
      of: shipment.ShipmentUnit.length,
    };
  });
  for (const p of parcels) state.parcels.set(p.trackId, p);
  return json(200, await createdShipment(state, parcels, r.PrintingOptions));
}
