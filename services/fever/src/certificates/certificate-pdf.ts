import { formatDate, type FeverCertificateVerdict, type ShortLocale } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import { CERTIFICATE_LABELS, type CertificateLabels } from './certificate-labels';
import type { ZoneFigures } from './figures';

/** What the PDF shows: the order, the stay, the figures of each zone (computed in figures.ts) and the verdict. */
export interface CertificateContent {
  depositorCode: string;
  reference: string;
  customerReference: string | null;
  platformId: number;
  store: string | null;
  from: number;
  to: number;
  provisional: boolean;
  zones: ZoneFigures[];
  verdict: FeverCertificateVerdict;
  silenceMinutes: number;
  issuedAt: number;
  locale: ShortLocale;
  timeZone: string;
}

const MARGIN = 48;
const RED = '#c62828';
const GREEN = '#2e7d32';
const ORANGE = '#ef6c00';
const BLUE = '#1565c0';
const GREY = '#616161';

/** Draws the certificate; every figure comes from `content`, nothing is computed here beyond layout. */
export function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const L = CERTIFICATE_LABELS[content.locale];
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${L.title} ${content.reference}`, Author: 'Portail' } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = formatters(content, L);

  doc.fontSize(18).font('Helvetica-Bold').text(L.title.toUpperCase(), { align: 'right' });
  doc.fontSize(10).font('Helvetica').text(`${content.depositorCode} — ${content.reference}`, { align: 'right' });
  if (content.provisional)
    doc.moveDown(0.5).fillColor(ORANGE).font('Helvetica-Bold').text(L.provisional).fillColor('black').font('Helvetica');
  doc.moveDown();
  heading(doc, L.order);
  line(doc, L, L.depositor, content.depositorCode);
  line(doc, L, L.reference, content.reference);
  if (content.customerReference) line(doc, L, L.customerReference, content.customerReference);
  line(doc, L, L.platform, String(content.platformId));
  if (content.store) line(doc, L, L.store, content.store);
  line(
    doc,
    L,
    L.stay,
    `${L.stayFrom} ${f.date(content.from)} ${L.stayTo} ${f.date(content.to)} (${f.duration(content.to - content.from)})`,
  );

  content.zones.forEach((zone, i) => {
    if (i > 0) doc.addPage();
    drawZone(doc, zone, content, L, f);
  });

  doc.moveDown();
  heading(doc, L.conclusion);
  const colour = content.verdict === 'conforming' ? GREEN : content.verdict === 'conformingWithSilences' ? ORANGE : RED;
  doc.font('Helvetica-Bold').fillColor(colour).text(L.verdicts[content.verdict]).fillColor('black').font('Helvetica');
  doc.moveDown();
  doc.fontSize(8).fillColor(GREY);
  doc.text(`${L.issued} ${f.date(content.issuedAt)} (${L.timeZone} ${content.timeZone}).`);
  doc.text(L.definitions);
  doc.fillColor('black');
  doc.end();
  return done;
}

type Formatters = ReturnType<typeof formatters>;

function formatters(content: CertificateContent, L: CertificateLabels) {
  // No grouping: a French thousands separator (U+202F) is not in the PDF's standard font.
  const number = new Intl.NumberFormat(content.locale, { maximumFractionDigits: 2, useGrouping: false });
  const minutes = (ms: number) => Math.round(ms / 60_000);
  return {
    date: (at: number) => formatDate(at, content.timeZone, true),
    temperature: (t: number | null) => (t === null ? '—' : `${number.format(t)} °C`),
    percent: (p: number | null) => (p === null ? '—' : `${number.format(p)} %`),
    number: (n: number) => number.format(n),
    duration: (ms: number) => {
      const total = minutes(ms);
      const [d, h, m] = [Math.floor(total / 1440), Math.floor((total % 1440) / 60), total % 60];
      if (d > 0) return `${d} ${L.day} ${h} h`;
      return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
    },
  };
}

function drawZone(doc: PDFKit.PDFDocument, zone: ZoneFigures, content: CertificateContent, L: CertificateLabels, f: Formatters): void {
  const z = zone.zone;
  doc.moveDown();
  heading(doc, `${L.zone} ${z.code} — ${z.label}`);
  const humidity = z.maxHumidity === null ? '' : `, ${L.maxHumidity} ${f.number(z.maxHumidity)} %`;
  line(
    doc,
    L,
    L.thresholds,
    `${z.minTemperature === null ? L.notWatched : f.temperature(z.minTemperature)} — ${z.maxTemperature === null ? L.notWatched : f.temperature(z.maxTemperature)}${humidity}`,
  );
  doc.moveDown(0.3).font('Helvetica-Bold').text(`${L.probes} (${zone.probes.length})`).font('Helvetica').fontSize(9);
  for (const p of zone.probes)
    doc.text(`${p.probe.label} (${p.probe.mac})${L.colon}${p.readings} ${L.readings}, ${f.temperature(p.min)} — ${f.temperature(p.max)}`);
  doc.fontSize(10).moveDown(0.3);
  line(doc, L, L.minimum, f.temperature(zone.min));
  line(doc, L, L.maximum, f.temperature(zone.max));
  line(doc, L, L.average, f.temperature(zone.avg));
  line(doc, L, L.withinThresholds, f.percent(zone.withinPercent));
  line(doc, L, L.outsideReadings, `${zone.outsideReadings} / ${zone.readings}`);

  if (doc.y + 230 > doc.page.height - MARGIN) doc.addPage();
  doc
    .moveDown(0.5)
    .fontSize(9)
    .text(`${L.curve} ${f.duration(zone.bucketMs)}`);
  drawCurve(doc, zone, content, f);
  doc.fontSize(10);

  const probeLabel = (id: number) => zone.probes.find((p) => p.probe.id === id)?.probe.label ?? String(id);
  doc.moveDown(0.5);
  heading(doc, L.excursions);
  doc.fontSize(9);
  if (!zone.excursions.length) doc.text(L.none);
  for (const e of zone.excursions) {
    const end = e.endedAt === null ? L.inProgress : f.date(e.endedAt);
    const peak = e.kind === 'humidity' ? `${f.number(e.peak)} %` : f.temperature(e.peak);
    doc.text(
      `${probeLabel(e.probeId)} — ${L.kind[e.kind]}${L.colon}${L.start} ${f.date(e.startedAt)}, ${L.end} ${end}, ${L.duration} ${e.durationMs === null ? L.inProgress : f.duration(e.durationMs)}, ${L.peak} ${peak}`,
    );
  }
  doc.fontSize(10).moveDown(0.5);
  heading(doc, `${L.silences} ${content.silenceMinutes} min, ${L.silenceNote})`);
  doc.fontSize(9);
  if (!zone.silences.length) doc.text(L.none);
  for (const s of zone.silences)
    doc.text(`${probeLabel(s.probeId)}${L.colon}${f.date(s.from)} — ${f.date(s.to)} (${f.duration(s.durationMs)})`);
  doc.fontSize(10);
}

/** The min/max band, the average and the thresholds over the stay; excursions shaded. */
function drawCurve(doc: PDFKit.PDFDocument, zone: ZoneFigures, content: CertificateContent, f: Formatters): void {
  const left = MARGIN + 34;
  const width = doc.page.width - MARGIN - left;
  const top = doc.y + 6;
  const height = 170;
  const values = [
    ...zone.buckets.flatMap((b) => [b.min, b.max]),
    ...[zone.zone.minTemperature, zone.zone.maxTemperature].filter((t): t is number => t !== null),
  ];
  const low = Math.floor((values.length ? Math.min(...values) : 0) - 1);
  const high = Math.ceil((values.length ? Math.max(...values) : 10) + 1);
  const span = Math.max(content.to - content.from, 1);
  const x = (at: number) => left + (Math.min(Math.max(at, content.from), content.to) - content.from) * (width / span);
  const y = (t: number) => top + height - ((t - low) / (high - low)) * height;

  for (const e of zone.excursions) {
    const x0 = x(e.startedAt);
    doc
      .rect(x0, top, Math.max(x(e.endedAt ?? content.to) - x0, 1), height)
      .fillOpacity(0.12)
      .fill(RED);
  }
  doc.fillOpacity(1).lineWidth(0.5).strokeColor(GREY).rect(left, top, width, height).stroke();
  doc.fontSize(7).fillColor(GREY);
  for (let i = 0; i <= 4; i++) {
    const t = low + ((high - low) * i) / 4;
    doc.text(f.temperature(Math.round(t * 10) / 10), MARGIN - 6, y(t) - 3, { width: 36, align: 'right', lineBreak: false });
  }
  doc.text(formatDate(content.from, content.timeZone, true), left, top + height + 3, { lineBreak: false });
  doc.text(formatDate(content.to, content.timeZone, true), left + width - 70, top + height + 3, {
    width: 70,
    align: 'right',
    lineBreak: false,
  });
  for (const t of [zone.zone.minTemperature, zone.zone.maxTemperature])
    if (t !== null)
      doc
        .strokeColor(RED)
        .lineWidth(0.8)
        .dash(3, { space: 2 })
        .moveTo(left, y(t))
        .lineTo(left + width, y(t))
        .stroke()
        .undash();

  // The band (min to max) and the average through the buckets' middles, broken where a bucket has no reading.
  for (const run of runs(zone)) {
    const mid = (at: number) => x(at + zone.bucketMs / 2);
    if (run.length === 1) {
      const b = run[0];
      doc.rect(x(b.at), y(b.max), Math.max(x(b.at + zone.bucketMs) - x(b.at), 1), Math.max(y(b.min) - y(b.max), 0.5));
    } else {
      doc.moveTo(mid(run[0].at), y(run[0].max));
      for (const b of run.slice(1)) doc.lineTo(mid(b.at), y(b.max));
      for (const b of [...run].reverse()) doc.lineTo(mid(b.at), y(b.min));
      doc.closePath();
    }
    doc.fillOpacity(0.25).fill(BLUE).fillOpacity(1);
    doc.strokeColor(BLUE).lineWidth(1.2).moveTo(mid(run[0].at), y(run[0].avg));
    for (const b of run.slice(1)) doc.lineTo(mid(b.at), y(b.avg));
    if (run.length === 1) doc.lineTo(mid(run[0].at) + 1, y(run[0].avg));
    doc.stroke();
  }
  doc.fillColor('black').strokeColor('black').lineWidth(1);
  doc.x = MARGIN;
  doc.y = top + height + 14;
}

/** Consecutive buckets (no missing bucket between them). */
function runs(zone: ZoneFigures): ZoneFigures['buckets'][] {
  const out: ZoneFigures['buckets'][] = [];
  for (const b of zone.buckets) {
    const last = out.at(-1);
    if (last && b.at - last[last.length - 1].at === zone.bucketMs) last.push(b);
    else out.push([b]);
  }
  return out;
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.fontSize(11).font('Helvetica-Bold').text(text).font('Helvetica').fontSize(10);
}

function line(doc: PDFKit.PDFDocument, L: CertificateLabels, label: string, value: string): void {
  doc.text(`${label}${L.colon}${value}`);
}
