import { Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AdminSubjects, EMPTY_SCOPE, systemContext, type ActivityDto, type Scope, type StoreDto } from '@portal/contracts';
import { LRUCache } from 'lru-cache';

/** How long the codes of activities and stores are trusted (the back office renames them rarely). */
const CODES_TTL_MS = Number(process.env.SCOPE_CODES_CACHE_MS ?? 60_000);

/**
 * Rows carry activity and store codes (unique per depositor), the user's scope the back office's
 * ids: this turns the ids into `<depositorId>:<code>` keys, asking the admin service once per set.
 * An id the admin service does not know gives no key, so it narrows to nothing rather than widening.
 */
@Injectable()
export class ScopeCodes {
  private readonly cache = new LRUCache<string, Promise<{ activityKeys: string[]; storeKeys: string[] }>>({
    max: 5_000,
    ttl: CODES_TTL_MS,
  });

  constructor(private readonly bus: BusClient) {}

  async withKeys(scope: Scope): Promise<Scope> {
    if (scope.all || (!scope.activityIds.length && !scope.storeIds.length)) return scope;
    const key = `${scope.depositorIds.join(',')}|${scope.activityIds.join(',')}|${scope.storeIds.join(',')}`;
    let codes = this.cache.get(key);
    if (!codes) {
      codes = this.lookup(scope);
      this.cache.set(key, codes);
      codes.catch(() => this.cache.delete(key));
    }
    return { ...scope, ...(await codes) };
  }

  private async lookup(scope: Scope): Promise<{ activityKeys: string[]; storeKeys: string[] }> {
    // A system call (no user), answered within the user's depositors only.
    const ctx = { ...systemContext('scope-codes'), scope: { ...EMPTY_SCOPE, ...scope, all: false } };
    const [activities, stores] = await Promise.all([
      scope.activityIds.length ? this.bus.request<ActivityDto[]>(AdminSubjects.activities, ctx, {}) : [],
      scope.storeIds.length ? this.bus.request<StoreDto[]>(AdminSubjects.stores, ctx, {}) : [],
    ]);
    const keys = (rows: { id: number; depositorId: number; code: string }[], ids: number[]) =>
      rows.filter((r) => ids.includes(r.id)).map((r) => `${r.depositorId}:${r.code}`);
    // Restricted, but nothing resolvable (deleted meanwhile): every depositor of the scope is
    // restricted to an empty code, which no row carries. Never wider than the ids said.
    const orNone = (list: string[], ids: number[]) => (ids.length && !list.length ? scope.depositorIds.map((d) => `${d}:`) : list);
    return {
      activityKeys: orNone(keys(activities, scope.activityIds), scope.activityIds),
      storeKeys: orNone(keys(stores, scope.storeIds), scope.storeIds),
    };
  }

  /** Forget every cached set (the back office changed an activity or a store). */
  clear(): void {
    this.cache.clear();
  }
}
