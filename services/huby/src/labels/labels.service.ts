import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  DEFAULT_LABEL_FORMAT,
  HUBY_LABEL_LIMITS,
  HubyStatus,
  LABEL_FORMATS,
  sscc,
  type CallerContext,
  type CarrierDto,
  type LabelAlertDto,
  type LabelDetailDto,
  type LabelFormat,
  type LabelResponseDto,
  type ShipmentDto,
} from '@portal/contracts';
import { Db, rowsOf, ScopedWhere } from '@portal/db';
import { uuidOf } from '../common/ids';
import { ShipmentsService, SHIPMENT_SCOPE } from '../shipments/shipments.service';
import { ToursService } from '../tours/tours.service';
import type { CarrierLabel } from '../carriers/carrier-adapter';
import { carrierLabelFormatsOf, mergePdf, type PdfPart } from './carrier-labels';
import { carrierLabelFormats, packageLabels, type LabelledShipment, type PackageLabel } from './label-data';
import { renderPdfLabels } from './pdf-labels';
import { transportDocumentOf } from './transport-document';
import { renderZplLabels } from './zpl-labels';

/** Statuses whose labels can be printed: received (first print) and printed (a reprint). */
const PRINTABLE: readonly number[] = [HubyStatus.LabelsReceived, HubyStatus.LabelsPrinted];
/** How long an auto-print tick keeps its shipments from other ticks (the printer answers well before). */
const CLAIM_SECONDS = 60;

/** The GS1 company prefix of the provider (HUBY_GS1_COMPANY_PREFIX, 7 to 10 digits) that SSCCs are built on. */
export function gs1CompanyPrefix(): string {
  const prefix = process.env.HUBY_GS1_COMPANY_PREFIX ?? '3760123';
  if (!/^\d{7,10}$/.test(prefix)) throw new Error('HUBY_GS1_COMPANY_PREFIX must be 7 to 10 digits');
  return prefix;
}

type Candidate = LabelledShipment & { status: number; carrier_settings: CarrierDto['settings'] | null; carrier_formats: string[] };

/** The formats a shipment's labels print in: its carrier's own labels', else those its carrier gives. */
const formatsOf = (s: Candidate): LabelFormat[] =>
  s.carrier_formats.length ? carrierLabelFormatsOf(s.carrier_formats) : carrierLabelFormats({ settings: s.carrier_settings ?? {} });

const CANDIDATE_COLUMNS = `s.uuid, s.status, s.reference, s.depositor_code, s.order_number, s.customer_order_number, s.shipper, s.recipient,
  s.carrier_code, s.tour_code, to_char(s.date_shipment_desired, 'YYYY-MM-DD') AS date_shipment_desired, s.packings, s.dangerous_goods,
  s.limited_quantities, s.voucher, s.tracking_numbers, s.total_weight_kg::float8 AS total_weight_kg, s.cash_on_delivery::float8 AS cash_on_delivery,
  s.appointment, s.carrier_comment, s.sscc, c.name AS carrier_name, c.settings AS carrier_settings,
  ARRAY(SELECT l.format FROM shipment_labels l WHERE l.shipment_uuid = s.uuid ORDER BY l.n) AS carrier_formats`;
const CANDIDATE_FROM = `shipments s LEFT JOIN tours t ON t.depositor_id = s.depositor_id AND t.code = s.tour_code LEFT JOIN carriers c ON c.id = t.carrier_id`;

/**
 * Labels of Huby shipments (spec §2, §3 Label response, §5, §7): one label per package, in PDF (A6)
 * or ZPL II, with the package's SSCC and the carrier's tracking number; at most 10 shipments at once,
 * in one format their carriers all give. The auto-print job takes the shipments whose labels came and
 * were not printed yet; the browser says when they are printed (labels received -> labels printed).
 */
@Injectable()
export class LabelsService {
  private readonly logger = new Logger(LabelsService.name);

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(ShipmentsService) private readonly shipments: ShipmentsService,
    @Inject(ToursService) private readonly tours: ToursService,
  ) {}

  /** GET /dashtower/orders/etiquettes: the labels of 1 to 10 shipments, all their packages or those of the SSCCs asked (a reprint). */
  async labelsOf(ctx: CallerContext, data: unknown): Promise<LabelResponseDto> {
    const input = (data ?? {}) as { uuids?: unknown; format?: unknown; sscc?: unknown };
    const uuids = [...new Set(listOf(input.uuids).map((u) => uuidOf(u, 'uuid_orders')))];
    if (!uuids.length) throw new AppError('noShipmentsToPrint', 'no shipment named');
    if (uuids.length > HUBY_LABEL_LIMITS.maxShipments)
      throw new AppError('labelLimitExceeded', 'too many shipments at once', { max: HUBY_LABEL_LIMITS.maxShipments, count: uuids.length });
    const format = formatOf(input.format, 'unknownReprintFormat') ?? DEFAULT_LABEL_FORMAT;
    const only = new Set(listOf(input.sscc).map((s) => String(s)));
    const w = ScopedWhere.of(ctx, SHIPMENT_SCOPE);
    w.and(`s.uuid = ANY(${w.param(uuids)}::uuid[])`);
    const found = await this.db.scopedQuery<Candidate>(ctx, `SELECT ${CANDIDATE_COLUMNS} FROM ${CANDIDATE_FROM} WHERE ${w}`, w.params);
    const byUuid = new Map(found.map((s) => [s.uuid, s]));
    const errorsFront: LabelAlertDto[] = [];
    const missing = uuids.filter((u) => !byUuid.has(u));
    if (missing.length) errorsFront.push({ key: 'orderNotFound', color: 'error', parameters: { uuids: missing } });
    const ordered = uuids.map((u) => byUuid.get(u)).filter((s): s is Candidate => !!s);
    // None of the caller's: as for one shipment, not found (another depositor's are never told apart).
    if (!ordered.length) throw new AppError('orderNotFound', 'shipments not found');
    const printable = ordered.filter((s) => PRINTABLE.includes(s.status) && s.tracking_numbers.length > 0);
    const notReady = ordered.filter((s) => !printable.includes(s));
    if (notReady.length)
      errorsFront.push({ key: 'labelsNotPrintable', color: 'warning', parameters: { references: notReady.map((s) => s.reference) } });
    if (!printable.length)
      throw new AppError('noShipmentsToPrint', 'none of the shipments has labels to print', {
        references: notReady.map((s) => s.reference),
      });
    const otherFormat = printable.filter((s) => !formatsOf(s).includes(format));
    if (otherFormat.length)
      throw new AppError('mixedLabelFormats', `labels not all given in ${format}`, {
        format,
        references: otherFormat.map((s) => s.reference),
      });
    return this.answer(ctx, printable, format, errorsFront, only.size ? only : undefined);
  }

  /**
   * GET /dashtower/orders/etiquettes/autoprint/{format}: the oldest shipments of the caller whose labels
   * came and were not printed (at most 10), claimed for a minute so that another tick does not print
   * them too. Shipments whose carrier does not give that format are left for the other format's job.
   */
  async autoprint(ctx: CallerContext, data: unknown): Promise<LabelResponseDto> {
    const format = formatOf((data as { format?: unknown } | null)?.format, 'invalidLabelFormat');
    if (!format) throw new AppError('invalidLabelFormat', 'label format PDF or ZPL');
    const w = ScopedWhere.of(ctx, SHIPMENT_SCOPE);
    w.and(`s.status = ${HubyStatus.LabelsReceived} AND cardinality(s.tracking_numbers) > 0`);
    w.and(`(s.print_claimed_until IS NULL OR s.print_claimed_until < now())`);
    // Candidates in order, a few more than one answer holds: some may be for the other format.
    const candidates = await this.db.scopedQuery<Candidate & { package_count: number }>(
      ctx,
      `SELECT ${CANDIDATE_COLUMNS}, s.package_count FROM ${CANDIDATE_FROM} WHERE ${w} ORDER BY s.labels_at, s.uuid LIMIT ${HUBY_LABEL_LIMITS.maxShipments * 5}`,
      w.params,
    );
    const errorsFront: LabelAlertDto[] = [];
    const ignored = candidates.filter((s) => !formatsOf(s).includes(format));
    if (ignored.length)
      errorsFront.push({
        key: 'labelFormatIgnored',
        color: 'warning',
        parameters: { format, references: ignored.map((s) => s.reference) },
      });
    const chosen: Candidate[] = [];
    let packages = 0;
    for (const s of candidates) {
      if (ignored.includes(s)) continue;
      if (chosen.length >= HUBY_LABEL_LIMITS.maxShipments || packages + s.package_count > HUBY_LABEL_LIMITS.maxPackages) break;
      chosen.push(s);
      packages += s.package_count;
    }
    const claimed = await this.claim(
      ctx,
      chosen.map((s) => s.uuid),
    );
    const toPrint = chosen.filter((s) => claimed.has(s.uuid));
    if (!toPrint.length) return { success: true, etiquettes: { refs: {} }, errorsFront };
    return this.answer(ctx, toPrint, format, errorsFront);
  }

  /**
   * PUT /dashtower/orders/status/await_shipment_printed: the shipments whose labels were printed move
   * from "labels received" to "labels printed"; printed already, or already with the carrier, they stay.
   * A shipment that cannot be printed (canceled, no labels) refuses the whole call, nothing moved.
   */
  async printed(ctx: CallerContext, data: unknown): Promise<{ success: true; moved: string[]; unchanged: string[] }> {
    const uuids = [...new Set(listOf((data as { orders?: unknown } | null)?.orders).map((u) => uuidOf(u, 'orders')))];
    if (!uuids.length) throw new AppError('noShipmentsToPrint', 'no shipment named');
    if (uuids.length > HUBY_LABEL_LIMITS.maxShipments)
      throw new AppError('labelLimitExceeded', 'too many shipments at once', { max: HUBY_LABEL_LIMITS.maxShipments, count: uuids.length });
    const shipments: ShipmentDto[] = [];
    for (const uuid of uuids) shipments.push(await this.shipments.get(ctx, { uuid }));
    const refused = shipments.filter((s) => s.status < HubyStatus.LabelsReceived);
    if (refused.length)
      throw new AppError('printedStatusUpdateFailed', 'labels not printable', { references: refused.map((s) => s.reference) });
    const moved: string[] = [];
    const unchanged: string[] = [];
    for (const s of shipments) {
      if (s.status !== HubyStatus.LabelsReceived) {
        unchanged.push(s.reference);
        continue;
      }
      try {
        await this.shipments.move(ctx, s, [HubyStatus.LabelsPrinted], 'labels printed', {
          audit: 'printed',
          also: (em) => em.query(`UPDATE shipments SET printed_at = now(), print_claimed_until = NULL WHERE uuid = $1`, [s.uuid]),
        });
        moved.push(s.reference);
      } catch (e) {
        // Moved meanwhile by a carrier scan (taken in charge): its labels are on the parcels.
        const now = await this.shipments.get(ctx, { uuid: s.uuid });
        if (now.status >= HubyStatus.LabelsPrinted) unchanged.push(s.reference);
        else
          throw new AppError('printedStatusUpdateFailed', 'status update after printing failed', {
            references: [s.reference],
            error: String(e),
          });
      }
    }
    return { success: true, moved, unchanged };
  }

  /** The transport document of a shipment with labels (PDF, ADR lines included). */
  async transportDocument(ctx: CallerContext, data: unknown): Promise<{ name: string; contentBase64: string }> {
    const s = await this.shipments.get(ctx, data);
    if (!s.voucher || !s.tracking_numbers.length)
      throw new AppError('labelsNotPrintable', 'the shipment has no labels yet', { references: [s.reference] });
    const planned = s.tour_code ? await this.tours.byCode(ctx, s.depositor_id, s.tour_code) : undefined;
    const { name, contentBase64 } = await transportDocumentOf(s, planned?.carrier.name ?? s.carrier_code);
    return { name, contentBase64: contentBase64! };
  }

  /** The label response of printable shipments: SSCCs given where missing, labels rendered in one format. */
  private async answer(
    ctx: CallerContext,
    shipments: Candidate[],
    format: LabelFormat,
    errorsFront: LabelAlertDto[],
    only?: Set<string>,
  ): Promise<LabelResponseDto> {
    const labels: PackageLabel[] = [];
    const details: LabelDetailDto[] = [];
    // Per shipment, in order: the portal draws its labels, or the carrier's own are printed as it gave them.
    const pieces: ({ own: PackageLabel[] } | { carrier: CarrierLabel[] })[] = [];
    const stored = await this.carrierLabels(
      ctx,
      shipments.filter((s) => s.carrier_formats.length).map((s) => s.uuid),
    );
    for (const s of shipments) {
      const withSscc = { ...s, sscc: await this.ssccOf(ctx, s) };
      const mine = packageLabels(withSscc).filter((l) => !only || only.has(l.sscc));
      if (!mine.length) continue;
      labels.push(...mine);
      const carrier = stored.get(s.uuid);
      if (carrier) pieces.push({ carrier: mine.map((l) => carrier[l.n - 1]).filter((l): l is CarrierLabel => !!l) });
      else pieces.push({ own: mine });
      details.push({
        uuid: s.uuid,
        reference: s.reference,
        depositor_code: s.depositor_code,
        format,
        packages: mine.map((l) => ({ n: l.n, of: l.of, sscc: l.sscc, tracking_number: l.trackingNumber })),
      });
    }
    if (!labels.length)
      throw new AppError('noShipmentsToPrint', 'none of the packages asked for', { sscc: [...(only ?? [])].slice(0, 20) });
    if (labels.length > HUBY_LABEL_LIMITS.maxPackages)
      throw new AppError('labelLimitExceeded', 'too many package labels at once', {
        max: HUBY_LABEL_LIMITS.maxPackages,
        count: labels.length,
      });
    const title = `Étiquettes ${details.map((d) => d.reference).join(' ')}`;
    let merged: string;
    try {
      if (format === 'ZPL')
        merged = Buffer.from(
          pieces.map((p) => ('own' in p ? renderZplLabels(p.own) : p.carrier.map((l) => l.content.toString('utf8')).join('\n'))).join('\n'),
          'utf8',
        ).toString('base64');
      else if (pieces.every((p) => 'own' in p)) merged = (await renderPdfLabels(labels, title)).toString('base64');
      else {
        const pdfParts: PdfPart[] = [];
        for (const p of pieces) pdfParts.push('own' in p ? { pdf: await renderPdfLabels(p.own, title) } : { labels: p.carrier });
        merged = (await mergePdf(pdfParts, title)).toString('base64');
      }
    } catch (e) {
      this.logger.error(`labels of ${details.map((d) => d.reference).join(', ')} could not be written: ${String(e)}`);
      throw new AppError('labelWriteFailed', 'labels could not be written', { references: details.map((d) => d.reference) });
    }
    return {
      success: true,
      etiquettes: { [format]: { b64merged: merged, details }, refs: Object.fromEntries(details.map((d) => [d.uuid, d.reference])) },
      errorsFront,
    };
  }

  /** The carrier's own labels of these shipments, in package order. */
  private async carrierLabels(ctx: CallerContext, uuids: string[]): Promise<Map<string, CarrierLabel[]>> {
    const byShipment = new Map<string, CarrierLabel[]>();
    if (!uuids.length) return byShipment;
    const rows = await this.db.scopedQuery<{ shipment_uuid: string; n: number; format: CarrierLabel['format']; content: Buffer }>(
      ctx,
      `SELECT shipment_uuid, n, format, content FROM shipment_labels WHERE shipment_uuid = ANY($1::uuid[]) ORDER BY shipment_uuid, n`,
      [uuids],
    );
    for (const r of rows) {
      const list = byShipment.get(r.shipment_uuid) ?? [];
      list[r.n - 1] = { format: r.format, content: r.content };
      byShipment.set(r.shipment_uuid, list);
    }
    return byShipment;
  }

  /** A shipment's SSCCs: given on its first print, one per package, and kept (a reprint shows the same codes). */
  private async ssccOf(ctx: CallerContext, s: Candidate): Promise<string[]> {
    const count = packageLabels({ ...s, sscc: [] }).length;
    if (s.sscc.length >= count) return s.sscc;
    const prefix = gs1CompanyPrefix();
    return this.db.scoped(ctx, async (em) => {
      const serials = await em.query<{ n: string }[]>(`SELECT nextval('sscc_serial_seq') AS n FROM generate_series(1, $1)`, [
        count - s.sscc.length,
      ]);
      const codes = [...s.sscc, ...serials.map((r) => sscc(0, prefix, Number(r.n)))];
      // Another print gave them meanwhile: keep the codes it gave.
      const [row] = rowsOf<{ sscc: string[] }>(
        await em.query(
          `UPDATE shipments SET sscc = CASE WHEN cardinality(sscc) < $3 THEN $2::text[] ELSE sscc END WHERE uuid = $1 RETURNING sscc`,
          [s.uuid, codes, count],
        ),
      );
      return row?.sscc ?? codes;
    });
  }

  /**
   * Takes shipments for this auto-print tick; those another tick holds are left. No SKIP LOCKED: a row
   * the carrier job holds for a moment is waited for, then its claim is checked again (READ COMMITTED
   * re-reads the row), so two ticks never both take it and a busy row is not dropped from the tick.
   */
  private async claim(ctx: CallerContext, uuids: string[]): Promise<Set<string>> {
    if (!uuids.length) return new Set();
    return this.db.scoped(ctx, async (em) => {
      const rows = rowsOf<{ uuid: string }>(
        await em.query(
          `UPDATE shipments SET print_claimed_until = now() + make_interval(secs => $2)
           WHERE uuid = ANY($1::uuid[]) AND status = ${HubyStatus.LabelsReceived}
             AND (print_claimed_until IS NULL OR print_claimed_until < now())
           RETURNING uuid`,
          [uuids, CLAIM_SECONDS],
        ),
      );
      return new Set(rows.map((r) => r.uuid));
    });
  }
}

/** A list from a query or body: one value or several. */
function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  // Far more than any request prints: refused before each is read.
  if (list.length > HUBY_LABEL_LIMITS.maxPackages)
    throw new AppError('labelLimitExceeded', 'too many at once', { max: HUBY_LABEL_LIMITS.maxShipments, count: list.length });
  return list;
}

/** A label format from a request (any case); another word answers `key`. */
function formatOf(value: unknown, key: 'unknownReprintFormat' | 'invalidLabelFormat'): LabelFormat | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const f = typeof value === 'string' ? value.toUpperCase() : '';
  if (!(LABEL_FORMATS as readonly string[]).includes(f)) throw new AppError(key, 'label format PDF or ZPL', { formats: LABEL_FORMATS });
  return f as LabelFormat;
}
