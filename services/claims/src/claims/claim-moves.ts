import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import {
  AppError,
  canMoveClaim,
  ClaimsEvents,
  claimProcessInput,
  parseBody,
  type CallerContext,
  type ClaimDto,
  type ClaimStatus,
  type ClaimStatusChangedEvent,
} from '@portal/contracts';
import { Db, rowsOf, ScopedWhere } from '@portal/db';
import { ClaimMails } from './claim-mails';
import { auditClaim, CLAIM_COLUMNS, CLAIM_SCOPE, claimNotFound, claimUuid, type ClaimMailRow } from './claim-rows';

/** The columns each move sets: when and by whom (spec §4, who and when on each step). */
const STAMP: Record<Exclude<ClaimStatus, 'draft'>, string> = {
  sent: 'sent_at = now(), sent_by = $3',
  processed: 'processed_at = now(), processed_by = $3, answer = $4, attributable = $5, notifiable = $6',
  closed: 'closed_at = now(), closed_by = $3',
};

/**
 * The moves of a claim (spec §4): draft → sent (the customer) → processed (the provider's claims
 * desk: answer, attributable, notifiable) → closed (after a confirmation). Any other move answers
 * claimMoveRefused. Each move writes its event in the same transaction and mails the creator.
 */
@Injectable()
export class ClaimMoves {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(ClaimMails) private readonly mails: ClaimMails,
  ) {}

  send(ctx: CallerContext, uuid: string): Promise<ClaimDto> {
    return this.move(ctx, uuid, 'sent', [], (c) => {
      if (!c.kind || !c.reason)
        throw new AppError('validationFailed', 'kind and reason are required to send', undefined, {
          ...(c.kind ? {} : { kind: 'required' as const }),
          ...(c.reason ? {} : { reason: 'required' as const }),
        });
    });
  }

  process(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    const input = parseBody(claimProcessInput, (data as { processing?: unknown } | null)?.processing);
    return this.move(ctx, claimUuid(data), 'processed', [input.answer, input.attributable ?? false, input.notifiable ?? false]);
  }

  /** Closing is final: the screen asks for a confirmation and says so (confirm: true). */
  close(ctx: CallerContext, data: unknown): Promise<ClaimDto> {
    if ((data as { confirm?: unknown } | null)?.confirm !== true)
      throw new AppError('claimCloseNotConfirmed', 'closing a claim needs a confirmation', undefined, { confirm: 'required' });
    return this.move(ctx, claimUuid(data), 'closed', []);
  }

  private async move(
    ctx: CallerContext,
    uuid: string,
    to: Exclude<ClaimStatus, 'draft'>,
    values: unknown[],
    check?: (current: ClaimDto) => void,
  ): Promise<ClaimDto> {
    const claim = await this.db.scoped(ctx, async (em) => {
      const w = ScopedWhere.of(ctx, CLAIM_SCOPE);
      w.and(`c.uuid = ${w.param(uuid)}::uuid`);
      const [current] = rowsOf<ClaimDto>(await em.query(`SELECT ${CLAIM_COLUMNS} FROM claims c WHERE ${w} FOR UPDATE`, w.params));
      if (!current) throw claimNotFound();
      if (!canMoveClaim(current.status, to))
        throw new AppError('claimMoveRefused', `a ${current.status} claim cannot become ${to}`, { from: current.status, to });
      check?.(current);
      const [moved] = rowsOf<ClaimMailRow>(
        await em.query(
          `UPDATE claims SET status = $2, ${STAMP[to]}, updated_at = now(), updated_by = $3 WHERE uuid = $1
           RETURNING uuid, reference, status, delivery_reference, depositor_id, answer, creator_email, creator_locale, creator_timezone, creator_name`,
          [uuid, to, ctx.user?.login ?? ctx.client?.name ?? null, ...values],
        ),
      );
      await addToOutbox<ClaimStatusChangedEvent>(em, 'claims', ClaimsEvents.statusChanged, {
        uuid,
        reference: moved.reference,
        depositorId: moved.depositor_id,
        deliveryReference: moved.delivery_reference,
        from: current.status,
        to,
        kind: current.kind,
        reason: current.reason,
        by: ctx.user?.login ?? null,
        at: new Date().toISOString(),
      });
      await auditClaim(em, ctx, to, current, uuid);
      return moved;
    });
    this.outbox.kick();
    await this.mails.statusChanged(claim, ctx.user?.login ?? null);
    return this.read(ctx, uuid);
  }

  private async read(ctx: CallerContext, uuid: string): Promise<ClaimDto> {
    const w = ScopedWhere.of(ctx, CLAIM_SCOPE);
    w.and(`c.uuid = ${w.param(uuid)}::uuid`);
    const [row] = await this.db.scopedQuery<ClaimDto>(ctx, `SELECT ${CLAIM_COLUMNS} FROM claims c WHERE ${w}`, w.params);
    if (!row) throw claimNotFound();
    return row;
  }
}
