import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import PDFDocument from 'pdfkit';
import { parameterErrors, schemaErrors } from './carrier-schemas.ts';
import { code128Bars, writeOrHold } from './fake-kit.ts';

/**
 * Colissimo's label web service (SLS, REST 2.0) and La Poste's tracking API (Suivi v2) as the fake
 * answers them, from La Poste's OpenAPI document of the SLS (colissimo-shipping-openapi.json, kept in
 * carrier-schemas/colissimo).
 *
 * `POST /sls-ws/SlsServiceWSRest/2.0/generateLabel` validates its headers against the operation's
 * parameters and its body against GenerateLabelRequestV31 before anything else (a violation is
 * recorded and answered 400), authenticates the `apiKey` header, else contractNumber and password in
 * the body, and makes one parcel: a parcel number as Colissimo writes them (two characters, here 6A
 * or 6C by product, and 11 digits, the last a check digit) and its label, a PDF page 10×15 drawn with
 * pdfkit or ZPL II text, each with a real Code 128 of the parcel number. It answers as the document
 * describes it: a multipart body with a JSON part `jsonInfos` (messages, labelV2Response) then the
 * label's bytes (`label`, application/octet-stream), the parts named by Content-ID, CRLF line breaks,
 * as La Poste's service writes them. Typed multipart/mixed, as the document's client asks; `multipart:
 * 'related'` types it as La Poste's service was seen to (`multipart/related; type="application/json";
 * start="<jsonInfos>"`), with the null fields it writes. The fake checks its own JSON part against the
 * document's GenerateLabelV2Response (its null fields left out: the schema allows none).
 *
 * Refusals, from the addressee, in the JSON La Poste's service answers them with (HTTP 400,
 * `{ messages: [{ id, type: 'ERROR', messageContent }] }`): postcode 00000 (30213, La Poste's own words),
 * "poste restante" in its address (30202), country KP (30208), a weight above 30 kg (30301, La Poste's
 * own words), a reference ending in -KO (30999). 30202's, 30208's and 30999's words are the fake's: the
 * document gives no table of message ids. Wrong credentials: the document's 403 (account unknown),
 * with 30000 "Identifiant ou mot de passe incorrect".
 *
 * `GET /suivi/v2/idships/{ids}` (X-Okapi-Key the account's API key) answers each parcel's events,
 * newest first: DR1 once its label is made, then the scans given (colissimoScan).
 */
export const COLISSIMO_SCHEMA = 'colissimo/colissimo-shipping-openapi.json';
export const COLISSIMO_LABEL_ROUTE = 'POST /sls-ws/SlsServiceWSRest/2.0/generateLabel';

export interface ColissimoFakeAccount {
  contractNumber: string;
  password: string;
  apiKey: string;
}

export interface ColissimoFakeParcel {
  parcelNumber: string;
  /** The shipment's reference, as the request's orderNumber. */
  reference: string;
  product: string;
  format: 'PDF' | 'ZPL';
  label: Buffer;
  auth: 'apiKey' | 'password';
  request: unknown;
  at: Date;
}

/** One event of a parcel, as Suivi v2 lists them (code PC1, ET1, MD2, AG1, DI1…). */
export interface ColissimoFakeScan {
  code: string;
  label: string;
  at: Date;
}

export interface ColissimoFakeState {
  parcels: Map<string, ColissimoFakeParcel>;
  serial: number;
  scans: Map<string, ColissimoFakeScan[]>;
  /** How a label answer is typed: multipart/mixed (the document's client) or multipart/related (La Poste's service). */
  multipart: 'mixed' | 'related';
  /** The next label answers that come with their jsonInfos part only, no label part. */
  withoutLabel: number;
}

export const newColissimoFakeState = (): ColissimoFakeState => ({
  parcels: new Map(),
  serial: 0,
  scans: new Map(),
  multipart: 'mixed',
  withoutLabel: 0,
});

/** A scan of a parcel at La Poste (the fake's tracking answers it from then on). */
export function colissimoScan(state: ColissimoFakeState, parcelNumber: string, scan: ColissimoFakeScan): void {
  state.scans.set(parcelNumber, [...(state.scans.get(parcelNumber) ?? []), scan]);
}

/** An answer of the fake: its status, headers and bytes (a multipart body is binary). */
export interface ColissimoFakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const jsonAnswer = (status: number, body: unknown): ColissimoFakeAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json;charset=UTF-8' },
  body: Buffer.from(JSON.stringify(body), 'utf8'),
});

const refusal = (status: number, id: string, messageContent: string) =>
  jsonAnswer(status, { messages: [{ id, type: 'ERROR', messageContent, replacementValues: [] }] });

/** Writes an answer now, or after `holdMs` (the answer lost to a client with a shorter budget). */
export function replyColissimo(res: http.ServerResponse, answer: ColissimoFakeAnswer, holdMs: number, held: Set<NodeJS.Timeout>): void {
  writeOrHold(res, answer.status, answer.headers, answer.body, holdMs, held);
}

/** A parcel number: its two characters, ten digits of the serial and a check digit (mod 10, weights 3 and 1). */
function parcelNumberOf(prefix: string, serial: number): string {
  const body = String(serial).padStart(10, '0');
  const sum = [...body].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${prefix}${body}${(10 - (sum % 10)) % 10}`;
}

interface LabelWords {
  parcelNumber: string;
  product: string;
  reference: string;
  addressee: string[];
}

/** A Colissimo-like label, 10×15 cm: the addressee, the parcel number's Code 128 (drawn as bars) and words. */
function pdfLabel(w: LabelWords): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const mm = 72 / 25.4;
    const doc = new PDFDocument({ size: [100 * mm, 150 * mm], margin: 0, info: { Title: `Colissimo ${w.parcelNumber}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(20).text('COLISSIMO', 14, 14);
    doc.font('Helvetica').fontSize(10).text(`${w.product}   ${w.reference}`, 14, 42);
    w.addressee.forEach((line, i) => doc.text(line, 14, 70 + i * 13, { width: 255, lineBreak: false }));
    const { widths, modules } = code128Bars(w.parcelNumber);
    const module = Math.min(1.6, 255 / (modules + 20));
    let x = (100 * mm - modules * module) / 2;
    widths.forEach((width, i) => {
      if (i % 2 === 0) doc.rect(x, 220, width * module, 100);
      x += width * module;
    });
    doc.fill('black');
    doc.fontSize(12).text(w.parcelNumber.replace(/^(..)(\d{4})(\d{4})(\d{3})$/, '$1 $2 $3 $4'), 14, 330, { width: 255, align: 'center' });
    doc.end();
  });
}

const zplText = (text: string) => text.replace(/[\^~]/g, ' ');
const zplLabel = (w: LabelWords): string =>
  `^XA^CI28^PW800^LL1200^FO40,40^A0N,60,60^FDCOLISSIMO^FS^FO40,120^A0N,30,30^FD${zplText(`${w.product}   ${w.reference}`)}^FS` +
  w.addressee.map((line, i) => `^FO40,${180 + i * 36}^A0N,30,30^FD${zplText(line)}^FS`).join('') +
  `^FO80,480^BY3^BCN,220,Y,N,N^FD${w.parcelNumber}^FS^XZ`;

/** The multipart body of a label answer, as La Poste's service writes it (CRLF, parts named by Content-ID). */
function multipartOf(state: ColissimoFakeState, info: unknown, label: Buffer | null): ColissimoFakeAnswer {
  const boundary = `uuid:${randomUUID()}`;
  const part = (headers: string[], content: Buffer) =>
    Buffer.concat([Buffer.from(`\r\n--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`, 'latin1'), content]);
  const body = Buffer.concat([
    part(
      ['Content-Type: application/json;charset=UTF-8', 'Content-Transfer-Encoding: binary', 'Content-ID: <jsonInfos>'],
      Buffer.from(JSON.stringify(info), 'utf8'),
    ),
    ...(label ? [part(['Content-Type: application/octet-stream', 'Content-Transfer-Encoding: binary', 'Content-ID: <label>'], label)] : []),
    Buffer.from(`\r\n--${boundary}--`, 'latin1'),
  ]);
  const type =
    state.multipart === 'related'
      ? `multipart/related; type="application/json"; boundary="${boundary}"; start="<jsonInfos>"`
      : `multipart/mixed; boundary="${boundary}"`;
  return { status: 200, headers: { 'Content-Type': type }, body };
}

/** A copy without its null fields (La Poste writes them; the document's schema allows none). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** A date and time as Suivi v2 writes them: French local time with its offset. */
function parisTime(d: Date): string {
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
      timeZoneName: 'longOffset',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${parts.timeZoneName.replace('GMT', '') || '+00:00'}`;
}

interface LabelRequest {
  contractNumber?: string;
  password?: string;
  outputFormat: { outputPrintingType: string };
  letter: {
    service: { productCode: string; orderNumber?: string };
    parcel: { weight: number };
    addressee: {
      address: {
        companyName?: string;
        lastName?: string;
        line2?: string;
        line3?: string;
        zipCode: string;
        city?: string;
        countryCode: string;
      };
    };
  };
}

export async function colissimoRoute(
  state: ColissimoFakeState,
  account: ColissimoFakeAccount,
  route: string,
  query: URLSearchParams,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  violations: string[],
): Promise<ColissimoFakeAnswer | undefined> {
  if (route.startsWith('GET /suivi/v2/idships/')) return tracking(state, account, route, headers);
  if (route !== COLISSIMO_LABEL_ROUTE) return undefined;

  const parameters = parameterErrors(COLISSIMO_SCHEMA, '/generateLabel', 'POST', query, headers);
  if (!/^application\/json\b/i.test(String(headers['content-type'] ?? ''))) parameters.push('Content-Type must be application/json');
  if (parameters.length) {
    violations.push(...parameters.map((e) => `${route}: ${e}`));
    return refusal(400, 'FAKE_SCHEMA', parameters[0]);
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    violations.push(`${route}: the body is not JSON`);
    return jsonAnswer(422, {
      messages: [{ id: 'FAKE_JSON', type: 'ERROR', messageContent: 'Le JSON en entrée du service est mal formatté' }],
    });
  }
  const errors = schemaErrors(COLISSIMO_SCHEMA, 'GenerateLabelRequestV31', json);
  if (errors.length) {
    violations.push(...errors.map((e) => `${route}: ${e}`));
    return refusal(400, 'FAKE_SCHEMA', `La requête ne respecte pas GenerateLabelRequestV31 : ${errors[0]}`);
  }
  const request = json as LabelRequest;

  // The document: the apiKey header, else (deprecated) contractNumber and password in the body.
  const key = headers.apikey;
  const auth = key !== undefined ? 'apiKey' : 'password';
  const known =
    auth === 'apiKey'
      ? key === account.apiKey
      : request.contractNumber === account.contractNumber && request.password === account.password && !!account.password;
  if (!known) return refusal(403, '30000', 'Identifiant ou mot de passe incorrect');

  const to = request.letter.addressee.address;
  const reference = request.letter.service.orderNumber ?? '';
  if (to.zipCode === '00000')
    return refusal(400, '30213', 'Le code pays ou le code postal du destinataire est incorrect pour le code produit fourni');
  if (/poste restante/i.test(`${to.line2 ?? ''} ${to.line3 ?? ''}`))
    return refusal(400, '30202', "L'adresse du destinataire est incorrecte");
  if (to.countryCode === 'KP') return refusal(400, '30208', "Le pays du destinataire n'est pas desservi pour le code produit fourni");
  if (request.letter.parcel.weight > 30) return refusal(400, '30301', 'Le poids du colis est incorrect');
  if (/-KO$/.test(reference)) return refusal(400, '30999', "Le colis n'a pas pu être enregistré");

  const product = request.letter.service.productCode;
  const format = /^ZPL_/.test(request.outputFormat.outputPrintingType) ? 'ZPL' : 'PDF';
  state.serial += 1;
  const parcelNumber = parcelNumberOf(product === 'DOS' ? '6C' : '6A', 5_100_000_000 + state.serial);
  const words: LabelWords = {
    parcelNumber,
    product,
    reference,
    addressee: [to.companyName, to.lastName, to.line2, to.line3, `${to.zipCode} ${to.city ?? ''}`, to.countryCode].filter(
      (l): l is string => !!l,
    ),
  };
  const label = format === 'ZPL' ? Buffer.from(zplLabel(words), 'utf8') : await pdfLabel(words);
  state.parcels.set(parcelNumber, { parcelNumber, reference, product, format, label, auth, request: json, at: new Date() });

  const related = state.multipart === 'related';
  const info = {
    messages: [{ id: '0', type: 'INFOS', messageContent: 'La requête a été traitée avec succès', replacementValues: [] }],
    ...(related ? { labelXmlV2Reponse: null } : {}),
    labelV2Response: {
      parcelNumber,
      parcelNumberPartner: `00${to.zipCode.padEnd(5, '0').slice(0, 5)}${parcelNumber}`,
      ...(related ? { pdfUrl: null } : {}),
      fields: { field: [], customField: [] },
    },
  };
  const own = schemaErrors(COLISSIMO_SCHEMA, 'GenerateLabelV2Response', withoutNulls(info));
  if (own.length) violations.push(...own.map((e) => `the fake's answer to ${route}: ${e}`));
  if (state.withoutLabel > 0) {
    state.withoutLabel -= 1;
    return multipartOf(state, info, null);
  }
  return multipartOf(state, info, label);
}

/** Suivi v2: one result for one number (404 when unknown), a list for several (207 when some are unknown). */
function tracking(
  state: ColissimoFakeState,
  account: ColissimoFakeAccount,
  route: string,
  headers: Record<string, string | string[] | undefined>,
): ColissimoFakeAnswer {
  if (headers['x-okapi-key'] !== account.apiKey) return jsonAnswer(401, { code: 'UNAUTHORIZED', message: 'Invalid credentials' });
  const ids = decodeURIComponent(route.slice('GET /suivi/v2/idships/'.length)).split(',');
  const results = ids.map((id) => {
    const parcel = state.parcels.get(id);
    if (!parcel) return { lang: 'fr_FR', scope: 'open', returnCode: 104, returnMessage: 'Numéro de suivi inconnu', idShip: id };
    const events = [
      {
        code: 'DR1',
        label: 'Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.',
        at: parcel.at,
      },
      ...(state.scans.get(id) ?? []),
    ].sort((a, b) => b.at.getTime() - a.at.getTime());
    return {
      lang: 'fr_FR',
      scope: 'open',
      returnCode: 200,
      shipment: {
        idShip: id,
        holder: 4,
        product: 'colissimo',
        isFinal: events.some((e) => e.code === 'DI1' || e.code === 'DI2'),
        entryDate: parisTime(parcel.at),
        event: events.map((e) => ({ code: e.code, label: e.label, date: parisTime(e.at) })),
        contextData: { originCountry: 'FR', arrivalCountry: 'FR' },
      },
    };
  });
  const found = results.filter((r) => r.returnCode === 200).length;
  if (ids.length === 1) return jsonAnswer(found ? 200 : 404, results[0]);
  return jsonAnswer(found === ids.length ? 200 : found ? 207 : 404, results);
}
