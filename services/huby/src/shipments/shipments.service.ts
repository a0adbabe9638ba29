import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  canMove,
  creatorOf,
  duplicateInput,
  HUBY_LIMITS,
  HUBY_TABS,
  HubyStatus,
  orderPatchInput,
  parseBody,
  parseListRequest,
  SHIPMENTS_LIST,
  shipmentInput,
  systemContext,
  type AddressDto,
  type CallerContext,
  type FieldErrorKey,
  type HubyStatusCode,
  type ListPage,
  type PackagingTypesDto,
  type ShipmentPartyDto,
  type RequirableOrderField,
  type ShipmentDto,
  type ShipmentHistoryDto,
  type ShipmentInput,
  type ShipmentSummaryDto,
  type ShipmentToursDto,
  type ShipmentRatesDto,
  RATE_SORTS,
  type CarrierDto,
  addDays,
  dayIn,
  hasAnyRole,
  packingTotals,
  packingVolume,
  Role,
  tourMisfits,
  HubyEvents,
  type FeedOrderMessage,
  DEFAULT_LABEL_FORMAT,
  LABEL_FORMATS,
  type LabelFormat,
} from '@portal/contracts';
import path from 'node:path';
import { addToOutbox, auditedWrite, OutboxRelay, recordRowChanges } from '@portal/bus';
import { countedPage, Db, orderBy, prefixEnd, rowsOf, ScopedWhere } from '@portal/db';
import { Mailer, MailTemplates } from '@portal/mail';
import { CarrierAdapters, type VoucherAnswer } from '../carriers/carrier-adapter';
import { CarrierOutage } from '../carriers/connectors/carrier-line';
import { outageError } from '../carriers/connectors/connector-kit';
import type { EntityManager } from 'typeorm';
import { AddressesService, addressProblem } from '../addresses/addresses.service';
import { uuidOf } from '../common/ids';
import { Depositors, type HubyDepositor } from '../depositors/depositors';
import { ToursService } from '../tours/tours.service';
import { transportDocumentOf } from '../labels/transport-document';
import { trackingOrderOf } from './tracking-order';
import { SHIPMENT_ROWS } from './shipment-audit';
import { ShipmentRates } from './shipment-rates';
import { claimedHere, holdLabelClaim } from './label-claim';

export const SHIPMENT_SCOPE = { depositor: 's.depositor_id' };

const DAY = (c: string) => `to_char(s.${c}, 'YYYY-MM-DD') AS ${c}`;
const INSTANT = (c: string) => `to_char(s.${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${c}`;
const NUM = (c: string) => `s.${c}::float8 AS ${c}`;
const SUMMARY_COLUMNS = `s.uuid AS id, s.uuid, s.depositor_id, s.depositor_code, s.status, s.reference, s.order_number, s.carrier_code, s.tour_code,
  ${DAY('date_shipment_desired')}, s.package_count, ${NUM('total_weight_kg')}, ${INSTANT('created_at')}, s.created_by,
  coalesce(s.recipient->>'company_name', s.recipient->>'contact_name') AS recipient_name, s.recipient->>'zip' AS recipient_zip, s.recipient->>'town' AS recipient_town, s.recipient->>'country' AS recipient_country`;
const DETAIL_COLUMNS = `s.uuid AS id, s.uuid, s.depositor_id, s.depositor_code, s.status, s.reference, s.order_number, s.delivery_note_number,
  s.customer_order_number, s.customer_reference, s.shipper, s.recipient, s.billing_same_as_recipient, s.billing, s.carrier_code,
  s.tour_code, ${DAY('date_shipment_desired')}, ${DAY('date_delivery_desired')}, ${DAY('date_loading')}, s.preparation_comment,
  s.carrier_comment, s.appointment, s.pallet_stripping, s.hatchback, s.delivery_on_floor, s.incoterm, s.incoterm_location,
  ${NUM('declared_amount')}, s.content_description, ${NUM('insurance_value')}, ${NUM('cash_on_delivery')}, s.packings,
  s.dangerous_goods, s.limited_quantities, s.voucher, s.tracking_numbers, ${INSTANT('labels_at')},
  s.package_count, ${NUM('total_weight_kg')}, ${INSTANT('created_at')}, ${INSTANT('updated_at')}, s.created_by`;
const SORTS: Record<string, string> = {
  createdAt: 's.created_at',
  reference: 's.reference',
  shippingDate: 's.date_shipment_desired',
  status: 's.status',
  id: 's.uuid',
};
const NOT_NULL = new Set(['s.created_at', 's.reference', 's.status', 's.uuid']);

const PARTY_KEYS = [
  'uuid',
  'code',
  'company_name',
  'contact_name',
  'civility',
  'address1',
  'address2',
  'zip',
  'town',
  'state_code',
  'country',
  'email',
  'phone',
  'mobile',
  'customer_code',
] as const;
const party = (a: ShipmentPartyDto): ShipmentPartyDto => Object.fromEntries(PARTY_KEYS.map((k) => [k, a[k]])) as ShipmentPartyDto;

/** Fields the schema's own (the rest are keys, parties, lists and derived values: written apart). */
const NOT_PLAIN = new Set([
  'depositor_id',
  'reference',
  'uuid_address_shipper',
  'uuid_address_recipient',
  'uuid_address_billing',
  'billing_same_as_recipient',
  'packings',
  'dangerous_goods',
  'limited_quantities',
]);
/** Fields written as given: the shipment schema's others, one list with the web's form. */
const PLAIN = Object.keys(shipmentInput.shape).filter((k): k is keyof ShipmentInput => !NOT_PLAIN.has(k));
const FLAGS = new Set(['appointment', 'pallet_stripping', 'hatchback', 'delivery_on_floor']);

/**
 * Huby shipments (spec §3, §4, §5): drafts are edited freely; validation checks what the depositor
 * requires and moves the shipment on; every status change follows HUBY_TRANSITIONS and is written in
 * the history; duplicates are drafts with a new reference.
 */
@Injectable()
export class ShipmentsService {
  private readonly logger = new Logger(ShipmentsService.name);

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(AddressesService) private readonly addresses: AddressesService,
    @Inject(ToursService) private readonly tours: ToursService,
    @Inject(CarrierAdapters) private readonly carriers: CarrierAdapters,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));
  private rates?: ShipmentRates;

  /**
   * Asks the tour's carrier for the labels of a validated shipment: validated -> waiting for labels,
   * then labels received with the carrier's voucher and tracking numbers. A refusal brings the
   * shipment back to validated, said in its history, and answers the carrier's §8 key. Above the
   * carrier's insurance threshold the declared value goes to the carrier by mail, not in the request.
   */
  async requestLabels(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const s = await this.get(ctx, data);
    const format = labelFormatOf((data as { format?: unknown } | null)?.format);
    if (s.status !== HubyStatus.Validated) throw transitionError(s.status, HubyStatus.WaitingForLabels);
    const planned = await this.tours.byCode(ctx, s.depositor_id, s.tour_code ?? '');
    if (!planned) throw new AppError('tourNotFound', 'tour not found', { tour: s.tour_code });
    if (!planned.tour.account_number) throw new AppError('tourAccountNumberEmpty', 'the tour has no account number', { tour: s.tour_code });
    const adapter = await this.carriers.forTour(planned.tour.id);
    let uncertain = false;
    await this.move(ctx, s, [HubyStatus.WaitingForLabels], `labels asked of ${planned.carrier.ref}`, {
      audit: 'labelsRequested',
      // An earlier request without a definite answer: the carrier is asked for its voucher first.
      also: async (em) => {
        [{ uncertain }] = rowsOf<{ uncertain: boolean }>(
          await em.query(`SELECT carrier_uncertain_at IS NOT NULL AS uncertain FROM shipments WHERE uuid = $1`, [s.uuid]),
        );
      },
    });
    // While this request works on the shipment, it says so (label-claim.ts): the job that gives back the
    // shipments of interrupted requests leaves it alone however slow the carrier.
    const claim = holdLabelClaim(this.db, ctx, s.uuid);
    try {
      const waiting = { ...s, status: HubyStatus.WaitingForLabels as HubyStatusCode };
      // The carrier is called outside any transaction, within its line's time budget (carrier-line.ts).
      let answer: VoucherAnswer;
      try {
        answer = await adapter.createVoucher(s, planned.tour, planned.carrier, { format, afterUncertain: uncertain });
      } catch (e) {
        const outage = e instanceof CarrierOutage ? e : undefined;
        if (!outage && !(e instanceof AppError)) this.logger.error(`${planned.carrier.ref} ${s.reference}: ${String(e)}`);
        const error =
          e instanceof AppError
            ? e
            : outage
              ? outageError(outage, planned.carrier.name)
              : new AppError('carrierServiceFailed', 'carrier web service failed', { code: 'UNKNOWN' });
        await this.move(
          ctx,
          waiting,
          [HubyStatus.Validated],
          `${planned.carrier.ref} refused: ${error.key}${error.params?.code ? ` ${String(error.params.code)}` : ''}`,
          {
            audit: 'labelsRefused',
            // No definite answer: the voucher may exist, the next request looks for it first.
            also: outage?.uncertain
              ? (em) => em.query(`UPDATE shipments SET carrier_uncertain_at = now() WHERE uuid = $1`, [s.uuid])
              : undefined,
          },
        );
        throw error;
      }
      // The transport document is drawn before the transaction, from the shipment as it will be stored.
      const labelsAt = new Date().toISOString();
      const document = await transportDocumentOf(
        { ...waiting, voucher: answer.voucher, tracking_numbers: answer.trackingNumbers, labels_at: labelsAt },
        planned.carrier.name,
      );
      const labels = answer.labels ?? [];
      // One transaction takes the shipment from waiting to labelled: the carrier's answer and labels, its
      // history, the tracking order (outbox) and the audit trail, which tells the labels received once.
      const labelled = await this.unique(() =>
        this.db.scoped(ctx, async (em) => {
          const unlabelled = await SHIPMENT_ROWS.read(em, [s.uuid]);
          await this.moveIn(
            em,
            ctx,
            waiting,
            [HubyStatus.LabelsReceived],
            HubyStatus.LabelsReceived,
            answer.insuranceByMail ? 'labels received; insurance declared by mail' : 'labels received',
            undefined,
            {
              sql: `voucher = $4, tracking_numbers = $5, labels_at = $6, carrier_events_sent = 0, carrier_uncertain_at = NULL`,
              params: [answer.voucher, answer.trackingNumbers, labelsAt],
            },
          );
          await em.query(`DELETE FROM shipment_labels WHERE shipment_uuid = $1`, [s.uuid]);
          if (labels.length)
            await em.query(
              `INSERT INTO shipment_labels (shipment_uuid, n, depositor_id, format, content)
               SELECT $1, l.n::int, $2, l.format, l.content FROM unnest($3::text[], $4::bytea[]) WITH ORDINALITY AS l(format, content, n)`,
              [s.uuid, s.depositor_id, labels.map((l) => l.format), labels.map((l) => l.content)],
            );
          const [row] = rowsOf<ShipmentDto>(await em.query(`SELECT ${DETAIL_COLUMNS} FROM shipments s WHERE s.uuid = $1`, [s.uuid]));
          // From here the shipment is a tracking order: Pack and Go Tracer, Tracer Route, the carrier's webhook.
          const order = trackingOrderOf(row, { carrierName: planned.carrier.name, labelsAt: row.labels_at! });
          order.documents = [document];
          await addToOutbox<FeedOrderMessage>(em, 'huby', HubyEvents.shipmentToTrack, order);
          await recordRowChanges(em, ctx, SHIPMENT_ROWS, 'labelsReceived', unlabelled, await SHIPMENT_ROWS.read(em, [s.uuid]));
          return row;
        }),
      );
      this.outbox.kick();
      if (answer.insuranceByMail) await this.mailInsurance(ctx, s, planned.carrier, answer.voucher);
      return labelled;
    } finally {
      claim.release();
    }
  }

  /** Spec §9: above the carrier's threshold, the insured value is declared to the carrier by mail. */
  private async mailInsurance(ctx: CallerContext, s: ShipmentDto, carrier: CarrierDto, voucher: string): Promise<void> {
    if (!carrier.pickup_email) return;
    const mail = this.templates.render('insurance-declaration', ctx.locale, {
      carrier: carrier.name,
      reference: s.reference,
      voucher,
      depositorCode: s.depositor_code,
      value: s.insurance_value,
      threshold: carrier.insurance_threshold,
      content: s.content_description ?? '–',
      requestedBy: ctx.user?.login ?? '–',
    });
    await this.mailer.send({ to: carrier.pickup_email, ...mail }, 'insurance-declaration');
  }

  list(ctx: CallerContext, data: unknown): Promise<ListPage<ShipmentSummaryDto>> {
    const request = parseListRequest(SHIPMENTS_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, SHIPMENT_SCOPE)
      .anyOf('s.status', f.status ?? (f.tab ? HUBY_TABS[f.tab] : undefined), 'smallint')
      .equals('s.depositor_id', f.depositor)
      .equals('s.carrier_code', f.carrier?.toUpperCase())
      .equals('s.tour_code', f.tour?.toUpperCase())
      .prefix('s.recipient_name', f.recipient?.toUpperCase());
    if (f.q) {
      const q = f.q.toUpperCase();
      const [from, to] = [w.param(q), w.param(prefixEnd(q))];
      w.and(
        `((s.reference >= ${from} AND s.reference < ${to}) OR (s.order_number >= ${from} AND s.order_number < ${to}) OR (s.delivery_note_number >= ${from} AND s.delivery_note_number < ${to}))`,
      );
    }
    if (f.dateFrom) w.and(`s.date_shipment_desired >= ${w.param(f.dateFrom)}::date`);
    if (f.dateTo) w.and(`s.date_shipment_desired <= ${w.param(f.dateTo)}::date`);
    return countedPage<ShipmentSummaryDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM shipments s WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${SUMMARY_COLUMNS} FROM shipments s WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 's.uuid', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const uuid = uuidOf((data as { uuid?: unknown } | null)?.uuid);
    const w = ScopedWhere.of(ctx, SHIPMENT_SCOPE);
    w.and(`s.uuid = ${w.param(uuid)}::uuid`);
    const [row] = await this.db.scopedQuery<ShipmentDto>(ctx, `SELECT ${DETAIL_COLUMNS} FROM shipments s WHERE ${w}`, w.params);
    if (!row) throw new AppError('orderNotFound', 'shipment not found');
    return row;
  }

  async history(ctx: CallerContext, data: unknown): Promise<ShipmentHistoryDto[]> {
    const shipment = await this.get(ctx, data);
    return this.db.scopedQuery<ShipmentHistoryDto>(
      ctx,
      `SELECT h.status, to_char(h.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, h.by, h.note
       FROM shipment_history h WHERE h.shipment_uuid = $1 ORDER BY h.at, h.id`,
      [shipment.uuid],
    );
  }

  async create(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const input = parseBody(shipmentInput, data);
    checkDangerousGoodsRight(ctx, input);
    const depositor = await this.depositors.forCaller(ctx, input.depositor_id!);
    const parties = await this.parties(ctx, input, depositor);
    const reference = input.reference ?? (await this.nextReference(ctx, depositor));
    const uuid = await this.unique(() =>
      this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, SHIPMENT_ROWS, { written: (created: string) => [created] }, () =>
          insertDraft(em, ctx, depositor, reference, parties, input, 'created'),
        ),
      ),
    );
    return this.get(ctx, { uuid });
  }

  /** Edits a draft (the whole form); any other status answers orderAlreadyInProcess. */
  async update(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const current = await this.get(ctx, data);
    if (current.status !== HubyStatus.Draft)
      throw new AppError('orderAlreadyInProcess', 'shipment is no longer a draft', { status: current.status });
    const body = { ...((data as { shipment?: object } | null)?.shipment ?? {}), depositor_id: current.depositor_id };
    const input = parseBody(shipmentInput, body);
    checkDangerousGoodsRight(ctx, input);
    const depositor = await this.depositors.forCaller(ctx, current.depositor_id);
    const parties = await this.parties(ctx, input, depositor);
    await this.unique(() =>
      this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, SHIPMENT_ROWS, { ids: [current.uuid] }, async () => {
          // TypeORM answers UPDATE ... RETURNING as [rows, count]: rowsOf gives the rows.
          const [moved] = rowsOf<{ uuid: string }>(
            await em.query(
              `UPDATE shipments SET reference = $2, shipper_uuid = $3, recipient_uuid = $4, shipper = $5, recipient = $6, billing_uuid = $7,
             billing = $8, billing_same_as_recipient = $9, recipient_name = $10, packings = $11, package_count = $12, total_weight_kg = $13,
             updated_at = now()
           WHERE uuid = $1 AND status = 0 RETURNING uuid`,
              [current.uuid, input.reference ?? current.reference, ...partyValues(parties), ...packingValues(input)],
            ),
          );
          if (!moved) throw new AppError('orderAlreadyInProcess', 'shipment is no longer a draft');
          await writePlain(em, current.uuid, input);
        }),
      ),
    );
    return this.get(ctx, { uuid: current.uuid });
  }

  /**
   * PUT /dashtower/order/{uuid} (spec §7): the recipient and the delivery options of a shipment not yet
   * taken in charge. A recipient address that fails its check is refused unless `force_recipient`.
   */
  async patchOrder(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const current = await this.get(ctx, data);
    const input = parseBody(orderPatchInput, {
      order: (data as { order?: unknown }).order ?? {},
      force_recipient: (data as { force_recipient?: unknown }).force_recipient,
    });
    if (current.status >= HubyStatus.TakenInCharge || current.status === HubyStatus.Canceled)
      throw new AppError('orderAlreadyInProcess', 'shipment already taken in charge', { status: current.status });
    const o = input.order;
    let recipient: AddressDto | undefined;
    if (o.uuid_address_recipient) {
      recipient = await this.address(ctx, o.uuid_address_recipient, 'recipient', current.depositor_id, 'uuid_address_recipient');
      const problem = addressProblem(recipient);
      if (problem && !input.force_recipient) throw new AppError('addressNotDeliverable', problem, { reason: problem });
    }
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, SHIPMENT_ROWS, { ids: [current.uuid] }, () =>
        em.query(
          `UPDATE shipments SET recipient_uuid = coalesce($2::uuid, recipient_uuid), recipient = coalesce($3::jsonb, recipient),
           recipient_name = coalesce($4, recipient_name), appointment = coalesce($5, appointment), pallet_stripping = coalesce($6, pallet_stripping),
           delivery_on_floor = coalesce($7, delivery_on_floor), hatchback = coalesce($8, hatchback), updated_at = now()
         WHERE uuid = $1`,
          [
            current.uuid,
            recipient?.uuid ?? null,
            recipient ? JSON.stringify(party(recipient)) : null,
            recipient ? nameOf(recipient) : null,
            o.appointment ?? null,
            o.pallet_stripping ?? null,
            o.delivery_on_floor ?? null,
            o.hatchback ?? null,
          ],
        ),
      ),
    );
    return this.get(ctx, { uuid: current.uuid });
  }

  /**
   * Validation: draft -> processing (the checks) -> validated. The depositor's required fields, the
   * reference, packages, tour code, ad valorem content and the shipping date window are checked;
   * a refusal names every field at once and leaves the shipment a draft.
   */
  async validate(ctx: CallerContext, data: unknown, now = new Date()): Promise<ShipmentDto> {
    const s = await this.get(ctx, data);
    if (s.status !== HubyStatus.Draft) throw transitionError(s.status, HubyStatus.Processing);
    const depositor = await this.depositors.forCaller(ctx, s.depositor_id);
    const empty: Record<string, FieldErrorKey> = {};
    if (!s.reference) empty.reference = 'required';
    if (!s.packings.length || s.package_count < 1) empty.packings = 'required';
    if (!s.tour_code) empty.tour_code = 'required';
    if (Object.keys(empty).length) throw new AppError('orderFieldsEmpty', 'reference, packages or tour code empty', undefined, empty);
    if (s.insurance_value && !s.content_description)
      throw new AppError('contentTypeRequired', 'ad valorem insurance needs the content', undefined, { content_description: 'required' });
    const missing = missingRequiredFields(s, depositor.requiredFields);
    if (Object.keys(missing).length) throw new AppError('validationFailed', 'fields required by the depositor', undefined, missing);
    const planned = await this.tours.byCode(ctx, s.depositor_id, s.tour_code!);
    if (!planned) throw new AppError('tourNotFound', 'tour not found', { tour: s.tour_code }, { tour_code: 'invalidFormat' });
    if (!planned.tour.account_number) throw new AppError('tourAccountNumberEmpty', 'the tour has no account number', { tour: s.tour_code });
    const misfits = tourMisfits(planned.tour, s);
    if (misfits.length) {
      const { tours } = await this.tours.fitting(ctx, s.depositor_id, s);
      if (!tours.length) throw new AppError('noToursAvailable', 'no tour fits the shipment', { tour: s.tour_code, reasons: misfits });
      throw new AppError(
        'validationFailed',
        'the tour does not fit the shipment',
        { reasons: misfits, tours: tours.map((t) => t.code) },
        { tour_code: 'invalidFormat' },
      );
    }
    checkShippingDate(s.date_shipment_desired, now, ctx.timezone, planned.carrier.shipping_window_days);
    await this.move(ctx, s, [HubyStatus.Processing, HubyStatus.Validated], 'validated', { audit: 'validated' });
    return this.get(ctx, { uuid: s.uuid });
  }

  /** A shipment with labels is canceled at its carrier and in tracking too. */
  async cancel(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const s = await this.get(ctx, data);
    const planned = s.voucher ? await this.tours.byCode(ctx, s.depositor_id, s.tour_code ?? '') : undefined;
    const tracked =
      s.voucher && s.labels_at
        ? trackingOrderOf(s, { carrierName: planned?.carrier.name ?? null, labelsAt: s.labels_at, canceledAt: new Date().toISOString() })
        : undefined;
    // Voided at the carrier first: a carrier that cannot void it leaves it as it was, to be canceled again.
    if (!canMove(s.status, HubyStatus.Canceled)) throw transitionError(s.status, HubyStatus.Canceled);
    if (planned) await this.voidAtCarrier(planned.tour.id, s, planned.carrier);
    await this.move(ctx, s, [HubyStatus.Canceled], 'canceled', {
      audit: 'canceled',
      also: async (em) => {
        if (tracked) await addToOutbox<FeedOrderMessage>(em, 'huby', HubyEvents.shipmentToTrack, tracked);
      },
    });
    if (tracked) this.outbox.kick();
    return this.get(ctx, { uuid: s.uuid });
  }

  private async voidAtCarrier(tourId: number, s: ShipmentDto, carrier: CarrierDto): Promise<void> {
    const adapter = await this.carriers.forTour(tourId);
    try {
      await adapter.cancel(s, carrier);
    } catch (e) {
      if (e instanceof CarrierOutage) throw outageError(e, carrier.name);
      throw e;
    }
  }

  async restore(ctx: CallerContext, data: unknown): Promise<ShipmentDto> {
    const s = await this.get(ctx, data);
    await this.move(ctx, s, [HubyStatus.Draft], 'restored', { audit: 'restored' });
    return this.get(ctx, { uuid: s.uuid });
  }

  /** 1 to 50 drafts copied from a shipment, each with the next free reference `<reference>-<n>`. */
  async duplicate(ctx: CallerContext, data: unknown): Promise<{ uuids: string[] }> {
    const s = await this.get(ctx, data);
    const { count } = parseBody(duplicateInput, { count: (data as { count?: unknown }).count });
    const uuids = await this.unique(() =>
      this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, SHIPMENT_ROWS, { written: (created: string[]) => created, action: 'duplicated' }, async () => {
          const base = s.reference.slice(0, 31);
          const [{ n }] = await em.query<{ n: number }[]>(
            `SELECT coalesce(max(substring(reference FROM '-(\\d+)$')::int), 0) AS n FROM shipments
           WHERE depositor_id = $1 AND reference ~ ('^' || regexp_replace($2, '([^A-Z0-9])', '\\\\\\1', 'g') || '-\\d+$')`,
            [s.depositor_id, base],
          );
          const references = Array.from({ length: count! }, (_, i) => `${base}-${n + i + 1}`);
          const rows = await em.query<{ uuid: string }[]>(
            `INSERT INTO shipments (depositor_id, depositor_code, reference, created_by, shipper_uuid, recipient_uuid, billing_uuid, shipper,
             recipient, billing, billing_same_as_recipient, recipient_name, packings, package_count, total_weight_kg,
             ${PLAIN.join(', ')})
           SELECT s.depositor_id, s.depositor_code, r.reference, $3, s.shipper_uuid, s.recipient_uuid, s.billing_uuid, s.shipper,
             s.recipient, s.billing, s.billing_same_as_recipient, s.recipient_name, s.packings, s.package_count, s.total_weight_kg,
             ${PLAIN.map((c) => `s.${c}`).join(', ')}
           FROM shipments s, unnest($2::text[]) WITH ORDINALITY r(reference, n) WHERE s.uuid = $1 ORDER BY r.n RETURNING uuid`,
            [s.uuid, references, creatorOf(ctx)],
          );
          for (const row of rows) await addHistory(em, row.uuid, s.depositor_id, HubyStatus.Draft, ctx, `duplicated from ${s.reference}`);
          return rows.map((r) => r.uuid);
        }),
      ),
    );
    return { uuids };
  }

  /** The tours that fit a saved shipment (its options, weight, volume, packages, dates). */
  async toursFor(ctx: CallerContext, data: unknown): Promise<ShipmentToursDto> {
    const s = await this.get(ctx, data);
    return this.tours.fitting(ctx, s.depositor_id, s);
  }

  /**
   * The carriers' quotes of a saved shipment's fitting tours (issue 37 item 3), scoped as its tours:
   * each quote within its short budget, a failed one marking its tour only; `sort` price or date.
   */
  async ratesFor(ctx: CallerContext, data: unknown): Promise<ShipmentRatesDto> {
    const raw = (data as { sort?: unknown } | null)?.sort;
    const sort = raw === undefined || raw === null || raw === '' ? 'price' : raw;
    if (!RATE_SORTS.includes(sort as ShipmentRatesDto['sort']))
      throw new AppError('validationFailed', `sort: one of ${RATE_SORTS.join(', ')}`, { field: 'sort', allowed: [...RATE_SORTS] });
    const s = await this.get(ctx, data);
    const fitting = await this.tours.fitting(ctx, s.depositor_id, s);
    this.rates ??= new ShipmentRates(this.carriers);
    const rates = await this.rates.of(s, fitting.tours, sort as ShipmentRatesDto['sort']);
    return { rates, sort: sort as ShipmentRatesDto['sort'], ...(fitting.warning ? { warning: fitting.warning } : {}) };
  }

  /** GET /dashtower/packagingTypes/{code_depositor}: a warning key when the depositor has none. */
  async packagingTypes(ctx: CallerContext, data: unknown): Promise<PackagingTypesDto> {
    const code = String((data as { code?: unknown } | null)?.code ?? '').toUpperCase();
    const w = ScopedWhere.of(ctx, { depositor: 'p.depositor_id' });
    w.and(`p.depositor_id = (SELECT d.id FROM depositors d WHERE d.code = ${w.param(code)})`);
    const types = await this.db.scopedQuery<PackagingTypesDto['types'][number]>(
      ctx,
      `SELECT p.code, p.label, p.length_cm::float8 AS length_cm, p.width_cm::float8 AS width_cm, p.height_cm::float8 AS height_cm,
         p.tare_kg::float8 AS tare_kg FROM packaging_types p WHERE ${w} ORDER BY p.code`,
      w.params,
    );
    return types.length ? { types } : { types, warning: 'noPackagingType' };
  }

  /**
   * Moves a shipment through `steps` (each checked against the table), written with its history;
   * `also` writes more in the same transaction (an event for another service); `audit` names the
   * move in the audit trail (a user's or client's move; the carriers' reports are not).
   */
  async move(
    ctx: CallerContext,
    s: Pick<ShipmentDto, 'uuid' | 'status' | 'depositor_id'>,
    steps: HubyStatusCode[],
    note: string,
    { also, audit }: { also?: (em: EntityManager) => Promise<unknown>; audit?: string } = {},
  ): Promise<void> {
    let from = s.status;
    for (const to of steps) {
      if (!canMove(from, to)) throw transitionError(from, to);
      from = to;
    }
    await this.db.scoped(ctx, (em) =>
      audit
        ? auditedWrite(em, ctx, SHIPMENT_ROWS, { ids: [s.uuid], action: audit }, () => this.moveIn(em, ctx, s, steps, from, note, also))
        : this.moveIn(em, ctx, s, steps, from, note, also),
    );
  }

  private async moveIn(
    em: EntityManager,
    ctx: CallerContext,
    s: Pick<ShipmentDto, 'uuid' | 'status' | 'depositor_id'>,
    steps: HubyStatusCode[],
    from: HubyStatusCode,
    note: string,
    also?: (em: EntityManager) => Promise<unknown>,
    /** More columns set with the status: SQL whose parameters start at $4. */
    set?: { sql: string; params: unknown[] },
  ): Promise<void> {
    const [moved] = rowsOf<{ uuid: string }>(
      await em.query(
        `UPDATE shipments SET status = $3, updated_at = now()${set ? `, ${set.sql}` : ''} WHERE uuid = $1 AND status = $2 RETURNING uuid`,
        [s.uuid, s.status, from, ...(set?.params ?? [])],
      ),
    );
    // Someone moved it meanwhile: refuse rather than skip their step.
    if (!moved) throw transitionError(s.status, steps[0]);
    for (const to of steps) await addHistory(em, s.uuid, s.depositor_id, to, ctx, note);
    // The recipient address's retention clock (its delete-after-shipping / after-delivery action).
    if (steps.includes(HubyStatus.TakenInCharge))
      await em.query(`UPDATE addresses SET used_at = now() WHERE uuid = (SELECT recipient_uuid FROM shipments WHERE uuid = $1)`, [s.uuid]);
    if (steps.includes(HubyStatus.Delivered))
      await em.query(`UPDATE addresses SET delivered_at = now() WHERE uuid = (SELECT recipient_uuid FROM shipments WHERE uuid = $1)`, [
        s.uuid,
      ]);
    if (also) await also(em);
  }

  /**
   * Shipments left waiting for their labels by a request that ended without an outcome (the process
   * that served it died between asking the carrier and recording its answer): past `staleMs` in that
   * status no request is still working on them, so they go back to validated, marked uncertain so that
   * the next request looks for the voucher the carrier may have made before making another (issue 33
   * item 1). Rows are locked while released (SKIP LOCKED): with two copies each goes once. Answers how
   * many were released.
   */
  async releaseInterrupted(staleMs: number): Promise<number> {
    const ctx = systemContext('interrupted-labels');
    return this.db.scoped(ctx, async (em) => {
      const rows = rowsOf<Pick<ShipmentDto, 'uuid' | 'status' | 'depositor_id'>>(
        await em.query(
          `SELECT uuid, status, depositor_id FROM shipments
            WHERE status = $1 AND updated_at < now() - make_interval(secs => $2::float8 / 1000) AND uuid <> ALL($3::uuid[])
            ORDER BY updated_at LIMIT 200 FOR UPDATE SKIP LOCKED`,
          [HubyStatus.WaitingForLabels, staleMs, claimedHere()],
        ),
      );
      for (const s of rows)
        await this.moveIn(em, ctx, s, [HubyStatus.Validated], HubyStatus.Validated, 'labels request interrupted: to ask again', undefined, {
          sql: 'carrier_uncertain_at = now()',
          params: [],
        });
      return rows.length;
    });
  }

  private async parties(ctx: CallerContext, input: ShipmentInput, depositor: HubyDepositor) {
    const shipper = await this.address(ctx, input.uuid_address_shipper!, 'shipper', depositor.id, 'uuid_address_shipper');
    const recipient = await this.address(ctx, input.uuid_address_recipient!, 'recipient', depositor.id, 'uuid_address_recipient');
    const sameAsRecipient = input.billing_same_as_recipient ?? !input.uuid_address_billing;
    const billing =
      !sameAsRecipient && input.uuid_address_billing
        ? await this.address(ctx, input.uuid_address_billing, 'recipient', depositor.id, 'uuid_address_billing')
        : undefined;
    return { shipper, recipient, billing, sameAsRecipient };
  }

  /** An address of the depositor's book, or 404 addressNotFound naming the field. */
  private async address(
    ctx: CallerContext,
    uuid: string,
    book: 'shipper' | 'recipient',
    depositorId: number,
    field: string,
  ): Promise<AddressDto> {
    const a = await this.addresses.one(ctx, uuid);
    if (!a || a.book !== book || a.depositor_id !== depositorId)
      throw new AppError('addressNotFound', `${field} not found`, undefined, { [field]: 'invalidFormat' });
    return a;
  }

  /** The next free automatic reference of a depositor: HUB<yymmdd><4 digits>. */
  private async nextReference(ctx: CallerContext, depositor: HubyDepositor): Promise<string> {
    const day = new Date().toISOString().slice(2, 10).replace(/-/g, '');
    const [row] = await this.db.scopedQuery<{ n: number }>(
      ctx,
      `SELECT count(*)::int AS n FROM shipments WHERE depositor_id = $1 AND reference LIKE $2`,
      [depositor.id, `HUB${day}%`],
    );
    return `HUB${day}${String(row.n + 1).padStart(4, '0')}`;
  }

  /** A write refused by the reference index answers existingReference, nothing half-written. */
  private async unique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if ((e as { constraint?: string }).constraint === 'shipments_voucher')
        throw new AppError('trackingNumberExists', 'the carrier answered a voucher already used');
      if ((e as { constraint?: string }).constraint === 'shipments_depositor_reference')
        throw new AppError('existingReference', 'a shipment already has this reference', undefined, { reference: 'invalidFormat' });
      throw e;
    }
  }
}

/**
 * Writes a draft shipment (parties, packings, plain fields) and its first history line in `em`, so
 * that a caller can write more in the same transaction (the order import: a new recipient with it).
 */
export async function insertDraft(
  em: EntityManager,
  ctx: CallerContext,
  depositor: Pick<HubyDepositor, 'id' | 'code'>,
  reference: string,
  parties: Parties,
  input: ShipmentInput,
  note: string,
): Promise<string> {
  const [row] = await em.query<{ uuid: string }[]>(
    `INSERT INTO shipments (depositor_id, depositor_code, reference, created_by, shipper_uuid, recipient_uuid, shipper, recipient,
       billing_uuid, billing, billing_same_as_recipient, recipient_name, packings, package_count, total_weight_kg)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING uuid`,
    [depositor.id, depositor.code, reference, creatorOf(ctx), ...partyValues(parties), ...packingValues(input)],
  );
  await writePlain(em, row.uuid, input);
  await addHistory(em, row.uuid, depositor.id, HubyStatus.Draft, ctx, note);
  return row.uuid;
}

async function writePlain(em: EntityManager, uuid: string, input: ShipmentInput): Promise<void> {
  const n = PLAIN.length;
  await em.query(
    `UPDATE shipments SET ${PLAIN.map((c, i) => `${c} = $${i + 2}`).join(', ')}, dangerous_goods = $${n + 2}::jsonb,
       limited_quantities = $${n + 3}::jsonb WHERE uuid = $1`,
    [
      uuid,
      ...PLAIN.map((c) => input[c] ?? (FLAGS.has(c) ? false : null)),
      JSON.stringify(dangerousGoodsOf(input)),
      input.limited_quantities ? JSON.stringify(input.limited_quantities) : null,
    ],
  );
}

function transitionError(from: HubyStatusCode, to: HubyStatusCode): AppError {
  if (from !== HubyStatus.Draft && to === HubyStatus.Processing)
    return new AppError('orderAlreadyInProcess', 'shipment already in process', { from, to });
  return new AppError('invalidTransition', `a shipment cannot move from ${from} to ${to}`, { from, to });
}

async function addHistory(em: EntityManager, uuid: string, depositorId: number, status: HubyStatusCode, ctx: CallerContext, note: string) {
  await em.query(`INSERT INTO shipment_history (shipment_uuid, depositor_id, status, by, note) VALUES ($1, $2, $3, $4, $5)`, [
    uuid,
    depositorId,
    status,
    creatorOf(ctx),
    note,
  ]);
}

type Party = ShipmentPartyDto;
type Parties = { shipper: Party; recipient: Party; billing?: Party; sameAsRecipient: boolean };
const nameOf = (a: Pick<AddressDto, 'company_name' | 'contact_name'>) => (a.company_name ?? a.contact_name ?? '').toUpperCase();

function partyValues(p: Parties): unknown[] {
  return [
    p.shipper.uuid,
    p.recipient.uuid,
    JSON.stringify(party(p.shipper)),
    JSON.stringify(party(p.recipient)),
    p.billing?.uuid ?? null,
    p.billing ? JSON.stringify(party(p.billing)) : null,
    p.sameAsRecipient,
    nameOf(p.recipient),
  ];
}

function packingValues(input: ShipmentInput): unknown[] {
  const packings = (input.packings ?? []).map((p, i) => ({
    line: i + 1,
    packaging_type: p.packaging_type ?? null,
    content: p.content ?? null,
    net_quantity: p.net_quantity ?? null,
    unit: p.unit ?? null,
    weight_kg: p.weight_kg!,
    length_cm: p.length_cm ?? null,
    width_cm: p.width_cm ?? null,
    height_cm: p.height_cm ?? null,
    volume_m3: packingVolume(p),
    packages: p.packages!,
    duplicate_count: p.duplicate_count ?? 0,
  }));
  const totals = packingTotals(packings);
  return [JSON.stringify(packings), totals.packages, totals.weight_kg];
}

/** The depositor's required fields (spec §3) the shipment leaves empty, each with the key `required`. */
export function missingRequiredFields(s: ShipmentDto, required: RequirableOrderField[]): Record<string, FieldErrorKey> {
  const r = s.recipient;
  const value: Record<RequirableOrderField, unknown> = {
    recipient_code_customer: r.customer_code,
    recipient_company_name: r.company_name,
    recipient_firstname: r.contact_name,
    recipient_lastname: r.contact_name,
    recipient_email: r.email,
    date_shipment_desired: s.date_shipment_desired,
    date_delivery_desired: s.date_delivery_desired,
    recipient_phone_fixe: r.phone,
    recipient_phone: r.mobile,
    either_phone: r.phone || r.mobile,
    appointment: s.appointment || null,
  };
  return Object.fromEntries(required.filter((f) => !value[f]).map((f) => [f, 'required' as const]));
}

/**
 * Spec §5 "shipping date with one carrier": not in the past (the caller's today) and at most
 * `windowDays` ahead, for a carrier with that rule (`windowDays` null: no rule).
 */
export function checkShippingDate(
  day: string | null,
  now: Date,
  timeZone: string,
  windowDays: number | null = HUBY_LIMITS.shippingWindowDays,
): void {
  if (!day || windowDays === null) return;
  const today = dayIn(timeZone, now);
  if (day < today || day > addDays(today, windowDays))
    throw new AppError(
      'shippingDateOutOfWindow',
      'shipping date outside the window',
      { maxDays: windowDays },
      {
        date_shipment_desired: day < today ? 'min' : 'max',
      },
    );
}

/** Spec §6: dangerous goods and limited quantities need the right USER_HUBY_DANGEROUS_GOODS. */
function checkDangerousGoodsRight(ctx: CallerContext, input: ShipmentInput): void {
  const hazardous = (input.dangerous_goods?.length ?? 0) > 0 || !!input.limited_quantities;
  if (hazardous && !hasAnyRole(ctx.roles, [Role.USER_HUBY_DANGEROUS_GOODS]))
    throw new AppError('dangerousGoodsNotAllowed', 'dangerous goods need the Huby dangerous goods right');
}

function dangerousGoodsOf(input: ShipmentInput) {
  return (input.dangerous_goods ?? []).map((d) => ({
    un_number: d.un_number,
    class: d.class,
    danger_notice: d.danger_notice ?? null,
    packing_group: d.packing_group ?? null,
    tunnel_code: d.tunnel_code,
    transport_category: d.transport_category,
    adr_designation: d.adr_designation,
    technical_name: d.technical_name ?? null,
    package_quantity: d.package_quantity,
    environment_danger: d.environment_danger ?? false,
  }));
}

/** The label format a label request asks (the user's): PDF unless ZPL is named. */
function labelFormatOf(value: unknown): LabelFormat {
  if (value === undefined || value === null || value === '') return DEFAULT_LABEL_FORMAT;
  const f = typeof value === 'string' ? value.toUpperCase() : '';
  if (!(LABEL_FORMATS as readonly string[]).includes(f))
    throw new AppError('invalidLabelFormat', 'label format PDF or ZPL', { formats: LABEL_FORMATS });
  return f as LabelFormat;
}
