import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AppError,
  StatisticsSubjects,
  systemContext,
  todayIn,
  USAGE_TIME_ZONE,
  type CallerContext,
  type UsageEntry,
} from '@portal/contracts';

/** How often a gateway hands its counts to the reports service (USAGE_FLUSH_MS, default 10 s). */
const flushEveryMs = () => Math.max(100, Number(process.env.USAGE_FLUSH_MS) || 10_000);
/** Counts kept while the reports service does not answer, at most (user-days); past it the oldest are dropped (logged). */
const MAX_PENDING = 50_000;

/** The reports service's refusal of the flush itself (a 4xx but too many requests), not its absence or failure. */
const refused = (e: unknown) => e instanceof AppError && e.status < 500 && e.key !== 'tooManyRequests';

export type UsageCount = 'signIns' | 'searches' | 'exports';

/** A depositor's user: machine clients and the provider's staff (every depositor) are not counted. */
const counted = (ctx: CallerContext) => !!ctx.user && !ctx.client && !ctx.scope.all && ctx.scope.depositorIds.length > 0;

/**
 * The portal's use as this gateway sees it (the back office's statistics, issue 36 item 6): per user
 * and provider's day, whether the user was active, and its sign-ins, searches and exports; handed
 * to the reports service every 10 s (USAGE_FLUSH_MS; and at shutdown) in one bus request that the service
 * applies once. Only depositors' users count: machine clients and the provider's staff (every
 * depositor) do not. A gateway killed loses at most its last seconds of counts.
 */
@Injectable()
export class UsageMeter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('UsageMeter');
  private pending = new Map<string, UsageEntry>();
  /** The users already said active today: a request of theirs costs a map lookup, nothing sent. */
  private activeToday = new Set<string>();
  private today = '';
  private dayAt = 0;
  /** A flush whose answer was lost is sent again with the same id (applied once). */
  private unsent: { flushId: string; entries: UsageEntry[] } | null = null;
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(private readonly bus: BusClient) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), flushEveryMs());
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** A request of the user: active today. */
  active(ctx: CallerContext): void {
    if (!counted(ctx) || this.activeToday.has(`${this.day()}|${ctx.user!.id}`)) return;
    const entry = this.entryOf(ctx);
    if (entry) this.activeToday.add(`${entry.day}|${entry.userId}`);
  }

  count(ctx: CallerContext, what: UsageCount): void {
    const entry = this.entryOf(ctx);
    if (entry) entry[what] += 1;
  }

  /** Sends what was counted; kept for the next round when the reports service does not answer. */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async send(): Promise<void> {
    if (!this.unsent && this.pending.size) {
      this.unsent = { flushId: randomUUID(), entries: [...this.pending.values()] };
      this.pending = new Map();
    }
    const flush = this.unsent;
    if (!flush) return;
    try {
      await this.bus.request(StatisticsSubjects.record, systemContext('usage-meter'), flush);
      this.unsent = null;
    } catch (e) {
      if (refused(e)) {
        // Sent again it would be refused again, and every later count would wait behind it.
        this.logger.warn(`usage counts refused by the reports service, dropped (${flush.entries.length} user-days): ${String(e)}`);
        this.unsent = null;
      } else if (flush.entries.length + this.pending.size > MAX_PENDING) {
        this.logger.warn(`usage counts dropped (${flush.entries.length} user-days): the reports service did not answer`);
        this.unsent = null;
      } else this.logger.debug(`usage counts kept for the next flush: ${String(e)}`);
    }
  }

  /** The entry of the user's day, made on its first use (depositors' users only); null for anyone else. */
  private entryOf(ctx: CallerContext): UsageEntry | null {
    if (!counted(ctx)) return null;
    const day = this.day();
    const key = `${day}|${ctx.user!.id}`;
    let entry = this.pending.get(key);
    if (!entry) {
      // An entry with nothing counted still says the user was active that day.
      entry = { day, userId: ctx.user!.id, depositorIds: [...ctx.scope.depositorIds], signIns: 0, searches: 0, exports: 0 };
      this.pending.set(key, entry);
    }
    return entry;
  }

  /** The provider's day, worked out at most once a minute: every request of a user asks it. */
  private day(): string {
    const now = Date.now();
    if (now - this.dayAt < 60_000) return this.today;
    const day = todayIn(USAGE_TIME_ZONE, new Date(now));
    this.dayAt = now;
    if (day !== this.today) {
      this.today = day;
      this.activeToday = new Set();
    }
    return day;
  }
}
