import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CLAIM_ATTACHMENT_TYPES,
  CLAIM_LIMITS,
  type CallerContext,
  type ClaimAttachmentDto,
  type DocumentFileDto,
  type StoredFileRef,
} from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import { FileStorage } from '@portal/files';
import { ClaimsService } from '../claims/claims.service';
import { claimUuid } from '../claims/claim-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A claim's attachments (spec §3: invoice, PL, photo/picture, other). The gateway has written the
 * file after checking its size (4 MB) and its type from the bytes; a refusal here makes it remove
 * the file again. The POD copies of the evidence are read-only. A closed claim takes no more.
 */
@Injectable()
export class AttachmentsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(ClaimsService) private readonly claims: ClaimsService,
    @Inject(FileStorage) private readonly files: FileStorage,
  ) {}

  async attach(ctx: CallerContext, data: unknown): Promise<ClaimAttachmentDto> {
    const m = (data ?? {}) as { type?: unknown; file?: StoredFileRef };
    const claim = await this.claims.get(ctx, data);
    if (!CLAIM_ATTACHMENT_TYPES.includes(m.type as (typeof CLAIM_ATTACHMENT_TYPES)[number]))
      throw new AppError('validationFailed', 'attachment type', undefined, { type: 'invalidFormat' });
    if (!m.file?.key) throw new AppError('missingParameter', 'no file', undefined, { file: 'required' });
    if (claim.status === 'closed')
      throw new AppError('claimMoveRefused', 'a closed claim takes no attachment', { from: 'closed', to: 'closed' });
    if ((claim.attachments ?? []).filter((a) => !a.evidence).length >= CLAIM_LIMITS.maxAttachments)
      throw new AppError('validationFailed', 'too many attachments', { max: CLAIM_LIMITS.maxAttachments }, { file: 'max' });
    const [row] = await this.db.scoped(ctx, (em) =>
      em.query<{ id: string }[]>(
        `INSERT INTO claim_attachments (claim_uuid, depositor_id, type, name, content_type, size, storage_key, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [claim.uuid, claim.depositor_id, m.type, m.file!.name, m.file!.contentType, m.file!.size, m.file!.key, ctx.user?.login ?? null],
      ),
    );
    return (await this.claims.get(ctx, { uuid: claim.uuid })).attachments!.find((a) => a.id === row.id)!;
  }

  /** What the gateway streams: an attachment of a claim the caller sees (404 otherwise). */
  async file(ctx: CallerContext, data: unknown): Promise<DocumentFileDto> {
    const { uuid, id } = this.ids(data);
    const [row] = await this.db.scopedQuery<{ key: string; name: string; content_type: string }>(
      ctx,
      `SELECT a.storage_key AS key, a.name, a.content_type FROM claim_attachments a JOIN claims c ON c.uuid = a.claim_uuid
        WHERE a.claim_uuid = $1 AND a.id = $2`,
      [uuid, id],
    );
    if (!row) throw attachmentNotFound();
    await this.claims.get(ctx, { uuid });
    return { key: row.key, name: row.name, contentType: row.content_type };
  }

  async detach(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { uuid, id } = this.ids(data);
    const claim = await this.claims.get(ctx, { uuid });
    const attachment = claim.attachments?.find((a) => a.id === id);
    if (!attachment) throw attachmentNotFound();
    if (attachment.evidence) throw new AppError('claimEvidenceReadOnly', 'the delivery’s evidence stays with the claim');
    if (claim.status === 'closed')
      throw new AppError('claimMoveRefused', 'a closed claim keeps its attachments', { from: 'closed', to: 'closed' });
    const [gone] = rowsOf<{ storage_key: string }>(
      await this.db.scoped(ctx, (em) =>
        em.query(`DELETE FROM claim_attachments WHERE id = $1 AND claim_uuid = $2 AND NOT evidence RETURNING storage_key`, [id, uuid]),
      ),
    );
    if (gone) await this.files.delete(gone.storage_key).catch(() => undefined);
    return { ok: true };
  }

  private ids(data: unknown): { uuid: string; id: string } {
    const uuid = claimUuid(data);
    const id = (data as { attachmentId?: unknown } | null)?.attachmentId;
    if (typeof id !== 'string' || !UUID.test(id)) throw attachmentNotFound();
    return { uuid, id: id.toLowerCase() };
  }
}

const attachmentNotFound = () => new AppError('objectNotFound', 'attachment not found');
