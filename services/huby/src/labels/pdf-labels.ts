import PDFDocument from 'pdfkit';
import { code128, QUIET_ZONE_MODULES, ssccBarcode, type LinearBarcode } from './barcodes';
import { labelText, partyLines, ssccText, type PackageLabel } from './label-data';
import { winAnsi } from './pdf-text';

const MM = 72 / 25.4;
/** A6 portrait, the size parcel carriers take by default. */
export const A6: [number, number] = [105 * MM, 148 * MM];
const MARGIN = 4 * MM;

type Doc = PDFKit.PDFDocument;

/** Draws a linear barcode as rectangles: `x`, `y` its top-left (quiet zones inside `width`). */
function drawBarcode(doc: Doc, code: LinearBarcode, x: number, y: number, width: number, height: number, maxModule = 1.6): void {
  const module = Math.min(maxModule, width / (code.modules + 2 * QUIET_ZONE_MODULES));
  let at = x + (width - code.modules * module) / 2;
  code.widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, height);
    at += w * module;
  });
  doc.fill('black');
}

/** A square on its point around (cx, cy), stroked: the outline of the ADR marks. */
function strokeDiamond(doc: Doc, cx: number, cy: number, half: number, width: number): void {
  doc
    .lineWidth(width)
    .moveTo(cx, cy - half)
    .lineTo(cx + half, cy)
    .lineTo(cx, cy + half)
    .lineTo(cx - half, cy)
    .closePath()
    .stroke();
}

/** The ADR hazard diamond with its class. */
function drawDiamond(doc: Doc, cx: number, cy: number, half: number, label: string): void {
  strokeDiamond(doc, cx, cy, half, 1.2);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(label, cx - half, cy - 2, { width: 2 * half, align: 'center' });
}

/** ADR 3.4.7 limited-quantity mark: a diamond with black top and bottom corners, white middle band. */
function drawLimitedQuantityMark(doc: Doc, cx: number, cy: number, half: number): void {
  for (const side of [-1, 1])
    doc
      .moveTo(cx, cy + side * half)
      .lineTo(cx + half / 2, cy + (side * half) / 2)
      .lineTo(cx - half / 2, cy + (side * half) / 2)
      .closePath()
      .fill('black');
  strokeDiamond(doc, cx, cy, half, 1);
}

/** A thin line across the label at `y`; answers where the next block starts. */
function rule(doc: Doc, y: number): number {
  doc
    .moveTo(MARGIN, y)
    .lineTo(A6[0] - MARGIN, y)
    .lineWidth(0.5)
    .stroke();
  return y + 4;
}

function drawLabel(doc: Doc, l: PackageLabel): void {
  const [W] = A6;
  const inner = W - 2 * MARGIN;
  const t = (s: string | number | null | undefined, max?: number) => winAnsi(labelText(s, max));
  let y = MARGIN;

  // Carrier band: the carrier and its tour, the shipping day and depositor on the right.
  doc.rect(MARGIN, y, inner, 30).fill('black');
  doc
    .fillColor('white')
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(t(l.carrierName, 24), MARGIN + 5, y + 5, { width: inner * 0.6, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(t(l.tourCode), MARGIN + 5, y + 21, { width: inner * 0.6, lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(t(l.depositorCode), MARGIN, y + 6, { width: inner - 5, align: 'right', lineBreak: false })
    .font('Helvetica')
    .text(t(l.shippingDate), MARGIN, y + 17, { width: inner - 5, align: 'right', lineBreak: false });
  doc.fillColor('black');
  y += 34;

  // Shipper (small), then the recipient (large: what the driver reads).
  doc.font('Helvetica-Bold').fontSize(6).text('EXPÉDITEUR / FROM', MARGIN, y);
  doc.font('Helvetica').fontSize(7);
  const from = [...partyLines(l.shipper), `${l.shipper.country}-${l.shipper.zip} ${l.shipper.town}`].map((s) => t(s, 60)).join(' · ');
  doc.text(from, MARGIN, y + 8, { width: inner, height: 18, ellipsis: true });
  y += 28;
  y = rule(doc, y);
  doc.font('Helvetica-Bold').fontSize(6).text('DESTINATAIRE / TO', MARGIN, y);
  y += 9;
  doc.font('Helvetica-Bold').fontSize(10);
  for (const line of partyLines(l.recipient).slice(0, 4)) {
    doc.text(t(line), MARGIN, y, { width: inner, lineBreak: false });
    y += 12;
  }
  doc.fontSize(16).text(t(`${l.recipient.zip} ${l.recipient.town}`, 40), MARGIN, y, { width: inner, lineBreak: false });
  y += 19;
  doc
    .fontSize(9)
    .text(t(l.recipient.country), MARGIN, y, { lineBreak: false })
    .font('Helvetica')
    .text(t(l.recipient.mobile ?? l.recipient.phone), MARGIN, y, { width: inner, align: 'right', lineBreak: false });
  y += 13;
  y = rule(doc, y);

  // The shipment: reference, package n/N, weight; marks for options.
  doc
    .font('Helvetica')
    .fontSize(7)
    .text('RÉF. / REF.', MARGIN, y)
    .text('COLIS / PARCEL', MARGIN + inner * 0.52, y);
  doc.text('POIDS / WEIGHT', MARGIN + inner * 0.75, y);
  y += 8;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(t(l.reference, 26), MARGIN, y, { width: inner * 0.5, lineBreak: false });
  doc.fontSize(14).text(`${l.n}/${l.of}`, MARGIN + inner * 0.52, y - 1, { lineBreak: false });
  doc.fontSize(10).text(`${formatKg(l.weightKg)} kg`, MARGIN + inner * 0.75, y, { lineBreak: false });
  y += 14;
  const options = [
    l.orderNumber ? `Cde ${t(l.orderNumber, 20)}` : '',
    l.cashOnDelivery ? `CRBT ${l.cashOnDelivery.toFixed(2)} EUR` : '',
    l.appointment ? 'RDV' : '',
    l.voucher ? `LV ${t(l.voucher, 24)}` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(7).text(options.join('   '), MARGIN, y, { width: inner, lineBreak: false });
  y += 10;

  // Dangerous goods: a class diamond per class and the UN numbers; the limited-quantity mark.
  if (l.dangerousGoods.length || l.limitedQuantities) {
    const half = 13;
    let x = MARGIN + half;
    const classes = [...new Set(l.dangerousGoods.map((d) => d.class))].slice(0, 4);
    for (const c of classes) {
      drawDiamond(doc, x, y + half, half, c);
      x += 2 * half + 4;
    }
    if (l.limitedQuantities) {
      drawLimitedQuantityMark(doc, x, y + half, half);
      x += 2 * half + 4;
    }
    const uns = [...new Set(l.dangerousGoods.map((d) => `UN ${d.un}`))];
    const env = l.dangerousGoods.some((d) => d.environment);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(uns.join(' ') || 'LQ', x - half + 2, y + 4, { width: W - MARGIN - x + half - 2, height: 22, ellipsis: true });
    doc
      .font('Helvetica')
      .fontSize(6)
      .text(env ? 'ADR · Dangereux pour l’environnement' : 'ADR', x - half + 2, y + 18, { lineBreak: false });
    y += 2 * half + 4;
  }

  // The carrier's tracking number (Code 128), then the package's SSCC (GS1-128) at the bottom.
  const bottom = A6[1] - MARGIN;
  const ssccTop = bottom - 58;
  const trackingTop = Math.max(y + 2, ssccTop - 62);
  drawBarcode(doc, code128(l.trackingNumber), MARGIN, trackingTop, inner, 44, 1.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(t(l.trackingNumber), MARGIN, trackingTop + 47, { width: inner, align: 'center', lineBreak: false });
  drawBarcode(doc, ssccBarcode(l.sscc), MARGIN, ssccTop, inner, 44, 1.6);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`SSCC ${ssccText(l.sscc)}`, MARGIN, ssccTop + 47, { width: inner, align: 'center', lineBreak: false });
}

const formatKg = (kg: number) => (Math.round(kg * 100) / 100).toString();

/** One PDF with an A6 page per package label, in the order given. */
export function renderPdfLabels(labels: PackageLabel[], title = 'Étiquettes'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: A6, margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'Dashtower' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      for (const label of labels) {
        doc.addPage({ size: A6, margin: 0 });
        drawLabel(doc, label);
      }
      doc.end();
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
