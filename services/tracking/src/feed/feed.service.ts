import { Injectable, Logger } from '@nestjs/common';
import { OutboxRelay } from '@portal/bus';
import { AppError, TRACKING_FEED_BULK_MAX, TRACKING_UPLOAD_MAX_BYTES, type CallerContext, type FeedResultDto } from '@portal/contracts';
import { inScope } from '@portal/db';
import { FileStorage } from '@portal/files';
import { parseFeedOrder, type FeedOrder } from './feed-order';
import { FeedRepository } from './feed.repository';

type StoredRef = { key: string; contentType: string; size: number };

/**
 * The warehouse feed (spec §3): upserts orders with lines, parcels, documents and status changes,
 * idempotent by depositor and reference. Each order is checked on its own: a bad one is rejected
 * with its field errors, the others go through.
 */
@Injectable()
export class FeedService {
  private readonly logger = new Logger('TrackingFeed');

  constructor(
    private readonly repository: FeedRepository,
    private readonly files: FileStorage,
    private readonly outbox: OutboxRelay,
  ) {}

  async one(ctx: CallerContext, data: unknown): Promise<FeedResultDto> {
    const result = await this.bulk(ctx, { orders: [data] });
    if (result.rejected.length) {
      const [r] = result.rejected;
      throw new AppError(
        r.key === 'objectNotFound' ? 'objectNotFound' : 'validationFailed',
        'order refused',
        { reference: r.reference },
        r.fields as never,
      );
    }
    return result;
  }

  async bulk(ctx: CallerContext, data: unknown): Promise<FeedResultDto> {
    const raw = (data as { orders?: unknown } | null)?.orders;
    if (!Array.isArray(raw)) throw new AppError('validationFailed', 'orders must be an array', undefined, { orders: 'required' });
    if (raw.length > TRACKING_FEED_BULK_MAX)
      throw new AppError('validationFailed', 'too many orders', { max: TRACKING_FEED_BULK_MAX }, { orders: 'max' });
    const result: FeedResultDto = { applied: 0, unchanged: 0, rejected: [] };
    const accepted: { index: number; order: FeedOrder }[] = [];
    raw.forEach((item, index) => {
      const parsed = parseFeedOrder(item);
      if ('error' in parsed)
        result.rejected.push({ index, reference: parsed.error.reference, key: 'validationFailed', fields: parsed.error.fields });
      else if (!inScope(ctx.scope, parsed.order.depositorId))
        result.rejected.push({ index, reference: parsed.order.reference, key: 'objectNotFound' });
      else accepted.push({ index, order: parsed.order });
    });
    const documentKeys = await this.storeDocumentContents(accepted, result);
    const refused = new Set(result.rejected.map((r) => r.index));
    for (const round of rounds(accepted.filter((a) => !refused.has(a.index)).map((a) => a.order))) {
      const { applied, unchanged } = await this.repository.apply(ctx, round, documentKeys);
      result.applied += applied;
      result.unchanged += unchanged;
    }
    if (result.applied) {
      this.outbox.kick();
      this.repository.statistics.noteWritten(result.applied);
    }
    return result;
  }

  /** Base64 contents sent with the metadata go to the file storage, checked from their bytes; a bad file refuses its order. */
  private async storeDocumentContents(
    orders: { index: number; order: FeedOrder }[],
    result: FeedResultDto,
  ): Promise<Map<FeedOrder['documents'][number], StoredRef>> {
    const keys = new Map<FeedOrder['documents'][number], StoredRef>();
    for (const { index, order } of orders) {
      for (const doc of order.documents) {
        if (!doc.contentBase64) continue;
        try {
          keys.set(
            doc,
            await this.files.put(Buffer.from(doc.contentBase64, 'base64'), {
              folder: 'tracking/documents',
              maxBytes: TRACKING_UPLOAD_MAX_BYTES,
            }),
          );
        } catch (e) {
          const key = e instanceof AppError ? e.key : 'fileWriteFailed';
          this.logger.warn(`document ${doc.name} of ${order.reference} refused: ${key}`);
          result.rejected.push({ index, reference: order.reference, key });
          break;
        }
      }
    }
    return keys;
  }
}

/** Splits a batch so that no round holds the same order twice (later messages of an order apply after earlier ones). */
function rounds(orders: FeedOrder[]): FeedOrder[][] {
  const result: FeedOrder[][] = [];
  const seen = new Map<string, number>();
  for (const o of orders) {
    const k = `${o.depositorId}|${o.reference}`;
    const r = seen.get(k) ?? 0;
    (result[r] ??= []).push(o);
    seen.set(k, r + 1);
  }
  return result;
}
