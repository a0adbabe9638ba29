import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, auditedWrite, BusClient, OutboxRelay, type AuditedRows } from '@portal/bus';
import {
  AppError,
  creatorOf,
  LOOP_ORDERS_LIST,
  LOOP_TAB_STATUS,
  LoopEvents,
  LoopStatus,
  LoopSubjects,
  loopArticlesQuery,
  loopPlatformsQuery,
  loopOrderInput,
  loopQuantityProblem,
  parseBody,
  parseListRequest,
  type AddressDto,
  type CallerContext,
  type FieldErrorKey,
  type ListPage,
  type LoopArticleDto,
  type LoopPlatformDto,
  type LoopAvailabilityDto,
  type LoopOrderDto,
  type LoopOrderInput,
  type LoopOrderSubmittedEvent,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { AddressesService } from '../addresses/addresses.service';
import { uuidOf } from '../common/ids';
import { Depositors, type HubyDepositor } from '../depositors/depositors';

const SCOPE = { depositor: 'o.depositor_id' };
const INSTANT = (c: string) => `to_char(o.${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${c}`;
const COLUMNS = `o.uuid AS id, o.uuid, o.depositor_id, o.depositor_code, o.platform_id, o.reference, o.customer_reference, o.comment,
  o.status, o.recipient_uuid, o.recipient, o.lines, jsonb_array_length(o.lines) AS line_count,
  (SELECT coalesce(sum((l->>'quantity')::int), 0)::int FROM jsonb_array_elements(o.lines) l) AS total_quantity,
  o.reject_key, o.reject_params, o.created_by, ${INSTANT('created_at')}, ${INSTANT('updated_at')}, ${INSTANT('submitted_at')}, ${INSTANT('settled_at')}`;
const SORTS: Record<string, string> = { createdAt: 'o.created_at', reference: 'o.reference', id: 'o.uuid' };
const NOT_NULL = new Set(['o.created_at', 'o.reference', 'o.uuid']);
const RECIPIENT_KEYS = [
  'company_name',
  'contact_name',
  'address1',
  'address2',
  'zip',
  'town',
  'country',
  'email',
  'phone',
  'mobile',
] as const;

/** A Loop order as the audit trail shows it: its lines as reference × quantity, the recipient in one line. */
const LOOP_ROWS: AuditedRows<LoopOrderDto> = {
  service: 'huby',
  entity: 'loopOrder',
  read: (em, uuids) => em.query(`SELECT ${COLUMNS} FROM loop_orders o WHERE o.uuid = ANY($1::uuid[])`, [uuids]),
  subject: (o) => ({ id: o.uuid, label: o.reference, depositorIds: [o.depositor_id], platformId: o.platform_id }),
  fields: (o) => ({
    reference: o.reference,
    status: o.status,
    platform_id: o.platform_id,
    customer_reference: o.customer_reference,
    comment: o.comment,
    recipient: o.recipient
      ? [o.recipient.company_name ?? o.recipient.contact_name, o.recipient.zip, o.recipient.town].filter(Boolean).join(', ')
      : null,
    lines: o.lines.map((l) => `${l.reference} × ${l.quantity}`),
  }),
};

type Availability = LoopAvailabilityDto & { labels: Record<string, string | null> };

/**
 * Loop order entry (spec §1, §2, §5, §8): orders picked from the depositor's own stock on one of its
 * platforms. Lines are articles of My Items; each quantity is checked against what the stock service
 * says is available at that moment, when the draft is saved and again at submit. Submitting writes
 * the order's event in the same transaction as its status; the warehouse answers with another.
 */
@Injectable()
export class LoopService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(Depositors) private readonly depositors: Depositors,
    @Inject(AddressesService) private readonly addresses: AddressesService,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<LoopOrderDto>> {
    const request = parseListRequest(LOOP_ORDERS_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, SCOPE).equals('o.depositor_id', f.depositor).equals('o.platform_id', f.platform);
    if (f.tab) w.and(`o.status = ${w.param(LOOP_TAB_STATUS[f.tab])}`);
    if (f.q) w.and(`(o.reference ILIKE ${w.param(`${likeLiteral(f.q)}%`)} OR o.customer_reference ILIKE $${w.params.length})`);
    return countedPage<LoopOrderDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM loop_orders o WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM loop_orders o WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort], request.order, 'o.uuid', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  async get(ctx: CallerContext, data: unknown): Promise<LoopOrderDto> {
    const uuid = uuidOf((data as { uuid?: unknown } | null)?.uuid);
    const w = ScopedWhere.of(ctx, SCOPE);
    w.and(`o.uuid = ${w.param(uuid)}::uuid`);
    const [row] = await this.db.scopedQuery<LoopOrderDto>(ctx, `SELECT ${COLUMNS} FROM loop_orders o WHERE ${w}`, w.params);
    if (!row) throw new AppError('orderNotFound', 'Loop order not found');
    return row;
  }

  async create(ctx: CallerContext, data: unknown): Promise<LoopOrderDto> {
    const input = parseBody(loopOrderInput, data);
    const depositor = await this.depositors.forCaller(ctx, input.depositor_id!);
    const lines = await this.checkedLines(ctx, input);
    const recipient = await this.recipient(ctx, input, depositor);
    const uuid = await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, LOOP_ROWS, { written: (created: string) => [created] }, async () => {
        const [row] = await em.query<{ uuid: string }[]>(
          `INSERT INTO loop_orders (depositor_id, depositor_code, platform_id, reference, customer_reference, comment, recipient_uuid, recipient, lines, created_by)
         VALUES ($1, $2, $3, 'LP' || lpad(nextval('loop_order_seq')::text, 8, '0'), $4, $5, $6, $7, $8, $9) RETURNING uuid`,
          [depositor.id, depositor.code, input.platform_id, ...this.values(input, recipient, lines), creatorOf(ctx)],
        );
        return row.uuid;
      }),
    );
    return this.get(ctx, { uuid });
  }

  /** Edits a draft (the whole form); once submitted, orderAlreadyInProcess. */
  async update(ctx: CallerContext, data: unknown): Promise<LoopOrderDto> {
    const current = await this.draft(ctx, data);
    const input = parseBody(loopOrderInput, { ...((data as { order?: object } | null)?.order ?? {}), depositor_id: current.depositor_id });
    const depositor = await this.depositors.forCaller(ctx, current.depositor_id);
    const lines = await this.checkedLines(ctx, input);
    const recipient = await this.recipient(ctx, input, depositor);
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, LOOP_ROWS, { ids: [current.uuid] }, async () => {
        const [moved] = rowsOf<{ uuid: string }>(
          await em.query(
            `UPDATE loop_orders SET platform_id = $2, customer_reference = $3, comment = $4, recipient_uuid = $5, recipient = $6, lines = $7,
             updated_at = now() WHERE uuid = $1 AND status = 'draft' RETURNING uuid`,
            [current.uuid, input.platform_id, ...this.values(input, recipient, lines)],
          ),
        );
        if (!moved) throw new AppError('orderAlreadyInProcess', 'Loop order already submitted');
      }),
    );
    return this.get(ctx, { uuid: current.uuid });
  }

  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const current = await this.draft(ctx, data);
    const deleted = rowsOf<{ uuid: string }>(
      await this.db.scoped(ctx, (em) =>
        auditedWrite(em, ctx, LOOP_ROWS, { ids: [current.uuid] }, () =>
          em.query(`DELETE FROM loop_orders WHERE uuid = $1 AND status = 'draft' RETURNING uuid`, [current.uuid]),
        ),
      ),
    );
    if (!deleted.length) throw new AppError('orderAlreadyInProcess', 'Loop order already submitted');
    return { ok: true };
  }

  /** Draft → submitted: the quantities checked again against the stock now, then the event to the warehouse. */
  async submit(ctx: CallerContext, data: unknown): Promise<LoopOrderDto> {
    const current = await this.draft(ctx, data);
    const empty: Record<string, FieldErrorKey> = {};
    if (!current.recipient) empty.uuid_address_recipient = 'required';
    if (!current.lines.length) empty.lines = 'required';
    if (Object.keys(empty).length) throw new AppError('validationFailed', 'recipient or lines missing', undefined, empty);
    await this.checkedLines(ctx, { depositor_id: current.depositor_id, platform_id: current.platform_id, lines: current.lines });
    await this.db.scoped(ctx, (em) =>
      auditedWrite(em, ctx, LOOP_ROWS, { ids: [current.uuid], action: 'submitted' }, async () => {
        const [moved] = rowsOf<{ uuid: string }>(
          await em.query(
            `UPDATE loop_orders SET status = 'submitted', submitted_at = now(), updated_at = now() WHERE uuid = $1 AND status = 'draft' RETURNING uuid`,
            [current.uuid],
          ),
        );
        if (!moved) throw new AppError('orderAlreadyInProcess', 'Loop order already submitted');
        await addToOutbox<LoopOrderSubmittedEvent>(em, 'huby', LoopEvents.orderSubmitted, {
          uuid: current.uuid,
          reference: current.reference,
          depositorId: current.depositor_id,
          depositorCode: current.depositor_code,
          platformId: current.platform_id,
          lines: current.lines.map((l) => ({ reference: l.reference, quantity: l.quantity })),
        });
      }),
    );
    this.outbox.kick();
    return this.get(ctx, { uuid: current.uuid });
  }

  /** The platforms that can serve the depositor's Loop orders (it has stock there), for the form's choice. */
  async platforms(ctx: CallerContext, data: unknown): Promise<LoopPlatformDto[]> {
    const q = parseBody(loopPlatformsQuery, data);
    await this.depositors.forCaller(ctx, q.depositor_id);
    return this.bus.request<LoopPlatformDto[]>(LoopSubjects.stockPlatforms, ctx, q);
  }

  /** The article picker: My Items of the depositor matching `search`, with the platform's available quantity. */
  async articles(ctx: CallerContext, data: unknown): Promise<LoopArticleDto[]> {
    const q = parseBody(loopArticlesQuery, data);
    await this.depositors.forCaller(ctx, q.depositor_id);
    return this.bus.request<LoopArticleDto[]>(LoopSubjects.stockArticles, ctx, q);
  }

  /** One line as it is entered: the available quantity now, and the §8 key when the quantity does not fit. */
  async checkLine(ctx: CallerContext, data: unknown): Promise<{ available: number; key: string | null }> {
    const q = (data ?? {}) as { depositor_id?: unknown; platform_id?: unknown; reference?: unknown; quantity?: unknown };
    const input = parseBody(loopOrderInput, {
      depositor_id: q.depositor_id,
      platform_id: q.platform_id,
      lines: [{ reference: q.reference, quantity: q.quantity }],
    });
    await this.depositors.forCaller(ctx, input.depositor_id!);
    const stock = await this.availability(ctx, input);
    const reference = input.lines[0].reference!;
    if (!stock.referenced) return { available: 0, key: 'loopDepositorNotOnPlatform' };
    if (!(reference in stock.available))
      throw new AppError('validationFailed', 'not an article of My Items', undefined, { reference: 'invalidFormat' });
    const available = stock.available[reference];
    return { available, key: loopQuantityProblem(quantity(q.quantity), available) };
  }

  private async draft(ctx: CallerContext, data: unknown): Promise<LoopOrderDto> {
    const current = await this.get(ctx, data);
    if (current.status !== LoopStatus.Draft)
      throw new AppError('orderAlreadyInProcess', 'Loop order already submitted', { status: current.status });
    return current;
  }

  private availability(ctx: CallerContext, input: Pick<LoopOrderInput, 'depositor_id' | 'platform_id' | 'lines'>): Promise<Availability> {
    return this.bus.request<Availability>(LoopSubjects.stockAvailability, ctx, {
      depositor_id: input.depositor_id,
      platform_id: input.platform_id,
      references: [...new Set(input.lines.map((l) => l.reference!))],
    });
  }

  /** Spec §5 Loop: each line an article of My Items, quantity > 0 and not above what is available now (lines of one article add up). */
  private async checkedLines(ctx: CallerContext, input: Pick<LoopOrderInput, 'depositor_id' | 'platform_id' | 'lines'>) {
    const stock = await this.availability(ctx, input);
    if (!stock.referenced)
      throw new AppError(
        'loopDepositorNotOnPlatform',
        'the depositor has no stock on this platform',
        { platform: input.platform_id },
        { platform_id: 'invalidFormat' },
      );
    const asked = new Map<string, number>();
    return input.lines.map((line, i) => {
      const reference = line.reference!;
      if (!(reference in stock.available))
        throw new AppError('validationFailed', 'not an article of My Items', undefined, { [`lines.${i}.reference`]: 'invalidFormat' });
      const q = quantity(line.quantity);
      const problem = loopQuantityProblem(q, stock.available[reference] - (asked.get(reference) ?? 0));
      if (problem)
        throw new AppError(
          problem,
          problem,
          { reference, available: stock.available[reference], line: i + 1 },
          { [`lines.${i}.quantity`]: problem === 'loopInvalidQuantity' ? 'min' : 'max' },
        );
      asked.set(reference, (asked.get(reference) ?? 0) + (q as number));
      return { reference, label: stock.labels[reference] ?? null, quantity: q as number };
    });
  }

  /** An address of the depositor's recipient book, or a new one saved into it (loopRecipientSaveFailed when it cannot be). */
  private async recipient(ctx: CallerContext, input: LoopOrderInput, depositor: HubyDepositor): Promise<AddressDto | null> {
    if (input.new_recipient) {
      try {
        return await this.addresses.create(ctx, { ...input.new_recipient, book: 'recipient', depositor_id: depositor.id });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        throw new AppError('loopRecipientSaveFailed', 'the recipient could not be saved', { cause: e.key }, e.fields);
      }
    }
    if (!input.uuid_address_recipient) return null;
    const a = await this.addresses.one(ctx, uuidOf(input.uuid_address_recipient, 'uuid_address_recipient'));
    if (!a || a.book !== 'recipient' || a.depositor_id !== depositor.id)
      throw new AppError('addressNotFound', 'recipient not found', undefined, { uuid_address_recipient: 'invalidFormat' });
    return a;
  }

  private values(input: LoopOrderInput, recipient: AddressDto | null, lines: unknown[]): unknown[] {
    return [
      input.customer_reference ?? null,
      input.comment ?? null,
      recipient?.uuid ?? null,
      recipient ? JSON.stringify(Object.fromEntries(RECIPIENT_KEYS.map((k) => [k, recipient[k] ?? null]))) : null,
      JSON.stringify(lines),
    ];
  }
}

/** A quantity as typed: a number, or digits in a string (a form field). */
function quantity(v: unknown): unknown {
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
}
