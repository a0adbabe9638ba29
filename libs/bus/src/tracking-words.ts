import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  systemContext,
  TRACKING_WORDS_CACHE_MS,
  TrackingTranslationSubjects,
  trackingWordsOf,
  type TrackingTranslationDto,
  type TrackingWords,
} from '@portal/contracts';

/**
 * The provider's tracking words for the gateway's own pages (the public tracking page): asked of
 * the admin service at most every 30 s, dropped at once when this gateway forwards a change. The
 * admin service away, the last words known (else the catalogue's) show: the page never fails for them.
 */
@Injectable()
export class TrackingWordsCache {
  private readonly logger = new Logger('TrackingWords');
  private words: TrackingWords = {};
  private until = 0;
  private pending: Promise<TrackingWords> | null = null;

  constructor(private readonly bus: BusClient) {}

  get(requestId?: string): Promise<TrackingWords> {
    if (Date.now() < this.until) return Promise.resolve(this.words);
    this.pending ??= this.bus
      .request<TrackingTranslationDto[]>(TrackingTranslationSubjects.list, systemContext(requestId), {})
      .then((list) => {
        this.words = trackingWordsOf(list);
        this.until = Date.now() + TRACKING_WORDS_CACHE_MS;
        return this.words;
      })
      .catch((e: unknown) => {
        this.logger.warn(`tracking words not read: ${e instanceof Error ? e.message : String(e)}`);
        return this.words;
      })
      .finally(() => (this.pending = null));
    return this.pending;
  }

  /** A change went through this gateway: the next page asks again. */
  drop(): void {
    this.until = 0;
  }
}
