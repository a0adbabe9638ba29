import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, OutboxRelay, type AuditedRows } from '@portal/bus';
import {
  parseBody,
  trackingWordInput,
  trackingWordKey,
  type CallerContext,
  type TrackingTranslationDto,
  type TrackingWordKey,
} from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { providerScope, requireWholeReach } from '../common/changes';

const COLUMNS = `t.kind, t.code, t.locale, t.text`;
const rowKey = (k: TrackingWordKey) => `${k.kind}:${k.code}:${k.locale}`;

/** A word set or removed: the override, or text null when the catalogue's word shows again. */
export type TrackingWordAnswer = Omit<TrackingTranslationDto, 'text'> & { text: string | null };

/**
 * The provider's words for statuses and carrier events (spec §6 ADMIN_TRACKING_TRANSLATION): the
 * overrides only (the catalogue is the label tables of @portal/contracts). Shared by every
 * depositor: any signed-in user reads them, only an administrator who reaches every depositor
 * changes them, each change on the audit trail.
 */
@Injectable()
export class TrackingTranslationsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  list(ctx: CallerContext): Promise<TrackingTranslationDto[]> {
    return this.db.scopedQuery<TrackingTranslationDto>(
      providerScope(ctx),
      `SELECT ${COLUMNS} FROM tracking_translations t ORDER BY t.kind, t.code, t.locale`,
    );
  }

  /** Sets one word; an empty text goes back to the catalogue. */
  async set(ctx: CallerContext, data: unknown): Promise<TrackingWordAnswer> {
    requireWholeReach(ctx);
    const key = parseBody(trackingWordKey, data);
    const { text } = parseBody(trackingWordInput, data);
    if (!text) return this.remove(ctx, data);
    await this.write(ctx, (em) =>
      auditedWrite(em, ctx, WORD_ROWS, { ids: [rowKey(key)] }, () =>
        em.query(
          `INSERT INTO tracking_translations (kind, code, locale, text) VALUES ($1, $2, $3, $4)
           ON CONFLICT (kind, code, locale) DO UPDATE SET text = EXCLUDED.text, updated_at = now()`,
          [key.kind, key.code, key.locale, text],
        ),
      ),
    );
    return { ...key, text };
  }

  /** Removes one word's override (nothing to remove is no error: the catalogue's word shows). */
  async remove(ctx: CallerContext, data: unknown): Promise<TrackingWordAnswer> {
    requireWholeReach(ctx);
    const key = parseBody(trackingWordKey, data);
    await this.write(ctx, (em) =>
      auditedWrite(em, ctx, WORD_ROWS, { ids: [rowKey(key)] }, () =>
        em.query(`DELETE FROM tracking_translations WHERE kind = $1 AND code = $2 AND locale = $3`, [key.kind, key.code, key.locale]),
      ),
    );
    return { ...key, text: null };
  }

  private async write<T>(ctx: CallerContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.scoped(providerScope(ctx), fn);
    this.outbox.kick();
    return result;
  }
}

/** The words in the audit trail, read locked around a change (id: kind:code:locale). */
const WORD_ROWS: AuditedRows<TrackingTranslationDto> = {
  service: 'admin',
  entity: 'trackingTranslation',
  read: async (em, ids) =>
    rowsOf<TrackingTranslationDto>(
      await em.query(
        `SELECT ${COLUMNS} FROM tracking_translations t WHERE t.kind || ':' || t.code || ':' || t.locale = ANY($1::text[]) FOR UPDATE`,
        [ids.map(String)],
      ),
    ),
  subject: (t) => ({ id: rowKey(t), label: `${t.kind} ${t.code} (${t.locale})` }),
};
