import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AppError,
  AuthSubjects,
  CLAIM_TAB_STATUSES,
  CLAIMS_LIST,
  ClaimsSubjects,
  claimableDelivery,
  claimInput,
  claimLineProblems,
  dayEnd,
  dayStart,
  isClaimLine,
  isDay,
  parseBody,
  parseListRequest,
  type CallerContext,
  type ClaimDeliveryCandidate,
  type ClaimDto,
  type ClaimEvidenceDto,
  type ClaimInput,
  type ClaimLineDto,
  type FieldErrorKey,
  type ListPage,
  type UserDto,
} from '@portal/contracts';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { FileStorage } from '@portal/files';
import type { EntityManager } from 'typeorm';
import { ClaimMoves } from './claim-moves';
import { auditClaim, CLAIM_COLUMNS, CLAIM_NOT_NULL, CLAIM_SCOPE, CLAIM_SORTS, claimNotFound, claimUuid } from './claim-rows';

/** The delivery a number names, as the creation flow shows it: the candidates, and the chosen one's products as lines. */
export interface ClaimLookupDto {
  deliveries: ClaimDeliveryCandidate[];
  /** The products of the delivery when the number names one (or `order_id` chose it): the claim's lines pre-filled. */
  lines: ClaimLineDto[] | null;
}

const EVIDENCE_FOLDER = 'claims/evidence';
/** A POD copied from the tracker was already checked there; this bounds what is read back. */
const EVIDENCE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Claims (spec §2, §3, §5, §8): lists by tab, the view with the delivery's evidence and the
 * attachments, and the creation flow: the number looked up in tracking over the bus (unknown,
 * several deliveries, already claimed by someone else), the evidence copied, drafts edited and
 * deleted. State moves are ClaimMoves'.
 */
@Injectable()
export class ClaimsService {
  private readonly logger = new Logger('Claims');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(FileStorage) private readonly files: FileStorage,
    @Inject(ClaimMoves) private readonly moves: ClaimMoves,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<ClaimDto>> {
    const request = parseListRequest(CLAIMS_LIST, data);
    const f = request.filter;
    const w = ScopedWhere.of(ctx, CLAIM_SCOPE).equals('c.depositor_id', f.depositor).equals('c.kind', f.kind);
    if (f.tab) w.anyOf('c.status', CLAIM_TAB_STATUSES[f.tab], 'text');
    w.anyOf('c.status', f.status, 'text').anyOf('c.reason', f.reason, 'text');
    if (f.createdFrom) w.and(`c.created_at >= ${w.param(bound(f.createdFrom, ctx.timezone, 'start'))}::timestamptz`);
    if (f.createdTo) w.and(`c.created_at < ${w.param(bound(f.createdTo, ctx.timezone, 'end'))}::timestamptz`);
    if (f.q) {
      const like = w.param(`${likeLiteral(f.q)}%`);
      w.and(`(c.reference ILIKE ${like} OR c.delivery_reference ILIKE ${like} OR c.order_reference ILIKE ${like}
        OR c.number ILIKE ${like} OR c.customer_claim_number ILIKE ${like})`);
    }
    return countedPage<ClaimDto>(
      (sql, params) => this.db.scopedQuery(ctx, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM claims c WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${CLAIM_COLUMNS} FROM claims c WHERE ${w} ORDER BY ${orderBy(CLAIM_SORTS[request.sort], request.order, 'c.uuid', CLAIM_NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  /** The claim with the delivery's evidence and its attachments; another depositor's answers 404. */
  async get(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    const uuid = claimUuid(data);
    const w = ScopedWhere.of(ctx, CLAIM_SCOPE);
    w.and(`c.uuid = ${w.param(uuid)}::uuid`);
    const [row] = await this.db.scopedQuery<ClaimDto>(
      ctx,
      `SELECT ${CLAIM_COLUMNS}, c.evidence,
         (SELECT coalesce(json_agg(json_build_object('id', a.id, 'type', a.type, 'name', a.name, 'content_type', a.content_type,
            'size', a.size, 'evidence', a.evidence, 'created_by', a.created_by,
            'created_at', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY a.evidence DESC, a.created_at, a.name), '[]')
          FROM claim_attachments a WHERE a.claim_uuid = c.uuid) AS attachments
       FROM claims c WHERE ${w}`,
      w.params,
    );
    if (!row) throw claimNotFound();
    return row;
  }

  /** The creation flow's first step: the deliveries the number names, each with the open claim someone else already filed on it. */
  async lookup(ctx: CallerContext, data: unknown): Promise<ClaimLookupDto> {
    const q = (data ?? {}) as { number?: unknown; order_id?: unknown };
    const input = parseBody(claimInput.pick({ number: true, order_id: true }), q);
    const deliveries = await this.candidates(ctx, input.number!);
    const flagged = await this.flagClaimed(ctx, deliveries);
    const chosen = input.order_id ? flagged.find((d) => d.id === input.order_id) : flagged.length === 1 ? flagged[0] : undefined;
    if (input.order_id && !chosen) throw numberUnknown(input.number!);
    const lines = chosen ? (await this.evidenceOf(ctx, chosen.id)).lines.map(lineOfProduct) : null;
    return { deliveries: flagged, lines };
  }

  async create(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    const input = parseBody(claimInput, data);
    checkLines(input);
    if (input.send) requireForSending(input);
    const delivery = await this.delivery(ctx, input);
    if (!claimableDelivery(delivery))
      throw new AppError(
        'claimNotShipped',
        'the delivery has not been shipped',
        { reference: delivery.reference, status: delivery.status },
        { number: 'notShipped' },
      );
    const evidence = await this.evidenceOf(ctx, delivery.id);
    const creator = await this.creator(ctx);
    const pods = await this.copyPods(evidence);
    try {
      const uuid = await this.db.scoped(ctx, async (em) => {
        const claimed = await this.openClaimOfOthers(em, ctx, [delivery.id]);
        if (claimed.length) throw alreadyCreated(claimed[0]);
        const [row] = await em.query<{ uuid: string }[]>(
          `INSERT INTO claims (reference, depositor_id, depositor_code, platform_id, activity_code, store_code, number, order_id,
             delivery_reference, order_reference, customer_claim_number, kind, reason, comment, lines, packings_concerned,
             non_ordered_products, final_customer, evidence, creator_id, creator, creator_name, creator_email, creator_locale,
             creator_timezone, updated_by)
           VALUES ('RC' || lpad(nextval('claim_seq')::text, 7, '0'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
             $16, $17, $18, $19, $20, $21, $22, $23, $24, $20) RETURNING uuid`,
          [
            evidence.order.depositorId,
            evidence.order.depositorCode,
            evidence.order.platformId,
            evidence.order.activityCode,
            evidence.order.storeCode,
            input.number,
            evidence.order.id,
            evidence.order.reference,
            evidence.order.orderReference,
            ...this.values(input),
            JSON.stringify({ order: evidence.order, lines: evidence.lines, parcels: evidence.parcels, events: evidence.events }),
            ctx.user?.id ?? null,
            ctx.user?.login ?? null,
            creator.name,
            creator.email,
            creator.locale,
            creator.timezone,
          ],
        );
        for (const pod of pods)
          await em.query(
            `INSERT INTO claim_attachments (claim_uuid, depositor_id, type, name, content_type, size, storage_key, evidence, created_by)
             VALUES ($1, $2, 'pod', $3, $4, $5, $6, true, $7)`,
            [row.uuid, evidence.order.depositorId, pod.name, pod.contentType, pod.size, pod.key, ctx.user?.login ?? null],
          );
        await auditClaim(em, ctx, 'created', null, row.uuid);
        return row.uuid;
      });
      if (input.send) return await this.moves.send(ctx, uuid);
      return await this.get(ctx, { uuid });
    } catch (e) {
      for (const pod of pods) await this.files.delete(pod.key).catch(() => undefined);
      throw e;
    }
  }

  /** Edits a draft (the whole form, the delivery kept); once sent, claimNotDraft. */
  async update(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    const current = await this.draft(ctx, data);
    const body = (data as { claim?: object } | null)?.claim ?? {};
    const input = parseBody(claimInput, { ...body, number: current.number });
    checkLines(input);
    if (input.send) requireForSending(input);
    await this.db.scoped(ctx, async (em) => {
      const moved = rowsOf<{ uuid: string }>(
        await em.query(
          `UPDATE claims SET customer_claim_number = $2, kind = $3, reason = $4, comment = $5, lines = $6, packings_concerned = $7,
             non_ordered_products = $8, final_customer = $9, updated_at = now(), updated_by = $10
           WHERE uuid = $1 AND status = 'draft' RETURNING uuid`,
          [current.uuid, ...this.values(input), ctx.user?.login ?? null],
        ),
      );
      if (!moved.length) throw notDraft('sent');
      await auditClaim(em, ctx, 'updated', current, current.uuid);
    });
    return input.send ? this.moves.send(ctx, current.uuid) : this.get(ctx, { uuid: current.uuid });
  }

  /** Deletes a draft and its attachments (files included); a sent claim stays (claimNotDraft). */
  async remove(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const current = await this.draft(ctx, data);
    const keys = await this.db.scoped(ctx, async (em) => {
      const files = rowsOf<{ storage_key: string }>(
        await em.query(`SELECT storage_key FROM claim_attachments WHERE claim_uuid = $1`, [current.uuid]),
      );
      const deleted = rowsOf<{ uuid: string }>(
        await em.query(`DELETE FROM claims WHERE uuid = $1 AND status = 'draft' RETURNING uuid`, [current.uuid]),
      );
      if (!deleted.length) throw notDraft('sent');
      await auditClaim(em, ctx, 'deleted', current, null);
      return files.map((f) => f.storage_key);
    });
    for (const key of keys) await this.files.delete(key).catch((e: unknown) => this.logger.warn(`claim file ${key} left: ${String(e)}`));
    return { ok: true };
  }

  private async draft(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    const current = await this.get(ctx, data);
    if (current.status !== 'draft') throw notDraft(current.status);
    return current;
  }

  /** The deliveries a number names in tracking; a tracker that cannot answer is spec §8's "internal error, contact the IT team". */
  private async candidates(ctx: CallerContext, number: string): Promise<ClaimDeliveryCandidate[]> {
    const found = await this.tracking<ClaimDeliveryCandidate[]>(ctx, ClaimsSubjects.trackingLookup, { number });
    if (!found.length) throw numberUnknown(number);
    return found;
  }

  private evidenceOf(ctx: CallerContext, id: number): Promise<ClaimEvidenceDto> {
    return this.tracking<ClaimEvidenceDto>(ctx, ClaimsSubjects.trackingEvidence, { id });
  }

  private async tracking<T>(ctx: CallerContext, subject: string, data: object): Promise<T> {
    try {
      return await this.bus.request<T>(subject, ctx, data);
    } catch (e) {
      if (e instanceof AppError && e.status < 500) throw e;
      this.logger.warn(`tracking did not answer ${subject}: ${e instanceof Error ? e.message : String(e)}`);
      throw new AppError('claimInternalError', 'tracking could not answer for the delivery');
    }
  }

  /** The one delivery the input names: unknown number, several deliveries (the user chooses) or the chosen one. */
  private async delivery(ctx: CallerContext, input: ClaimInput): Promise<ClaimDeliveryCandidate> {
    const deliveries = await this.candidates(ctx, input.number!);
    if (input.order_id) {
      const chosen = deliveries.find((d) => d.id === input.order_id);
      if (!chosen) throw numberUnknown(input.number!);
      return chosen;
    }
    if (deliveries.length > 1)
      throw new AppError(
        'claimSeveralDeliveries',
        'several deliveries answer this number',
        { number: input.number, deliveries: deliveries.map((d) => ({ id: d.id, reference: d.reference, depositorCode: d.depositorCode })) },
        { order_id: 'required' },
      );
    return deliveries[0];
  }

  private async flagClaimed(ctx: CallerContext, deliveries: ClaimDeliveryCandidate[]): Promise<ClaimDeliveryCandidate[]> {
    const claimed = await this.db.scoped(ctx, (em) =>
      this.openClaimOfOthers(
        em,
        ctx,
        deliveries.map((d) => d.id),
      ),
    );
    return deliveries.map((d) => {
      const c = claimed.find((x) => Number(x.order_id) === d.id);
      return { ...d, existingClaim: c ? { uuid: c.uuid, reference: c.reference, creator: c.creator, status: c.status } : null };
    });
  }

  /** Open claims (not closed) on these deliveries created by someone else than the caller. */
  private async openClaimOfOthers(em: EntityManager, ctx: CallerContext, orderIds: number[]) {
    return rowsOf<{ uuid: string; reference: string; creator: string | null; status: ClaimDto['status']; order_id: string }>(
      await em.query(
        `SELECT uuid, reference, creator, status, order_id FROM claims
          WHERE order_id = ANY($1::bigint[]) AND status <> 'closed' AND creator_id IS DISTINCT FROM $2 ORDER BY created_at`,
        [orderIds, ctx.user?.id ?? null],
      ),
    );
  }

  /** Who creates: name, mail address, language and time zone for the mails of each state change. */
  private async creator(ctx: CallerContext): Promise<{ name: string | null; email: string | null; locale: string; timezone: string }> {
    const fallback = { name: ctx.user?.login ?? null, email: null, locale: ctx.locale, timezone: ctx.timezone };
    if (!ctx.user) return fallback;
    try {
      const me = await this.bus.request<UserDto>(AuthSubjects.me, ctx, {});
      if (me.uuid !== ctx.user.uuid) return fallback;
      return {
        name: `${me.firstname} ${me.lastname}`.trim() || me.login,
        email: me.email || null,
        locale: me.language.code,
        timezone: me.timezone,
      };
    } catch (e) {
      this.logger.warn(`creator profile unavailable: ${e instanceof Error ? e.message : String(e)}`);
      return fallback;
    }
  }

  /** The delivery's PODs stored again under the claim, so that the claim keeps them whatever becomes of the tracker's copy. */
  private async copyPods(evidence: ClaimEvidenceDto): Promise<{ name: string; contentType: string; size: number; key: string }[]> {
    const copies: { name: string; contentType: string; size: number; key: string }[] = [];
    for (const pod of evidence.pods) {
      try {
        const stored = await this.files.put(await this.files.read(pod.key), { folder: EVIDENCE_FOLDER, maxBytes: EVIDENCE_MAX_BYTES });
        copies.push({ name: pod.name, contentType: stored.contentType, size: stored.size, key: stored.key });
      } catch (e) {
        this.logger.warn(`POD ${pod.key} of ${evidence.order.reference} not copied: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return copies;
  }

  private values(input: ClaimInput): unknown[] {
    // A line left empty is not a line of the claim.
    const lines: ClaimLineDto[] = input.lines.filter(isClaimLine).map((l) => ({
      reference: l.reference!,
      label: l.label ?? null,
      lot: l.lot ?? null,
      quantity_ordered: l.quantity_ordered ?? null,
      quantity_received: l.quantity_received ?? null,
      reason: l.reason ?? null,
      comment: l.comment ?? null,
    }));
    return [
      input.customer_claim_number ?? null,
      input.kind ?? null,
      input.reason ?? null,
      input.comment ?? null,
      JSON.stringify(lines),
      input.packings_concerned ?? null,
      input.non_ordered_products ?? null,
      input.final_customer ?? null,
    ];
  }
}

/** A line pre-filled from a product of the delivery: received as sent until the customer says otherwise. */
function lineOfProduct(p: ClaimEvidenceDto['lines'][number]): ClaimLineDto {
  return {
    reference: p.reference,
    label: p.label,
    lot: p.lot,
    quantity_ordered: p.quantityOrdered,
    quantity_received: p.quantitySent,
    reason: null,
    comment: null,
  };
}

/** Reasons the quantities contradict are refused, draft or not (the form shows the same rule as the user types). */
function checkLines(input: ClaimInput): void {
  const problems = claimLineProblems(input.lines);
  if (Object.keys(problems).length)
    throw new AppError('validationFailed', 'a line’s reason contradicts its quantities', undefined, problems);
}

/** Spec §3: a sent claim says what it is about (kind and reason). */
function requireForSending(input: ClaimInput): void {
  const missing: Record<string, FieldErrorKey> = {};
  if (!input.kind) missing.kind = 'required';
  if (!input.reason) missing.reason = 'required';
  if (Object.keys(missing).length) throw new AppError('validationFailed', 'kind and reason are required to send', undefined, missing);
}

const numberUnknown = (number: string) =>
  new AppError('claimNumberUnknown', 'number incorrect or nonexistent', { number }, { number: 'invalidFormat' });
const notDraft = (status: string) => new AppError('claimNotDraft', 'only a draft can be changed', { status });
const alreadyCreated = (c: { uuid: string; reference: string; creator: string | null }) =>
  new AppError('claimAlreadyCreated', 'a claim was already created on this delivery', {
    uuid: c.uuid,
    reference: c.reference,
    creator: c.creator,
  });

/** A filter bound: a day's start (or the next day's, for `end`) in the caller's time zone, or the instant itself. */
function bound(value: string, timeZone: string, side: 'start' | 'end'): string {
  const at = isDay(value) ? (side === 'start' ? dayStart(value, timeZone) : dayEnd(value, timeZone)) : new Date(value);
  return (at ?? new Date(value)).toISOString();
}
