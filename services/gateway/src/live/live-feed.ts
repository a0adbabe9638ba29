import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { BUS_TRANSPORT, type BusTransport } from '@portal/bus';
import { factOf, LIVE_EVENT_TYPES, type LiveFact } from './live-facts';

const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** How many facts each gateway keeps for streams that come back with a Last-Event-ID (LIVE_REPLAY_EVENTS). */
export const LIVE_REPLAY_EVENTS = envNumber('LIVE_REPLAY_EVENTS', 5000);

/** Where a stream stands: an event id, the same on every gateway on the same bus (`<epoch>-<position>`). */
export interface LiveCursor {
  epoch: string;
  position: number;
}

export const cursorId = (cursor: LiveCursor): string => `${cursor.epoch}-${cursor.position}`;

/** A Last-Event-ID read back; null for anything this portal did not write. */
export function parseCursor(value: string | undefined): LiveCursor | null {
  const match = /^([a-z0-9]{1,16})-(\d{1,15})$/.exec(value?.trim() ?? '');
  return match ? { epoch: match[1], position: Number(match[2]) } : null;
}

/**
 * This gateway's copy of the events the live screens follow, heard on the bus by every gateway
 * (BusTransport.follow: JetStream's sequence numbers them alike everywhere), and the last
 * LIVE_REPLAY_EVENTS of them for streams that resume. Facts are kept unfiltered: each stream's
 * caller picks its own (live-facts viewOf).
 */
@Injectable()
export class LiveFeed implements OnModuleInit {
  private readonly logger = new Logger('LiveFeed');
  private readonly kept: LiveFact[] = [];
  private readonly listeners = new Set<(fact: LiveFact) => void>();
  private epoch = '';
  /** Every followed event after this position is in `kept` (older ones were dropped or came before this gateway). */
  private complete = 0;
  private head = 0;

  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async onModuleInit(): Promise<void> {
    const start = await this.transport.follow(LIVE_EVENT_TYPES, (event, position) => {
      const fact = factOf(event, position);
      this.head = Math.max(this.head, position);
      if (fact) this.keep(fact);
    });
    this.epoch = start.epoch;
    this.complete = this.head = Math.max(this.head, start.from);
  }

  /** Where the feed stands now: what a fresh stream (or a reset one) resumes from. */
  cursor(): LiveCursor {
    return { epoch: this.epoch, position: this.head };
  }

  /** The facts after `cursor`, oldest first; null when some may be missing (too old, another bus): the client reads its screens again. */
  since(cursor: LiveCursor): LiveFact[] | null {
    if (cursor.epoch !== this.epoch || cursor.position < this.complete) return null;
    // A cursor ahead of this gateway (set by a quicker one) has nothing to replay: the facts come live.
    let first = this.kept.length;
    while (first > 0 && this.kept[first - 1].position > cursor.position) first--;
    return this.kept.slice(first);
  }

  subscribe(listener: (fact: LiveFact) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private keep(fact: LiveFact): void {
    this.kept.push(fact);
    if (this.kept.length > LIVE_REPLAY_EVENTS) this.complete = this.kept.shift()!.position;
    for (const listener of this.listeners) {
      try {
        listener(fact);
      } catch (e) {
        this.logger.warn(`live stream: ${String(e)}`);
      }
    }
  }
}
