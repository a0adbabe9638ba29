import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { BUS_TRANSPORT, type BusTransport } from '@portal/bus';
import { EventTypes, type CallerContext, type DashboardTileDto, type DomainEvent } from '@portal/contracts';
import { LRUCache } from 'lru-cache';

export const DASHBOARD_CACHE_MS = Number(process.env.DASHBOARD_CACHE_MS ?? 30_000);
const MAX_ENTRIES = 50_000;

interface Entry {
  tiles: DashboardTileDto[];
  /** The cache's clock when the read that produced it started. */
  asked: number;
}

/**
 * The tiles of a user's current dashboard profile as auth listed them, remembered by this gateway:
 * the dashboard is read on every home page, changed rarely. Auth publishes `auth.dashboard.changed`
 * in the transaction of every change of a user's tiles or current profile; every gateway forgets the
 * user's entries when it hears it, and the gateway that carried the change forgets them as soon as
 * auth answered (so its own next read is fresh even before the event). A read that started before a
 * change never stores its answer after it; the time limit only bounds an event missed while the bus
 * was away. The list depends on the roles too (tiles of what the caller can no longer open are left
 * out), so entries are per user and set of roles.
 */
@Injectable()
export class DashboardTilesCache implements OnModuleInit {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: Math.max(DASHBOARD_CACHE_MS, 1) });
  /** When each user's tiles last changed, on the cache's clock; kept longer than any entry lives. */
  private readonly changed = new LRUCache<number, number>({ max: MAX_ENTRIES * 2, ttl: Math.max(DASHBOARD_CACHE_MS, 1) * 2 });
  private clock = 0;

  constructor(@Inject(BUS_TRANSPORT) private readonly transport: BusTransport) {}

  async onModuleInit(): Promise<void> {
    await this.transport.listen([EventTypes.dashboardChanged], async (event: DomainEvent) => {
      const { userId } = event.payload as { userId?: unknown };
      if (typeof userId === 'number') this.forget(userId);
    });
  }

  /** The caller's tiles from the cache, else from `read`, remembered unless they changed meanwhile. */
  async tiles(ctx: CallerContext, read: () => Promise<DashboardTileDto[]>): Promise<DashboardTileDto[]> {
    const userId = ctx.user?.id;
    if (userId === undefined || DASHBOARD_CACHE_MS <= 0) return read();
    const key = `${userId}|${[...ctx.roles].sort().join(',')}`;
    const hit = this.entries.get(key);
    if (hit && hit.asked > (this.changed.get(userId) ?? -1)) return hit.tiles;
    const asked = ++this.clock;
    const tiles = await read();
    if (asked > (this.changed.get(userId) ?? -1)) this.entries.set(key, { tiles, asked });
    return tiles;
  }

  /** Runs a change of the caller's tiles or current profile and forgets their tiles, whatever its outcome (a timeout may hide a done change). */
  async changing<T>(ctx: CallerContext, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      if (ctx.user) this.forget(ctx.user.id);
    }
  }

  /** The user's entries are stale from now on, and so is any read under way. */
  forget(userId: number): void {
    this.changed.set(userId, ++this.clock);
  }
}
