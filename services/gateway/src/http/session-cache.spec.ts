import type { BusTransport } from '@portal/bus';
import { EMPTY_SCOPE, EventTypes, type DomainEvent } from '@portal/contracts';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';
import type { ResolvedSession } from './session-resolver';

const session = (uuid: string, sessionId: string): ResolvedSession => ({
  user: { id: 1, uuid, login: uuid, sessionId },
  roles: [],
  scope: EMPTY_SCOPE,
  adminReach: EMPTY_SCOPE,
  locale: 'fr_FR',
  timezone: 'Europe/Paris',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inAnHour = () => Date.now() + 3_600_000;

/** A cache listening on a fake bus; `publish` delivers an auth event to it. */
async function cacheOnBus(Cache: typeof SessionCache = SessionCache) {
  let handler: ((event: DomainEvent) => Promise<void>) | undefined;
  const transport = { listen: async (_types: string[], h: typeof handler) => void (handler = h) } as unknown as BusTransport;
  const cache = new Cache(transport);
  await cache.onModuleInit();
  const publish = (type: string, payload: object) => handler!({ id: 'e', type, occurredAt: '', source: 'auth', payload });
  return { cache, publish };
}

describe('SessionCache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('remembers a session until the token expires, never past it', async () => {
    const { cache } = await cacheOnBus();
    cache.set('short', session('u1', 's1'), Date.now() + 40);
    cache.set('gone', session('u1', 's1'), Date.now() - 1);
    expect(cache.get('short')?.user.sessionId).toBe('s1');
    expect(cache.get('gone')).toBeUndefined();
    await sleep(60);
    expect(cache.get('short')).toBeUndefined();
  });

  it('trusts a token SESSION_CACHE_MS at most, however long the token lives', async () => {
    const { cache } = await cacheOnBus();
    cache.set('t', session('u1', 's1'), inAnHour());
    const start = performance.now();
    const clock = jest.spyOn(performance, 'now').mockReturnValue(start + SESSION_CACHE_MS - 100);
    await sleep(5); // lru-cache keeps its last reading of the clock for 1 ms
    expect(cache.get('t')).toBeDefined();
    clock.mockReturnValue(start + SESSION_CACHE_MS + 100);
    await sleep(5);
    expect(cache.get('t')).toBeUndefined();
  });

  it('forgets at once the tokens of a revoked session or user, here or from another gateway', async () => {
    const { cache, publish } = await cacheOnBus();
    cache.set('alice-1', session('alice', 'a1'), inAnHour());
    cache.set('alice-2', session('alice', 'a2'), inAnHour());
    cache.set('bob-1', session('bob', 'b1'), inAnHour());
    cache.forgetSession('a1');
    expect([cache.get('alice-1'), cache.get('alice-2')?.user.sessionId]).toEqual([undefined, 'a2']);
    await publish(EventTypes.userContextChanged, { userUuid: 'alice' });
    expect(cache.get('alice-2')).toBeUndefined();
    await publish(EventTypes.userSessionsRevoked, { sessionId: 'b1' });
    expect(cache.get('bob-1')).toBeUndefined();
  });

  it('does not take back a session revoked while a request resolving it was in flight', async () => {
    const { cache } = await cacheOnBus();
    // A request resolved the token before the logout; its answer comes after it.
    cache.forgetSession('s1');
    cache.set('late', session('u1', 's1'), inAnHour());
    expect(cache.get('late')).toBeUndefined();
    cache.forgetUser('u2');
    cache.set('late-user', session('u2', 's2'), inAnHour());
    expect(cache.get('late-user')).toBeUndefined();
    // Another session of another user is remembered as usual.
    cache.set('other', session('u3', 's3'), inAnHour());
    expect(cache.get('other')?.user.sessionId).toBe('s3');
  });

  it('holds 50,000 tokens at most, dropping the least recently used', async () => {
    const { cache } = await cacheOnBus();
    const until = inAnHour();
    for (let i = 0; i < 50_000; i++) cache.set(`t${i}`, session('u', `s${i}`), until);
    expect(cache.get('t0')).toBeDefined();
    cache.set('one more', session('u', 'x'), until);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t0')).toBeDefined();
    expect(cache.get('one more')).toBeDefined();
  });

  it('remembers nothing when SESSION_CACHE_MS is 0', async () => {
    jest.replaceProperty(process, 'env', { ...process.env, SESSION_CACHE_MS: '0' });
    let Cache = SessionCache;
    jest.isolateModules(() => {
      Cache = (require('./session-cache') as typeof import('./session-cache')).SessionCache;
    });
    const { cache } = await cacheOnBus(Cache);
    cache.set('t', session('u1', 's1'), inAnHour());
    expect(cache.get('t')).toBeUndefined();
  });
});
