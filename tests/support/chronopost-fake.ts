import { spawn } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import PDFDocument from 'pdfkit';
import { code128Bars, writeOrHold } from './fake-kit.ts';

/**
 * Chronopost's SOAP web services on ws.chronopost.fr as the fake answers them, from the schemas of
 * their published WSDLs (carrier-schemas/chronopost: ShippingServiceWS.xsd, TrackingServiceWS.xsd,
 * QuickcostServiceWS.xsd) and Chronopost's "Web Services Chronopost" specification 2.6.3.
 *
 * Every request is a SOAP 1.1 envelope whose Body holds one operation: the operation (its namespace
 * declarations carried over) is validated by Debian's `xmllint --schema` against its service's schema
 * before anything else; one that does not validate, or an envelope that is not SOAP 1.1, is recorded
 * in `violations` and answered as Apache CXF answers a request it cannot read: HTTP 500 with a
 * `soap:Client` fault ("Unmarshalling Error: …"). The fake's own answers are validated against the same
 * schemas (a fault of the fake is recorded too).
 *
 * - `POST /shipping-cxf/ShippingServiceWS` shippingMultiParcelV5: one parcel per skybillValue, its
 *   skybill number as Chronopost writes them (two letters, eight digits, a check digit as UPU's S10, FR)
 *   and its label: a 10×15 PDF page drawn with pdfkit (modes THE, PDF, SPD, PPR) or ZPL II text (Z2D,
 *   ZPL300), each with a real Code 128 of the skybill number, base64 in pdfEtiquette. Refusals in the
 *   answer's errorCode and errorMessage with HTTP 200, as the service gives them: wrong credentials 33
 *   ("Invalid accesColis account number", "Invalid accesColis password", karrio's recorded answer and
 *   the specification's words); from the recipient, postcode 00000 (38, routing), "poste restante" in its
 *   address (33, validation); a product code not in annex 8 (35 "Code Service GeoPost not found"); a reference ending in
 *   -KO (32 "incorrect data length"); one ending in -SYS (1 "System Error"). The words of 38 and 33
 *   about the address are the fake's: the specification gives codes and short messages only.
 * - `POST /tracking-cxf/TrackingServiceWS`: trackSkybillV2 (no credentials) answers a parcel's events,
 *   oldest first: DC when its label is made, then the scans given (chronopostScan); a parcel made while
 *   `registerLater` is on is not in the tracking until chronopostRegister. trackWithSenderRef lists the
 *   account's parcels under a shipper reference (10 at most). cancelSkybill cancels a parcel: 2 (karrio's
 *   recorded words) when it is not the account's, not tracked yet, already cancelled, or the credentials
 *   are wrong; 3 once Chronopost has scanned it.
 * - `POST /quickcost-cxf/QuickcostServiceWS` quickCost: a price, 3 "Invalid Password", or 5 for arrCode 00000.
 */
export const CHRONOPOST_SCHEMAS = {
  shipping: 'chronopost/ShippingServiceWS.xsd',
  tracking: 'chronopost/TrackingServiceWS.xsd',
  quickcost: 'chronopost/QuickcostServiceWS.xsd',
} as const;
type Service = keyof typeof CHRONOPOST_SCHEMAS;

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const NS: Record<Service, string> = {
  shipping: 'http://cxf.shipping.soap.chronopost.fr/',
  tracking: 'http://cxf.tracking.soap.chronopost.fr/',
  quickcost: 'http://cxf.quickcost.soap.chronopost.fr/',
};
const ROUTES: Record<string, Service> = {
  'POST /shipping-cxf/ShippingServiceWS': 'shipping',
  'POST /tracking-cxf/TrackingServiceWS': 'tracking',
  'POST /quickcost-cxf/QuickcostServiceWS': 'quickcost',
};

export const chronopostRouteOf = (route: string): 'chronopost.shipping' | 'chronopost.tracking' | 'chronopost.quickcost' | undefined => {
  const service = ROUTES[route];
  return service ? `chronopost.${service}` : undefined;
};

export interface ChronopostFakeAccount {
  accountNumber: string;
  password: string;
}

export interface ChronopostFakeParcel {
  skybillNumber: string;
  /** The shipment's reference, as the request's shipperRef. */
  reference: string;
  accountNumber: string;
  product: string;
  mode: string;
  format: 'PDF' | 'ZPL';
  label: Buffer;
  cancelled: boolean;
  /** The operation as received (parsed), for the tests to check. */
  request: Record<string, unknown>;
  at: Date;
}

/** One event of a parcel, as trackSkybillV2 lists them (code DB, SC, TS, TA, D…). */
export interface ChronopostFakeScan {
  code: string;
  label: string;
  at: Date;
  office?: string;
}

export interface ChronopostFakeState {
  parcels: Map<string, ChronopostFakeParcel>;
  serial: number;
  scans: Map<string, ChronopostFakeScan[]>;
  /** Parcels made but not yet in Chronopost's tracking (it registers them up to an hour after their label). */
  untracked: Set<string>;
  /** Parcels made from now on stay out of the tracking until chronopostRegister. */
  registerLater: boolean;
  /** The next shipping answers that come with the first parcel's label only (one document for all). */
  oneDocument: number;
}

export const newChronopostFakeState = (): ChronopostFakeState => ({
  parcels: new Map(),
  serial: 0,
  scans: new Map(),
  untracked: new Set(),
  registerLater: false,
  oneDocument: 0,
});

/** A scan of a parcel at Chronopost (the fake's tracking answers it from then on). */
export function chronopostScan(state: ChronopostFakeState, skybillNumber: string, scan: ChronopostFakeScan): void {
  state.scans.set(skybillNumber, [...(state.scans.get(skybillNumber) ?? []), scan]);
}

/** A parcel now in Chronopost's tracking. */
export function chronopostRegister(state: ChronopostFakeState, skybillNumber: string): void {
  state.untracked.delete(skybillNumber);
}

export interface ChronopostFakeAnswer {
  status: number;
  body: string;
}

/** Writes an answer now, or after `holdMs` (the answer lost to a client with a shorter budget). */
export function replyChronopost(res: http.ServerResponse, answer: ChronopostFakeAnswer, holdMs: number, held: Set<NodeJS.Timeout>): void {
  writeOrHold(res, answer.status, { 'Content-Type': 'text/xml;charset=UTF-8' }, Buffer.from(answer.body, 'utf8'), holdMs, held);
}

// ---------------------------------------------------------------------------------------------------
// XML: read with fast-xml-parser, checked by xmllint.
// ---------------------------------------------------------------------------------------------------

/**
 * Where the schemas are, from the repository's root (the tests' working directory), as
 * carrier-schemas.ts finds them: this file is loaded by jest (CommonJS) and by Node's ES modules alike.
 */
const SCHEMA_DIR = path.resolve(process.cwd(), 'tests/support/carrier-schemas');

/** xmllint's complaints about a document against a schema; none when it validates. */
function xmllint(schema: string, xml: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--schema', path.join(SCHEMA_DIR, schema), '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (c: Buffer) => (errors += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve(
        code === 0
          ? []
          : errors
              .split('\n')
              .map((l) => l.trim())
              .filter((l) => l && !/fails to validate$/.test(l))
              .map((l) => l.replace(/^-:\d+:\s*/, '')),
      ),
    );
    child.stdin.end(xml, 'utf8');
  });
}

type Node = Record<string, unknown>;
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  trimValues: false,
});
const orderedBuilder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@_' });
const LISTS = new Set(['skybillValue', 'shipperValue', 'recipientValue', 'refValue', 'esdNumber']);
const plain = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (n) => LISTS.has(n),
});
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });

const nameOf = (node: Node) => Object.keys(node).find((k) => k !== ':@' && k !== '#text');
const attrsOf = (node: Node) => (node[':@'] ?? {}) as Record<string, string>;
const elementsOf = (node: Node, name: string) =>
  ((node[name] as Node[] | undefined) ?? []).filter((n) => nameOf(n) && !nameOf(n)!.startsWith('?'));
const localOf = (qname: string) => qname.slice(qname.indexOf(':') + 1);
const prefixOf = (qname: string) => (qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '');
const nsOf = (qname: string, scopes: Record<string, string>[]) => {
  const attr = prefixOf(qname) ? `@_xmlns:${prefixOf(qname)}` : '@_xmlns';
  for (const scope of [...scopes].reverse()) if (attr in scope) return scope[attr];
  return '';
};

/**
 * The operation in a SOAP 1.1 envelope, as a document of its own (the namespaces declared on the
 * Envelope and Body carried over to it), and its name; or what is wrong with the envelope.
 */
function operationOf(text: string): { xml: string; name: string; ns: string } | { error: string } {
  if (XMLValidator.validate(text) !== true) return { error: 'the request is not well-formed XML' };
  const doc = ordered.parse(text) as Node[];
  const envelope = doc.find((n) => nameOf(n) && !nameOf(n)!.startsWith('?'));
  const envelopeName = envelope && nameOf(envelope);
  if (!envelope || !envelopeName || localOf(envelopeName) !== 'Envelope' || nsOf(envelopeName, [attrsOf(envelope)]) !== SOAP_NS)
    return { error: 'the document is not a SOAP 1.1 Envelope' };
  const children = elementsOf(envelope, envelopeName);
  const body = children.find((n) => localOf(nameOf(n)!) === 'Body');
  if (!body || nsOf(nameOf(body)!, [attrsOf(envelope), attrsOf(body)]) !== SOAP_NS) return { error: 'the Envelope has no SOAP 1.1 Body' };
  const operations = elementsOf(body, nameOf(body)!);
  if (operations.length !== 1) return { error: `the Body holds ${operations.length} elements, not one operation` };
  const op = operations[0];
  const opName = nameOf(op)!;
  const inherited = Object.fromEntries(
    Object.entries({ ...attrsOf(envelope), ...attrsOf(body) }).filter(([k]) => k === '@_xmlns' || k.startsWith('@_xmlns:')),
  );
  const standalone = { ...op, ':@': { ...inherited, ...attrsOf(op) } };
  return { xml: orderedBuilder.build([standalone]) as string, name: localOf(opName), ns: nsOf(opName, [inherited, attrsOf(op)]) };
}

const envelope = (content: Record<string, unknown>) =>
  builder.build({ 'soap:Envelope': { '@_xmlns:soap': SOAP_NS, 'soap:Body': content } }) as string;

const fault = (code: 'soap:Client' | 'soap:Server', message: string): ChronopostFakeAnswer => ({
  status: 500,
  body: envelope({ 'soap:Fault': { faultcode: code, faultstring: message } }),
});

/** An operation's answer, as Chronopost's services write it (ns1 the service's namespace, `return` unqualified). */
async function answer(
  service: Service,
  operation: string,
  value: Record<string, unknown>,
  violations: string[],
): Promise<ChronopostFakeAnswer> {
  const response = { [`ns1:${operation}Response`]: { '@_xmlns:ns1': NS[service], return: value } };
  const own = await xmllint(CHRONOPOST_SCHEMAS[service], builder.build(response) as string);
  if (own.length) violations.push(`fake answer ${operation}Response: ${own.join('; ')}`);
  return { status: 200, body: envelope(response) };
}

// ---------------------------------------------------------------------------------------------------
// Labels.
// ---------------------------------------------------------------------------------------------------

/** A skybill number: two letters, eight digits of the serial, an S10 check digit (UPU S10), FR. */
function skybillNumberOf(serial: number): string {
  const digits = String(serial).padStart(8, '0').slice(-8);
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * [8, 6, 4, 2, 3, 5, 9, 7][i], 0);
  const check = 11 - (sum % 11);
  return `XP${digits}${check === 10 ? 0 : check === 11 ? 5 : check}FR`;
}

interface LabelWords {
  skybillNumber: string;
  product: string;
  reference: string;
  addressee: string[];
}

/** Chronopost-like labels, 10×15 cm, one page each: the addressee, the skybill number's Code 128 (drawn as bars) and words. */
function pdfLabels(labels: LabelWords[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const mm = 72 / 25.4;
    const doc = new PDFDocument({ size: [100 * mm, 150 * mm], margin: 0, autoFirstPage: false, info: { Title: 'Chronopost' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const w of labels) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(20).text('CHRONOPOST', 14, 14);
      doc.font('Helvetica').fontSize(10).text(`Produit ${w.product}   ${w.reference}`, 14, 42);
      w.addressee.forEach((line, i) => doc.text(line, 14, 70 + i * 13, { width: 255, lineBreak: false }));
      const { widths, modules } = code128Bars(w.skybillNumber);
      const module = Math.min(1.6, 255 / (modules + 20));
      let x = (100 * mm - modules * module) / 2;
      widths.forEach((width, i) => {
        if (i % 2 === 0) doc.rect(x, 220, width * module, 100);
        x += width * module;
      });
      doc.fill('black');
      doc.fontSize(12).text(w.skybillNumber, 14, 330, { width: 255, align: 'center' });
    }
    doc.end();
  });
}

const zplText = (text: string) => text.replace(/[\^~]/g, ' ');
const zplLabel = (w: LabelWords): string =>
  `^XA^CI28^PW800^LL1200^FO40,40^A0N,60,60^FDCHRONOPOST^FS^FO40,120^A0N,30,30^FD${zplText(`Produit ${w.product}   ${w.reference}`)}^FS` +
  w.addressee.map((line, i) => `^FO40,${180 + i * 36}^A0N,30,30^FD${zplText(line)}^FS`).join('') +
  `^FO80,480^BY3^BCN,220,Y,N,N^FD${w.skybillNumber}^FS^XZ`;

/** The product codes the shipping service accepts (annex 8 of the specification). */
const PRODUCTS = new Set(
  (
    '00 01 02 09 16 17 20 37 44 49 58 75 76 77 78 80 86 93 1F 1G 1K 1M 1N 1O 1P 1S 1T 1U 1V 1Y 2A 2B 2E 2F 2L 2M 2O 2P 2Q 2R 2S ' +
    '3J 3K 3S 3T 3X 3Y 3Z 4I 4P 4Q 4R 4S 4T 4U 4V 4W 4X 8A 8B 8C 8D 8E 8F 8G 8H 8I 8J'
  ).split(' '),
);
const PDF_MODES = new Set(['PDF', 'SPD', 'PPR', 'THE', 'THEPSG']);
const ZPL_MODES = new Set(['Z2D', 'ZPL300', 'ZPLPSG', 'Z2DPSG']);

// ---------------------------------------------------------------------------------------------------
// The services.
// ---------------------------------------------------------------------------------------------------

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const CANCEL_REFUSED = "the parcel doesn't match account or parcel information not found";

export async function chronopostRoute(
  state: ChronopostFakeState,
  account: ChronopostFakeAccount | undefined,
  route: string,
  body: string,
  violations: string[],
): Promise<ChronopostFakeAnswer> {
  const service = ROUTES[route];
  const op = operationOf(body);
  if ('error' in op) {
    violations.push(`${route}: ${op.error}`);
    return fault('soap:Client', `Unmarshalling Error: ${op.error}`);
  }
  const errors = await xmllint(CHRONOPOST_SCHEMAS[service], op.xml);
  if (errors.length) {
    violations.push(`${route} ${op.name}: ${errors.join('; ')}`);
    return fault('soap:Client', `Unmarshalling Error: ${errors[0]}`);
  }
  const request = ((plain.parse(op.xml) as Record<string, unknown>)[op.name] ?? {}) as Record<string, unknown>;
  const credentialsOk = (accountNumber: unknown, password: unknown) =>
    !!account && text(accountNumber) === account.accountNumber && text(password) === account.password;

  if (service === 'quickcost' && op.name === 'quickCost') {
    if (!credentialsOk(request.accountNumber, request.password))
      return answer(
        service,
        op.name,
        { amount: 0, amountTTC: 0, amountTVA: 0, errorCode: 3, errorMessage: 'Invalid Password' },
        violations,
      );
    if (text(request.arrCode) === '00000')
      return answer(
        service,
        op.name,
        { amount: 0, amountTTC: 0, amountTVA: 0, errorCode: 5, errorMessage: 'No price for these data' },
        violations,
      );
    return answer(service, op.name, { amount: 12.5, amountTTC: 15, amountTVA: 2.5, errorCode: 0, errorMessage: '', zone: '1' }, violations);
  }

  if (service === 'shipping' && op.name === 'shippingMultiParcelV5') return shipping(state, account, request, violations);

  if (service === 'tracking' && op.name === 'trackSkybillV2') {
    const number = text(request.skybillNumber);
    const parcel = state.parcels.get(number);
    const events = parcel && !state.untracked.has(number) ? eventsOf(state, parcel) : [];
    return answer(service, op.name, { errorCode: 0, listEventInfoComp: { events, skybillNumber: number } }, violations);
  }

  if (service === 'tracking' && op.name === 'trackWithSenderRef') {
    if (!credentialsOk(request.accountNumber, request.password))
      return answer(service, op.name, { errorCode: 33, errorMessage: 'Invalid accesColis password' }, violations);
    const found = [...state.parcels.values()]
      .filter(
        (p) =>
          p.accountNumber === account!.accountNumber && p.reference === text(request.sendersRef) && !state.untracked.has(p.skybillNumber),
      )
      .slice(0, 10);
    return answer(
      service,
      op.name,
      {
        errorCode: 0,
        listParcel: found.map((p) => ({
          events: eventsOf(state, p).map(({ infoCompList: _, ...e }) => e),
          skybillNumber: p.skybillNumber,
        })),
      },
      violations,
    );
  }

  if (service === 'tracking' && op.name === 'cancelSkybill') {
    const parcel = state.parcels.get(text(request.skybillNumber));
    const ok = credentialsOk(request.accountNumber, request.password);
    if (!ok || !parcel || parcel.cancelled || parcel.accountNumber !== account!.accountNumber || state.untracked.has(parcel.skybillNumber))
      return answer(service, op.name, { errorCode: 2, errorMessage: CANCEL_REFUSED, statusCode: 0 }, violations);
    if (state.scans.get(parcel.skybillNumber)?.length)
      return answer(
        service,
        op.name,
        { errorCode: 3, errorMessage: 'the parcel cannot be cancelled: it has been taken in charge by Chronopost', statusCode: 0 },
        violations,
      );
    parcel.cancelled = true;
    return answer(service, op.name, { errorCode: 0, statusCode: 0 }, violations);
  }

  violations.push(`${route} ${op.name}: an operation of the schema the fake does not answer`);
  return fault('soap:Server', `the fake does not answer ${op.name}`);
}

/** A parcel's events as trackSkybillV2 writes them, oldest first: DC when its label was made, then its scans. */
function eventsOf(state: ChronopostFakeState, parcel: ChronopostFakeParcel) {
  const scans: ChronopostFakeScan[] = [
    { code: 'DC', label: "Envoi en cours de préparation chez l'expéditeur", at: parcel.at, office: 'Web Services' },
    ...(state.scans.get(parcel.skybillNumber) ?? []),
  ];
  return scans.map((x) => ({
    code: x.code,
    eventDate: x.at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    eventLabel: x.label,
    highPriority: false,
    NPC: '',
    officeLabel: x.office ?? 'LYON CHRONOPOST',
    zipCode: '',
    infoCompList: [],
  }));
}

async function shipping(
  state: ChronopostFakeState,
  account: ChronopostFakeAccount | undefined,
  request: Record<string, unknown>,
  violations: string[],
): Promise<ChronopostFakeAnswer> {
  const refuse = (errorCode: number, errorMessage: string) =>
    answer('shipping', 'shippingMultiParcelV5', { errorCode, errorMessage }, violations);
  const header = (request.headerValue ?? {}) as Record<string, unknown>;
  if (!account || text(header.accountNumber) !== account.accountNumber) return refuse(33, 'Invalid accesColis account number');
  if (text(request.password) !== account.password) return refuse(33, 'Invalid accesColis password');
  const skybills = (request.skybillValue ?? []) as Record<string, unknown>[];
  const recipient = ((request.recipientValue ?? []) as Record<string, unknown>[])[0] ?? {};
  const ref = ((request.refValue ?? []) as Record<string, unknown>[])[0] ?? {};
  const mode = text((request.skybillParamsValue as Record<string, unknown> | undefined)?.mode);
  // The specification: as many skybillValue as numberOfParcel (the other structures may be given once).
  if (Number(text(request.numberOfParcel)) !== skybills.length) {
    violations.push(`shippingMultiParcelV5: numberOfParcel ${text(request.numberOfParcel)} for ${skybills.length} skybillValue`);
    return refuse(33, 'Validation error : numberOfParcel');
  }
  if (!PDF_MODES.has(mode) && !ZPL_MODES.has(mode)) return refuse(33, `Validation error : mode ${mode}`);
  const reference = text(ref.shipperRef);
  if (text(recipient.recipientZipCode) === '00000')
    return refuse(38, `Routing error : recipientZipCode 00000 is not routable for ${text(recipient.recipientCountry)}`);
  if (/poste restante/i.test(text(recipient.recipientAdress1)))
    return refuse(33, 'Validation error : recipientAdress1 is not a deliverable address');
  if (skybills.some((x) => !PRODUCTS.has(text(x.productCode)))) return refuse(35, 'Code Service GeoPost not found');
  if (/-KO$/.test(reference)) return refuse(32, 'incorrect data length');
  if (/-SYS$/.test(reference)) return refuse(1, 'System Error');
  const format = PDF_MODES.has(mode) ? 'PDF' : 'ZPL';
  const addressee = [
    text(recipient.recipientName),
    text(recipient.recipientAdress1),
    `${text(recipient.recipientZipCode)} ${text(recipient.recipientCity)}`,
  ];
  const oneDocument = state.oneDocument > 0;
  if (oneDocument) state.oneDocument -= 1;
  const made = skybills.map((skybill) => {
    state.serial += 1;
    return { skybillNumber: skybillNumberOf(state.serial), product: text(skybill.productCode), reference, addressee };
  });
  const draw = (words: LabelWords[]) =>
    format === 'PDF' ? pdfLabels(words) : Promise.resolve(Buffer.from(words.map(zplLabel).join(''), 'utf8'));
  // One label per parcel, or (oneDocument) the first parcel's answer holding every parcel's label.
  const labels = oneDocument ? [await draw(made)] : await Promise.all(made.map((w) => draw([w])));
  const results = made.map((w, i) => {
    state.parcels.set(w.skybillNumber, {
      skybillNumber: w.skybillNumber,
      reference,
      accountNumber: account.accountNumber,
      product: w.product,
      mode,
      format,
      label: labels[oneDocument ? 0 : i],
      cancelled: false,
      request,
      at: new Date(),
    });
    if (state.registerLater) state.untracked.add(w.skybillNumber);
    return {
      codeDepot: '75327227',
      codeService: '226',
      destinationDepot: '0477',
      geoPostCodeBarre: `%00${text(recipient.recipientZipCode).padStart(5, '0')}${w.skybillNumber.slice(0, 11)}248226250`,
      geoPostNumeroColis: `${w.skybillNumber.slice(0, 11)}248D`,
      groupingPriorityLabel: 'SIA1',
      pdfEtiquette: labels[i]?.toString('base64'),
      serviceName: 'AM2-NO',
      signaletiqueProduit: '13H',
      skybillNumber: w.skybillNumber,
    };
  });
  return answer('shipping', 'shippingMultiParcelV5', { errorCode: 0, errorMessage: '', resultMultiParcelValue: results }, violations);
}
