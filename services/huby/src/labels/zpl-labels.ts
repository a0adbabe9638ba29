import { QUIET_ZONE_MODULES } from './barcodes';
import { labelText, partyLines, ssccText, type PackageLabel } from './label-data';

/** ZPL II for 203 dpi (8 dots/mm) Zebra printers, on 100 × 150 mm labels: 800 × 1200 dots. */
export const ZPL_DOTS = { width: 800, height: 1200, dpmm: 8 } as const;
const X = 20;
const INNER = ZPL_DOTS.width - 2 * X;

/**
 * Field data with ^FH: the three characters ZPL reads as commands (^ ~) or as the hex escape (_) are
 * written as _XX; the rest goes as UTF-8 (^CI28).
 */
export function zplField(value: string | number | null | undefined, max = 60): string {
  return labelText(value, max).replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

const text = (
  x: number,
  y: number,
  size: number,
  value: string,
  opts: { width?: number; align?: 'L' | 'C' | 'R'; reverse?: boolean } = {},
) =>
  `^FO${x},${y}^A0N,${size},${size}${opts.width ? `^FB${opts.width},1,0,${opts.align ?? 'L'}` : ''}${opts.reverse ? '^FR' : ''}^FH^FD${value}^FS`;

/** A Code 128 symbol centred in the label's width, at the largest module (≤ 4 dots) that fits with its quiet zones. */
function barcode(y: number, height: number, data: string, modules: number): string {
  const by = Math.max(2, Math.min(4, Math.floor(INNER / (modules + 2 * QUIET_ZONE_MODULES))));
  const x = Math.max(X, Math.round((ZPL_DOTS.width - modules * by) / 2));
  return `^FO${x},${y}^BY${by}^BCN,${height},N,N,N^FD${data}^FS`;
}

/** The four edges of a square on its point around (cx, cy), as ZPL diagonal lines (^GD). */
const diamondEdges = (cx: number, cy: number, h: number, t: number): string[] => [
  `^FO${cx - h},${cy - h}^GD${h},${h},${t},B,R^FS`,
  `^FO${cx},${cy - h}^GD${h},${h},${t},B,L^FS`,
  `^FO${cx - h},${cy}^GD${h},${h},${t},B,L^FS`,
  `^FO${cx},${cy}^GD${h},${h},${t},B,R^FS`,
];

/** The ADR diamond drawn with four diagonals (^GD), the class under its centre. */
function diamond(cx: number, cy: number, h: number, label: string): string {
  return [...diamondEdges(cx, cy, h, 4), text(cx - h, cy + Math.round(h * 0.35), 26, zplField(label), { width: 2 * h, align: 'C' })].join(
    '\n',
  );
}

/** ADR 3.4.7 limited-quantity mark: the diamond with its top and bottom corners black (stacked bars). */
function limitedQuantityMark(cx: number, cy: number, h: number): string {
  const rows: string[] = [];
  for (let d = 0; d < h / 2; d += 3) {
    const w = Math.max(2, 2 * d);
    rows.push(`^FO${cx - d},${cy - h + d}^GB${w},3,3^FS`, `^FO${cx - d},${cy + h - d - 3}^GB${w},3,3^FS`);
  }
  return [...diamondEdges(cx, cy, h, 3), ...rows].join('\n');
}

/** One package's label in ZPL II: the same content as the PDF label. */
export function zplLabel(l: PackageLabel): string {
  const z: string[] = ['^XA', '^CI28', `^PW${ZPL_DOTS.width}`, `^LL${ZPL_DOTS.height}`, '^LH0,0'];
  // Carrier band, white on black.
  z.push(`^FO${X},20^GB${INNER},90,90^FS`);
  z.push(text(X + 16, 34, 48, zplField(l.carrierName, 24), { reverse: true }));
  z.push(text(X + 16, 84, 22, zplField(l.tourCode), { reverse: true }));
  z.push(text(X, 36, 26, zplField(l.depositorCode), { width: INNER - 16, align: 'R', reverse: true }));
  z.push(text(X, 72, 26, zplField(l.shippingDate), { width: INNER - 16, align: 'R', reverse: true }));
  // Shipper, then recipient.
  z.push(text(X, 124, 20, 'EXPÉDITEUR / FROM'));
  const from = [...partyLines(l.shipper), `${l.shipper.country}-${l.shipper.zip} ${l.shipper.town}`].join(' - ');
  z.push(`^FO${X},150^A0N,22,22^FB${INNER},2,2,L^FH^FD${zplField(from, 120)}^FS`);
  z.push(`^FO${X},204^GB${INNER},2,2^FS`);
  z.push(text(X, 214, 20, 'DESTINATAIRE / TO'));
  let y = 242;
  for (const line of partyLines(l.recipient).slice(0, 4)) {
    z.push(text(X, y, 36, zplField(line, 40)));
    y += 42;
  }
  z.push(text(X, y + 4, 58, zplField(`${l.recipient.zip} ${l.recipient.town}`, 34)));
  y += 70;
  z.push(text(X, y, 30, zplField(l.recipient.country)));
  z.push(text(X, y, 26, zplField(l.recipient.mobile ?? l.recipient.phone), { width: INNER, align: 'R' }));
  y += 40;
  z.push(`^FO${X},${y}^GB${INNER},2,2^FS`);
  y += 12;
  // Reference, package n/N, weight, options.
  z.push(text(X, y, 20, 'RÉF. / REF.'), text(X + 420, y, 20, 'COLIS / PARCEL'), text(X + 600, y, 20, 'POIDS / WEIGHT'));
  y += 26;
  z.push(text(X, y, 36, zplField(l.reference, 24)), text(X + 420, y - 4, 48, `${l.n}/${l.of}`));
  z.push(text(X + 600, y, 36, `${Math.round(l.weightKg * 100) / 100} kg`));
  y += 50;
  const options = [
    l.orderNumber ? `Cde ${l.orderNumber}` : '',
    l.cashOnDelivery ? `CRBT ${l.cashOnDelivery.toFixed(2)} EUR` : '',
    l.appointment ? 'RDV' : '',
    l.voucher ? `LV ${l.voucher}` : '',
  ].filter(Boolean);
  if (options.length) z.push(text(X, y, 22, zplField(options.join('   '), 80)));
  y += 32;
  // Dangerous goods.
  if (l.dangerousGoods.length || l.limitedQuantities) {
    const h = 44;
    let cx = X + h;
    for (const c of [...new Set(l.dangerousGoods.map((d) => d.class))].slice(0, 4)) {
      z.push(diamond(cx, y + h, h, c));
      cx += 2 * h + 10;
    }
    if (l.limitedQuantities) {
      z.push(limitedQuantityMark(cx, y + h, h));
      cx += 2 * h + 10;
    }
    const uns = [...new Set(l.dangerousGoods.map((d) => `UN ${d.un}`))].join(' ') || 'LQ';
    z.push(text(cx - h + 6, y + 16, 32, zplField(uns, 40)));
    if (l.dangerousGoods.some((d) => d.environment)) z.push(text(cx - h + 6, y + 56, 20, "ADR - Dangereux pour l'environnement"));
    y += 2 * h + 12;
  }
  // Tracking number (Code 128) and SSCC (GS1-128: subset C, FNC1, AI 00) at the bottom.
  const ssccTop = ZPL_DOTS.height - 190;
  const trackingTop = Math.max(y + 6, ssccTop - 200);
  // ^BC without a mode writes every character in subset B: start, data, check (11 modules each), stop (13).
  z.push(barcode(trackingTop, 130, l.trackingNumber.replace(/>/g, '><'), 11 * (l.trackingNumber.length + 2) + 13));
  z.push(text(X, trackingTop + 138, 30, zplField(l.trackingNumber), { width: INNER, align: 'C' }));
  z.push(barcode(ssccTop, 130, `>;>800${l.sscc}`, (1 + 1 + 10 + 1) * 11 + 13));
  z.push(text(X, ssccTop + 138, 28, `SSCC ${ssccText(l.sscc)}`, { width: INNER, align: 'C' }));
  z.push('^PQ1', '^XZ');
  return z.join('\n');
}

/** Every label of the answer as one ZPL text, one ^XA…^XZ per package. */
export const renderZplLabels = (labels: PackageLabel[]): string => labels.map(zplLabel).join('\n');
