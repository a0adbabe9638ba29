import { Injectable, Logger } from '@nestjs/common';
import { BusClient } from './bus.client';
import {
  systemContext,
  TRACKING_WORDS_CACHE_MS,
  TrackingTranslationSubjects,
  trackingWordsOf,
  type TrackingTranslationDto,
  type TrackingWords,
} from '@portal/contracts';

/** After a failed read, the words known are used this long before the admin service is asked again. */
const RETRY_MS = 5000;

/**
 * The provider's tracking words (back office « Traductions du suivi ») for what a service writes for
 * people itself: the gateway's public tracking page and exports, the alerts' mails and webhooks. Asked
 * of the admin service at most every 30 s, dropped at once when the gateway forwards a change. The
 * admin service away, the last words known (else the catalogue's) are used: nothing fails for them.
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
        // Asked again in a few seconds, not at every mail or page meanwhile.
        this.until = Date.now() + RETRY_MS;
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
