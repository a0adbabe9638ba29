import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { code128Bars, writeOrHold } from './fake-kit.ts';

/**
 * DPD France's web services as the fake answers them: EPrint (labels, cancel, pickups, the day's
 * parcels) and Webtrace (tracking), SOAP 1.1 over the paths of cargoNET's hosts, from their WSDLs'
 * schemas kept in carrier-schemas/dpd.
 *
 * Every request is checked first: Content-Type text/xml, the SOAPAction of its operation (namespace
 * and name), an envelope in SOAP 1.1's namespace, and its header and body elements validated with
 * xmllint against the service's schema (EPrint's also against the schema of the WSDL its test host
 * served on 2024-09-17). A request that does not pass is recorded in `violations` and answered as an
 * .asmx service does (a soap:Client fault, HTTP 500). The fake's own answers are validated likewise
 * (a mismatch is a violation too).
 *
 * Credentials: the UserCredentials header (VerifyUserCredentials for VerifyConfiguration) must be the
 * account's (Webtrace's own login when it has one), the customer named in the request its depot and
 * number; else DPD's answer recorded from its test service: a fault PermissionDenied "Permission
 * denied" (HTTP 500).
 *
 * CreateShipmentWithLabelsBc makes a parcel as EPrint numbers them (BarcodeId: 1, the depot on 3
 * digits and a 10-digit serial; BarCode: %, the recipient's postcode on 7, the BarcodeId, the service
 * code, 101 Classic or 327 Predict, and the source 902) and its label with a real Code 128 of the
 * BarCode, as DPD's labels carry it: an A6 (or A4) PDF page drawn with pdfkit, ZPL II text or a PNG.
 * Refusals, as SOAP faults with DPD's detail/Error, from the recipient: country KP (InvalidCountryPrefix
 * "CountryPrefix is invalid"), a weight of 0 or above 31.5 kg (InvalidWeight, DPD's own words), Predict
 * without an SMS number (InvalidInput "no sms number given"): those pairs were answered by DPD's test
 * service (akretion/roulier's recordings). Postcode 00000 ("CountryPrefix-ZipCode-City is invalid") and
 * "poste restante" ("RoutingError: Error occured in DPD routing") are DPD's words as its PrestaShop
 * module lists them, their ErrorIds (InvalidInput, RoutingError) the fake's; a reference ending in -KO
 * (InvalidInput "Shipment could not be created") is the fake's altogether, as are the faults of
 * TerminateShipment and GetLabelBc below.
 *
 * GetShipping lists the customer's parcels of a shipping day (not cancelled), GetLabelBc prints a
 * parcel's label again, TerminateShipment cancels a parcel until DPD has scanned it
 * (ShipmentNotFound, ShipmentAlreadyTerminated, ShipmentInNetwork), CreatePickupAtCustomerBc books a
 * pickup (its number, Sin), VerifyConfiguration answers Allowed. Webtrace's GetShipmentTrace answers a
 * parcel's scans (status 8, "Consignation par EDI", once its label is made, then those given by
 * dpdScan) in Paris's local time; a parcel it does not know gives an empty result.
 */
export interface DpdFakeAccount {
  userid: string;
  password: string;
  customerCenterNumber: string;
  customerNumber: string;
  /** Webtrace's own login; without it Webtrace takes EPrint's. */
  traceUserid?: string;
  tracePassword?: string;
}

export interface DpdFakeParcel {
  barcodeId: string;
  barcode: string;
  reference: string;
  /** The shipping day as the request gave it (dd/mm/yyyy). */
  shippingDate: string;
  service: '101' | '327';
  weight: string;
  labelType: string;
  label: Buffer;
  terminated: boolean;
  /** The request's fields, as the fake read them. */
  request: Record<string, unknown>;
  at: Date;
}

/** One scan of a parcel, as Webtrace lists them (StatusNumber 10, 28, 40…, DPD's words). */
export interface DpdFakeScan {
  status: number;
  description: string;
  at: Date;
  center?: string;
}

export interface DpdFakeState {
  parcels: Map<string, DpdFakeParcel>;
  serial: number;
  scans: Map<string, DpdFakeScan[]>;
  /** Pickups booked, by their number (Sin). */
  pickups: Map<string, Record<string, unknown>>;
  /** Every operation called, in order (EPrint's and Webtrace's). */
  operations: string[];
}

export const newDpdFakeState = (): DpdFakeState => ({
  parcels: new Map(),
  serial: 0,
  scans: new Map(),
  pickups: new Map(),
  operations: [],
});

/** A scan of a parcel at DPD (Webtrace answers it from then on). */
export function dpdScan(state: DpdFakeState, barcodeId: string, scan: DpdFakeScan): void {
  state.scans.set(barcodeId, [...(state.scans.get(barcodeId) ?? []), scan]);
}

export interface DpdFakeAnswer {
  status: number;
  body: string;
}

const EPRINT_NS = 'http://www.cargonet.software';
const TRACE_NS = 'http://www.cargonet.software/';
const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SCHEMAS = path.resolve(process.cwd(), 'tests/support/carrier-schemas/dpd');
export const DPD_EPRINT_PATHS = ['/dpd-eprintwebservice/eprintwebservice.asmx', '/eprintwebservice/eprintwebservice.asmx'];
export const DPD_TRACE_PATH = '/trace-service/Webtrace_Service.asmx';

export const dpdRouteOf = (route: string): 'dpd.eprint' | 'dpd.trace' | undefined =>
  DPD_EPRINT_PATHS.some((p) => route === `POST ${p}`) ? 'dpd.eprint' : route === `POST ${DPD_TRACE_PATH}` ? 'dpd.trace' : undefined;

// ---------------------------------------------------------------------------------------------------
// Schemas and xmllint.
// ---------------------------------------------------------------------------------------------------

const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: true,
});
const orderedBuilder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: true });
const reader = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
const nameOf = (n: Node) => Object.keys(n).find((k) => k !== ':@' && k !== '#text' && k !== '?xml');
const childrenOf = (n: Node): Node[] => {
  const name = nameOf(n);
  return name ? ((n[name] as Node[]) ?? []) : [];
};
const elementsOf = (n: Node) => childrenOf(n).filter((c) => nameOf(c));
/** The xmlns declarations of an element's attributes. */
const declarations = (n: Node) =>
  Object.fromEntries(Object.entries(n[':@'] ?? {}).filter(([k]) => k === '@_xmlns' || k.startsWith('@_xmlns:')));
/** An element's namespace, its prefix looked up in the declarations in scope. */
function namespaceOf(n: Node, scope: Record<string, string>): string | undefined {
  const name = nameOf(n) ?? '';
  const prefix = name.includes(':') ? name.split(':')[0] : '';
  const own = { ...scope, ...declarations(n) };
  return own[prefix ? `@_xmlns:${prefix}` : '@_xmlns'];
}
const localOf = (n: Node) => (nameOf(n) ?? '').split(':').pop() ?? '';
/** An element as a document of its own: the declarations in scope where it stood written on it. */
function standalone(n: Node, scope: Record<string, string>): string {
  const name = nameOf(n) as string;
  return orderedBuilder.build([{ [name]: n[name], ':@': { ...scope, ...(n[':@'] ?? {}) } }]) as string;
}

/**
 * The schema of the WSDL EPrint's test host served (its `s:schema`), as a file of its own for xmllint:
 * the definitions' namespace declarations written on it. Made once per process, in the temp folder.
 */
let wsdlSchema: string | undefined;
function wsdlSchemaFile(): string {
  if (wsdlSchema) return wsdlSchema;
  const text = fs.readFileSync(path.join(SCHEMAS, 'eprintwebservice-testenv-2024-09-17.wsdl'), 'utf8');
  const doc = ordered.parse(text) as Node[];
  const definitions = doc.find((n) => localOf(n) === 'definitions') as Node;
  const types = elementsOf(definitions).find((n) => localOf(n) === 'types') as Node;
  const schema = elementsOf(types).find((n) => localOf(n) === 'schema') as Node;
  const file = path.join(os.tmpdir(), `dpd-eprint-wsdl-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.xsd`);
  fs.writeFileSync(file, standalone(schema, declarations(definitions)));
  return (wsdlSchema = file);
}

const schemasOf = (service: 'eprint' | 'trace') =>
  service === 'eprint' ? [path.join(SCHEMAS, 'EPrintWebservice.xsd'), wsdlSchemaFile()] : [path.join(SCHEMAS, 'Webtrace_Service.xsd')];

/** Where the documents xmllint reads are written (one folder per process). */
let scratch: string | undefined;
let written = 0;

/**
 * xmllint's validity errors of documents against a schema, in one run (files in the temp folder);
 * empty when they all validate.
 */
async function xmllint(xmls: string[], xsd: string): Promise<string[]> {
  scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dpd-fake-'));
  const files = xmls.map((xml) => {
    const file = path.join(scratch as string, `${++written}.xml`);
    fs.writeFileSync(file, xml);
    return file;
  });
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const child = spawn('xmllint', ['--noout', '--schema', xsd, ...files]);
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) return resolve([]);
        const lines = err.split('\n').filter((l) => l.trim() && !/fails to validate$|validates$/.test(l));
        resolve(lines.map((l) => `${path.basename(xsd)}: ${l.replace(/^\S+\.xml:\d+: /, '')}`));
      });
    });
  } finally {
    for (const file of files) fs.rmSync(file, { force: true });
  }
}

interface ReadEnvelope {
  operation?: string;
  header?: Node;
  body?: Node;
  scope: Record<string, string>;
  errors: string[];
}

/** The envelope's header and body elements, and what is wrong with its shape (SOAP 1.1, one operation in the service's namespace). */
function envelopeOf(xml: string, ns: string): ReadEnvelope {
  let doc: Node[];
  try {
    doc = ordered.parse(xml) as Node[];
  } catch (e) {
    return { scope: {}, errors: [`not XML: ${(e as Error).message}`] };
  }
  const envelope = doc.find((n) => nameOf(n));
  if (!envelope || localOf(envelope) !== 'Envelope' || namespaceOf(envelope, {}) !== SOAP_NS)
    return { scope: {}, errors: ['the root is not a SOAP 1.1 Envelope'] };
  const scope = declarations(envelope);
  const parts = elementsOf(envelope);
  const header = parts.find((n) => localOf(n) === 'Header' && namespaceOf(n, scope) === SOAP_NS);
  const body = parts.find((n) => localOf(n) === 'Body' && namespaceOf(n, scope) === SOAP_NS);
  if (!body) return { scope, errors: ['the envelope has no soap:Body'] };
  const bodyScope = { ...scope, ...declarations(body) };
  const [operation, ...more] = elementsOf(body);
  if (!operation || more.length) return { scope, errors: ['soap:Body must hold one operation'] };
  const errors = namespaceOf(operation, bodyScope) === ns ? [] : [`${localOf(operation)} is not in ${ns}`];
  const headerScope = header ? { ...scope, ...declarations(header) } : scope;
  const headerChild = header ? elementsOf(header)[0] : undefined;
  return {
    operation: localOf(operation),
    header: headerChild ? ({ ...headerChild, ':@': { ...headerScope, ...(headerChild[':@'] ?? {}) } } as Node) : undefined,
    body: { ...operation, ':@': { ...bodyScope, ...(operation[':@'] ?? {}) } } as Node,
    scope,
    errors,
  };
}

/** The request's violations of the service's schemas (header and body elements, each schema). */
async function schemaViolations(parts: (Node | undefined)[], service: 'eprint' | 'trace'): Promise<string[]> {
  const docs = parts.filter((p): p is Node => !!p).map((part) => standalone(part, {}));
  return (await Promise.all(schemasOf(service).map((xsd) => xmllint(docs, xsd)))).flat();
}

// ---------------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------------

const envelope = (content: Record<string, unknown>) =>
  builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    'soap:Envelope': {
      '@_xmlns:soap': SOAP_NS,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'soap:Body': content,
    },
  }) as string;

/** DPD's fault: faultstring and detail/Error (ErrorId, ErrorMessage), HTTP 500, as its test service answers. */
const fault = (id: string, message: string): DpdFakeAnswer => ({
  status: 500,
  body: envelope({
    'soap:Fault': { faultcode: 'soap:Server', faultstring: message, detail: { Error: { ErrorId: id, ErrorMessage: message } } },
  }),
});

/** An .asmx service's own fault (a request it cannot read or dispatch): no DPD error in it. */
const clientFault = (message: string): DpdFakeAnswer => ({
  status: 500,
  body: envelope({ 'soap:Fault': { faultcode: 'soap:Client', faultstring: message, detail: '' } }),
});

export function replyDpd(res: http.ServerResponse, answer: DpdFakeAnswer, holdMs: number, held: Set<NodeJS.Timeout>): void {
  writeOrHold(res, answer.status, { 'Content-Type': 'text/xml; charset=utf-8' }, Buffer.from(answer.body, 'utf8'), holdMs, held);
}

// ---------------------------------------------------------------------------------------------------
// Labels.
// ---------------------------------------------------------------------------------------------------

interface LabelWords {
  barcode: string;
  barcodeId: string;
  service: string;
  reference: string;
  recipient: string[];
}

/** The human text under DPD's barcode: its groups of digits. */
const spaced = (barcode: string) =>
  barcode.slice(1).replace(/^(\d{4})(\d{3})(\d{4})(\d{4})(\d{4})(\d{2})(\d{3})(\d{3})$/, '$1 $2 $3 $4 $5 $6 $7 $8');

/** A DPD-like label: A6 (or A4) page, the recipient, the BarCode's Code 128 (drawn as bars) and its digits. */
function pdfLabel(w: LabelWords, a4: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: a4 ? 'A4' : 'A6', margin: 0, info: { Title: `DPD ${w.barcodeId}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(w.service === '327' ? 'DPD PREDICT' : 'DPD CLASSIC', 12, 12);
    doc.font('Helvetica').fontSize(9).text(`Ref 1 ${w.reference}`, 12, 36);
    w.recipient.forEach((line, i) => doc.text(line, 12, 56 + i * 12, { width: 270, lineBreak: false }));
    const { widths, modules } = code128Bars(w.barcode);
    const module = Math.min(1.4, 270 / (modules + 20));
    let x = (297.64 - modules * module) / 2;
    widths.forEach((width, i) => {
      if (i % 2 === 0) doc.rect(x, 250, width * module, 90);
      x += width * module;
    });
    doc.fill('black');
    doc.fontSize(9).text(spaced(w.barcode), 12, 346, { width: 270, align: 'center' });
    doc.end();
  });
}

const zplText = (text: string) => text.replace(/[\^~]/g, ' ');
/** ZPL II as DPD writes its labels: words, then the BarCode as a Code 128 (^BC, automatic mode). */
const zplLabel = (w: LabelWords): string =>
  `^XA^CI28^PW812^LL1218^FO40,40^A0N,50,50^FD${w.service === '327' ? 'DPD PREDICT' : 'DPD CLASSIC'}^FS` +
  `^FO40,110^A0N,28,28^FDRef 1 ${zplText(w.reference)}^FS` +
  w.recipient.map((line, i) => `^FO40,${160 + i * 34}^A0N,28,28^FD${zplText(line)}^FS`).join('') +
  `^FO40,900^BY3,3,10^BCN,191,N,N,N,A^FD${w.barcode}^FS^FO40,1110^A0N,28,28^FD${spaced(w.barcode)}^FS^XZ`;

async function pngLabel(w: LabelWords): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: w.barcode, scale: 2, height: 20, includetext: true, paddingwidth: 12 });
  return sharp({ create: { width: 800, height: 1200, channels: 3, background: '#ffffff' } })
    .composite([{ input: barcode, top: 700, left: 40 }])
    .png()
    .toBuffer();
}

async function labelOf(type: string, w: LabelWords): Promise<Buffer | null> {
  if (type === 'PDF' || type === 'PDF_A6') return pdfLabel(w, type === 'PDF');
  if (type.startsWith('ZPL')) return Buffer.from(zplLabel(w), 'utf8');
  if (type === 'Default') return pngLabel(w);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The services.
// ---------------------------------------------------------------------------------------------------

type Fields = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Fields => (v && typeof v === 'object' ? (v as Fields) : {});
const customerOf = (c: Fields) => ({ center: text(c.centernumber), number: text(c.number) });

/** Paris's local day (dd.mm.yyyy) and time (HH:MM:SS) of an instant, as Webtrace writes scans. */
function parisParts(at: Date): { day: string; time: string } {
  const p = Object.fromEntries(
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
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  ) as Record<string, string>;
  return { day: `${p.day}.${p.month}.${p.year}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

const sameDay = (a: string, b: string) => a.replace(/[./]/g, '') === b.replace(/[./]/g, '');

export async function dpdRoute(
  state: DpdFakeState,
  account: DpdFakeAccount | undefined,
  route: string,
  headers: http.IncomingHttpHeaders,
  body: string,
  violations: string[],
): Promise<DpdFakeAnswer> {
  const service = dpdRouteOf(route) === 'dpd.trace' ? 'trace' : 'eprint';
  const ns = service === 'eprint' ? EPRINT_NS : TRACE_NS;
  const refuse = (errors: string[], answer: DpdFakeAnswer) => {
    violations.push(...errors.map((e) => `${route}: ${e}`));
    return answer;
  };
  if (!/^text\/xml\b/i.test(String(headers['content-type'] ?? '')))
    return refuse([`Content-Type ${String(headers['content-type'])} is not SOAP 1.1's text/xml`], { status: 415, body: '' });
  const read = envelopeOf(body, ns);
  if (read.errors.length || !read.operation) return refuse(read.errors, clientFault('Server was unable to read request.'));
  const operation = read.operation;
  state.operations.push(operation);
  const action = `"${ns.replace(/\/$/, '')}/${operation}"`;
  if (headers.soapaction !== action)
    return refuse(
      [`SOAPAction ${String(headers.soapaction)} is not ${action}`],
      clientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${String(headers.soapaction)}.`),
    );
  const invalid = await schemaViolations([read.header, read.body], service);
  if (invalid.length) return refuse(invalid, clientFault(`Server was unable to read request. ---> ${invalid[0]}`));

  const parsed = obj(obj(obj(reader.parse(body)).Envelope));
  const header = obj(obj(parsed.Header)[operation === 'VerifyConfiguration' ? 'VerifyUserCredentials' : 'UserCredentials']);
  const request = obj(obj(obj(parsed.Body)[operation]).request);
  const answer = async (content: Fields) => {
    const xml = envelope({ [`${operation}Response`]: { '@_xmlns': ns, ...content } });
    // The fake's own answer checked against the same schema (a mismatch is the fake's fault, recorded all the same).
    const written = envelopeOf(xml, ns);
    violations.push(...(await schemaViolations([written.body], service)).map((e) => `${route} (the fake's answer): ${e}`));
    return { status: 200, body: xml };
  };

  // The credentials of the header, then the customer the request names.
  const login = service === 'trace' && account?.traceUserid ? { userid: account.traceUserid, password: account.tracePassword } : account;
  const verifying = operation === 'VerifyConfiguration';
  if (
    !login ||
    text(header.userid) !== login.userid ||
    text(header.password) !== login.password ||
    (verifying && (text(header.Verify_userid) !== login.userid || text(header.Verify_password) !== login.password))
  )
    return fault('PermissionDenied', 'Permission denied');
  const customer = request.customer_number
    ? { center: text(request.customer_centernumber), number: text(request.customer_number) }
    : customerOf(obj(request.customer ?? request.Customer));
  if (Number(customer.center) !== Number(account!.customerCenterNumber) || Number(customer.number) !== Number(account!.customerNumber))
    return fault('PermissionDenied', 'customer-Permission denied Invalid Customer');

  switch (operation) {
    case 'VerifyConfiguration':
      return answer({ VerifyConfigurationResult: { Allowed: true } });
    case 'CreateShipmentWithLabelsBc':
      return createShipment(state, account!, request, answer);
    case 'GetShipping': {
      const shippings = [...state.parcels.values()].filter((p) => !p.terminated && sameDay(p.shippingDate, text(request.date)));
      return answer({
        GetShippingResult: {
          shippings: {
            Shipping: shippings.map((p) => ({
              shipment: `250${account!.customerCenterNumber.padStart(3, '0')}${p.barcodeId}`,
              barcodeSource: 902,
              barcodeId: p.barcodeId,
              weight: Number(p.weight),
              receiverAddress: {
                countryPrefix: text(obj(p.request.receiveraddress).countryPrefix),
                name: text(obj(p.request.receiveraddress).name),
              },
              reference: p.reference,
            })),
          },
        },
      });
    }
    case 'GetLabelBc': {
      const parcel = state.parcels.get(text(request.shipmentNumber));
      if (!parcel || parcel.terminated) return fault('ShipmentNotFound', 'Shipment not found');
      const type = text(obj(request.labelType).type) || 'Default';
      const label = await labelOf(type, wordsOf(parcel));
      if (!label) return fault('InvalidInput', `Label type ${type} is not printed by the fake`);
      return answer({
        GetLabelBcResult: {
          labels: { Label: { type: 'BIC3', label: label.toString('base64') } },
          shipment: { BarcodeId: parcel.barcodeId, BarcodeSource: 902, BarCode: parcel.barcode },
        },
      });
    }
    case 'TerminateShipment': {
      const parcel = state.parcels.get(text(request.BarcodeId));
      if (!parcel || text(request.BarcodeSource) !== '902') return fault('ShipmentNotFound', 'Shipment not found');
      if (parcel.terminated) return fault('ShipmentAlreadyTerminated', 'Shipment already terminated');
      if ((state.scans.get(parcel.barcodeId) ?? []).length)
        return fault('ShipmentInNetwork', 'Parcel already scanned by DPD: it can no longer be terminated');
      parcel.terminated = true;
      return answer({});
    }
    case 'CreatePickupAtCustomerBc': {
      const data = obj(request.data);
      if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text(request.pick_date)) || !/^\d{2}:\d{2}$/.test(text(data.time_from)))
        return fault('InvalidInput', 'Invalid pick_date or time_from');
      state.serial += 1;
      const sin = String(7_100_000_000 + state.serial);
      state.pickups.set(sin, request);
      return answer({ CreatePickupAtCustomerBcResult: { Sin: sin } });
    }
    case 'GetShipmentTrace':
      return answer({ GetShipmentTraceResult: traceOf(state, account!, text(request.ShipmentNumber)) });
    default:
      return clientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action}.`);
  }
}

function wordsOf(p: DpdFakeParcel): LabelWords {
  const to = obj(p.request.receiveraddress);
  return {
    barcode: p.barcode,
    barcodeId: p.barcodeId,
    service: p.service,
    reference: p.reference,
    recipient: [text(to.name), text(to.street), `${text(to.countryPrefix)}-${text(to.zipCode)} ${text(to.city)}`].filter(Boolean),
  };
}

async function createShipment(
  state: DpdFakeState,
  account: DpdFakeAccount,
  request: Fields,
  answer: (content: Fields) => Promise<DpdFakeAnswer>,
): Promise<DpdFakeAnswer> {
  const to = obj(request.receiveraddress);
  const contact = obj(obj(request.services).contact);
  const weight = Number(text(request.weight).replace(',', '.'));
  if (!/^[A-Z]{2}$/.test(text(to.countryPrefix)) || text(to.countryPrefix) === 'KP')
    return fault('InvalidCountryPrefix', 'CountryPrefix is invalid');
  if (!text(to.zipCode) || text(to.zipCode) === '00000') return fault('InvalidInput', 'CountryPrefix-ZipCode-City is invalid');
  if (/poste restante/i.test(text(to.street))) return fault('RoutingError', 'RoutingError: Error occured in DPD routing');
  if (!(weight > 0)) return fault('InvalidWeight', `Invalid weight - ${text(request.weight) || '0'}`);
  if (weight > 31.5) return fault('InvalidWeight', 'Invalid weight - Maximum supported weight is 31,5');
  if (text(contact.type) === 'Predict' && !text(contact.sms)) return fault('InvalidInput', 'no sms number given');
  if (/-KO$/.test(text(request.referencenumber))) return fault('InvalidInput', 'Shipment could not be created');
  const type = text(obj(request.labelType).type) || 'Default';
  state.serial += 1;
  const barcodeId = `1${account.customerCenterNumber.padStart(3, '0').slice(-3)}${String(4_000_248_000 + state.serial).padStart(10, '0')}`;
  const service = text(contact.type) === 'Predict' ? '327' : '101';
  const zip7 = text(to.zipCode).replace(/\D/g, '').padStart(7, '0').slice(-7);
  const parcel: DpdFakeParcel = {
    barcodeId,
    barcode: `%${zip7}${barcodeId}${service}902`,
    reference: text(request.referencenumber),
    shippingDate: text(request.shippingdate),
    service,
    weight: text(request.weight),
    labelType: type,
    label: Buffer.alloc(0),
    terminated: false,
    request,
    at: new Date(),
  };
  const label = await labelOf(type, wordsOf(parcel));
  if (!label) return fault('InvalidInput', `Label type ${type} is not printed by the fake`);
  parcel.label = label;
  state.parcels.set(barcodeId, parcel);
  return answer({
    CreateShipmentWithLabelsBcResult: {
      shipments: { ShipmentBc: { Shipment: { BarcodeId: barcodeId, BarcodeSource: 902, BarCode: parcel.barcode }, Type: 'EPRINT' } },
      labels: { Label: { type: 'BIC3', label: label.toString('base64') } },
    },
  });
}

/** Webtrace's ShipmentTrace of a parcel: "Consignation par EDI" when its label was made, then its scans (a list Webtrace writes oldest first). */
function traceOf(state: DpdFakeState, account: DpdFakeAccount, number: string): Fields {
  const parcel = state.parcels.get(number);
  if (!parcel) return {};
  const scans: DpdFakeScan[] = [
    { status: 8, description: 'Colis en préparation chez l´expéditeur', at: parcel.at },
    ...(state.scans.get(number) ?? []),
  ];
  const to = obj(parcel.request.receiveraddress);
  return {
    ShipmentTrace: {
      ShipmentNumber: number,
      DestinationCountry: text(to.countryPrefix),
      DestinationZipcode: text(to.zipCode),
      ShippingDate: parcel.shippingDate.replace(/\//g, '.'),
      Weight: Number(parcel.weight),
      Reference: parcel.reference,
      Traces: {
        clsTrace: scans.map((x) => {
          const { day, time } = parisParts(x.at);
          return {
            ScanDate: day,
            ScanTime: time,
            StatusNumber: x.status,
            StatusDescription: x.description,
            ...(x.center ? { CenterName: x.center } : {}),
            User: 'eStation-web',
          };
        }),
      },
      IsB2C: parcel.service === '327',
      IsRetour: false,
      CustomerCenternumber: Number(account.customerCenterNumber),
      CustomerNumber: Number(account.customerNumber),
      BarcodeSource: 902,
      BarcodeId: number,
      ReceiverDepotNumber: 38,
      ReceiverTourNumber: 12,
      DeliveryRecordNumber: 0,
      DeliveryRecordPosition: 0,
    },
  };
}
