import type { BusTransport } from '@portal/bus';
import { EMPTY_SCOPE, EventTypes, type CallerContext, type DashboardTileDto, type DomainEvent } from '@portal/contracts';
import { DashboardTilesCache } from './tiles-cache';

const ctx = (id: number, roles: string[] = ['PGT_USER']): CallerContext => ({
  requestId: 'r',
  user: { id, uuid: `u${id}`, login: `u${id}`, sessionId: 's' },
  roles,
  scope: EMPTY_SCOPE,
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
});
const tile = (id_object: string) =>
  ({ uuid: id_object, id_object, type: 'link', width: 1, height: 1, x: 0, config: {} }) as DashboardTileDto;

/** A cache on a fake bus; `publish` delivers an auth event to it, `reads` counts the trips to auth. */
async function cacheOnBus() {
  let handler: ((event: DomainEvent) => Promise<void>) | undefined;
  const transport = { listen: async (_types: string[], h: typeof handler) => void (handler = h) } as unknown as BusTransport;
  const cache = new DashboardTilesCache(transport);
  await cache.onModuleInit();
  const publish = (payload: object) => handler!({ id: 'e', type: EventTypes.dashboardChanged, occurredAt: '', source: 'auth', payload });
  let stored = [tile('pgt')];
  let reads = 0;
  const read = async () => {
    reads++;
    return stored;
  };
  return { cache, publish, read, reads: () => reads, store: (tiles: DashboardTileDto[]) => (stored = tiles) };
}

describe('DashboardTilesCache', () => {
  it('answers a user again from memory, per set of roles', async () => {
    const b = await cacheOnBus();
    expect(await b.cache.tiles(ctx(1), b.read)).toEqual([tile('pgt')]);
    expect(await b.cache.tiles(ctx(1), b.read)).toEqual([tile('pgt')]);
    expect(b.reads()).toBe(1);
    await b.cache.tiles(ctx(1, ['PGT_USER', 'STOCK_USER']), b.read);
    await b.cache.tiles(ctx(2), b.read);
    expect(b.reads()).toBe(3);
  });

  it("forgets a user's tiles when auth says they changed, and only that user's", async () => {
    const b = await cacheOnBus();
    await b.cache.tiles(ctx(1), b.read);
    await b.cache.tiles(ctx(2), b.read);
    b.store([tile('pgt'), tile('stock')]);
    await b.publish({ userId: 1 });
    expect(await b.cache.tiles(ctx(1), b.read)).toEqual([tile('pgt'), tile('stock')]);
    expect(await b.cache.tiles(ctx(2), b.read)).toEqual([tile('pgt')]);
    expect(b.reads()).toBe(3);
    await b.publish({ userId: '1' }); // not the event's shape: ignored
    await b.cache.tiles(ctx(1), b.read);
    expect(b.reads()).toBe(3);
  });

  it('forgets after a change it carried, even a failed one (a timeout may hide a done change)', async () => {
    const b = await cacheOnBus();
    await b.cache.tiles(ctx(1), b.read);
    await expect(b.cache.changing(ctx(1), () => Promise.reject(new Error('timeout')))).rejects.toThrow('timeout');
    await b.cache.tiles(ctx(1), b.read);
    expect(b.reads()).toBe(2);
    expect(await b.cache.changing(ctx(1), async () => 'saved')).toBe('saved');
    await b.cache.tiles(ctx(1), b.read);
    expect(b.reads()).toBe(3);
  });

  it('never keeps the answer of a read that started before a change', async () => {
    const b = await cacheOnBus();
    let answer!: (tiles: DashboardTileDto[]) => void;
    const slow = () => new Promise<DashboardTileDto[]>((resolve) => (answer = resolve));
    const pending = b.cache.tiles(ctx(1), slow);
    await b.publish({ userId: 1 }); // the change lands while the read is on its way
    answer([tile('old')]);
    expect(await pending).toEqual([tile('old')]);
    expect(await b.cache.tiles(ctx(1), b.read)).toEqual([tile('pgt')]);
    expect(b.reads()).toBe(1);
  });

  it('reads through for a caller without a user', async () => {
    const b = await cacheOnBus();
    const anonymous = { ...ctx(1), user: undefined };
    await b.cache.tiles(anonymous, b.read);
    await b.cache.tiles(anonymous, b.read);
    expect(b.reads()).toBe(2);
  });
});
