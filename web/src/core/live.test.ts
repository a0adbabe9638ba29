import { describe, expect, it, vi } from 'vitest';
import { backoffMs, LIVE_LINGER_MS, LIVE_MAX_BACKOFF_MS, LiveStream, SseParser, type LiveDeps, type LiveMessage } from './live';
import { throttle } from './liveHooks';

/** A response whose body the test writes event by event, and ends (a cut) when it wants. */
function streamingResponse(status = 200, headers: Record<string, string> = {}) {
  let push!: (text: string) => void;
  let cut!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
      cut = () => controller.close();
    },
  });
  return { response: new Response(status === 200 ? body : '{}', { status, headers }), push: (t: string) => push(t), cut: () => cut() };
}

/** Fake clock and network: timers run when the test says, each fetch answers the next prepared response. */
function harness(token: string | null = 't0k') {
  const timers: { run: () => void; ms: number }[] = [];
  const calls: RequestInit[] = [];
  const answers: Response[] = [];
  const deps: LiveDeps = {
    fetch: vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      const next = answers.shift();
      if (!next) throw new TypeError('network down');
      return next;
    }) as unknown as typeof fetch,
    token: () => token,
    setTimeout: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const i = timers.indexOf(handle as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    random: () => 0,
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const runTimers = async () => {
    for (const t of timers.splice(0)) t.run();
    await flush();
  };
  return { deps, timers, calls, answers, flush, runTimers };
}

describe('SseParser', () => {
  it('reads events split anywhere across chunks, skips comments, keeps retry', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 3000\n\n: hb\n\nid: e-1\nev')).toEqual([]);
    expect(parser.push('ent: order\ndata: {"orderId":1}\n')).toEqual([]);
    expect(parser.push('\nid: e-2\r\nevent: ready\r\ndata: {}\r\n\r\n')).toEqual([
      { id: 'e-1', event: 'order', data: '{"orderId":1}' },
      { id: 'e-2', event: 'ready', data: '{}' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });
});

describe('backoffMs', () => {
  it("doubles the server's retry at each try, up to a minute, with up to half again at random", () => {
    expect([0, 1, 2].map((a) => backoffMs(a, 3000, () => 0))).toEqual([3000, 6000, 12000]);
    expect(backoffMs(30, 3000, () => 0)).toBe(LIVE_MAX_BACKOFF_MS);
    expect(backoffMs(0, 3000, () => 1)).toBe(4500);
  });
});

describe('LiveStream, the tab’s one stream', () => {
  it('opens with the bearer token, hands events to listeners and says when it is up', async () => {
    const h = harness();
    const first = streamingResponse();
    h.answers.push(first.response);
    const live = new LiveStream(h.deps);
    const got: LiveMessage[] = [];
    const status = vi.fn();
    live.onStatus(status);
    live.subscribe((m) => got.push(m));
    live.subscribe(() => undefined);
    await h.flush();
    expect(h.deps.fetch).toHaveBeenCalledTimes(1);
    expect(h.calls[0].headers).toMatchObject({ Authorization: 'Bearer t0k', Accept: 'text/event-stream' });
    first.push(
      'retry: 1000\n\nid: a-5\nevent: ready\ndata: {}\n\nid: a-6\nevent: order\ndata: {"orderId":7,"reference":"BL7","status":90,"tracerStatus":"X"}\n\n',
    );
    await h.flush();
    expect(live.up).toBe(true);
    expect(status).toHaveBeenCalledTimes(1);
    expect(got.map((m) => [m.name, m.id])).toEqual([
      ['ready', 'a-5'],
      ['order', 'a-6'],
    ]);
    expect(got[1].data).toMatchObject({ orderId: 7, status: 90 });
  });

  it('comes back after a cut with Last-Event-ID, after a growing wait, and is down meanwhile', async () => {
    const h = harness();
    const first = streamingResponse();
    h.answers.push(first.response);
    const live = new LiveStream(h.deps);
    live.subscribe(() => undefined);
    await h.flush();
    first.push('retry: 1000\n\nid: a-9\nevent: ready\ndata: {}\n\n');
    await h.flush();
    first.cut();
    await h.flush();
    expect(live.up).toBe(false);
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    // The network is down at the next try: the wait doubles.
    await h.runTimers();
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    const second = streamingResponse();
    h.answers.push(second.response);
    await h.runTimers();
    expect(h.calls[2].headers).toMatchObject({ 'Last-Event-ID': 'a-9' });
    second.push('id: a-12\nevent: ready\ndata: {}\n\n');
    await h.flush();
    expect(live.up).toBe(true);
  });

  it('stops on a refused session (401) and waits the Retry-After of a full gateway (429)', async () => {
    const h = harness();
    h.answers.push(streamingResponse(401).response);
    const live = new LiveStream(h.deps);
    live.subscribe(() => undefined);
    await h.flush();
    expect(h.timers).toEqual([]);
    // The same token again changes nothing.
    live.sessionChanged();
    await h.flush();
    expect(h.deps.fetch).toHaveBeenCalledTimes(1);

    const full = harness();
    full.answers.push(streamingResponse(429, { 'Retry-After': '30' }).response);
    new LiveStream(full.deps).subscribe(() => undefined);
    await full.flush();
    expect(full.timers.map((t) => t.ms)).toEqual([30_000]);
  });

  it('closes a while after the last screen stopped listening, and at once on sign-out', async () => {
    const h = harness();
    const first = streamingResponse();
    h.answers.push(first.response);
    const live = new LiveStream(h.deps);
    const stop = live.subscribe(() => undefined);
    await h.flush();
    first.push('id: a-1\nevent: ready\ndata: {}\n\n');
    await h.flush();
    stop();
    expect(h.timers.map((t) => t.ms)).toEqual([LIVE_LINGER_MS]);
    await h.runTimers();
    expect(live.up).toBe(false);

    const signedOut = harness(null);
    const closed = new LiveStream(signedOut.deps);
    closed.subscribe(() => undefined);
    await signedOut.flush();
    expect(signedOut.deps.fetch).not.toHaveBeenCalled();
  });
});

describe('throttle', () => {
  it('runs at once, then once at the end of the wait for all the calls meanwhile', () => {
    let now = 0;
    const timers: (() => void)[] = [];
    const run = vi.fn();
    const call = throttle(run, 2000, {
      now: () => now,
      setTimeout: ((fn: () => void) => timers.push(fn)) as unknown as typeof setTimeout,
      clearTimeout: (() => undefined) as unknown as typeof clearTimeout,
    });
    call();
    call();
    call();
    expect(run).toHaveBeenCalledTimes(1);
    now = 2000;
    timers.shift()!();
    expect(run).toHaveBeenCalledTimes(2);
    expect(timers).toEqual([]);
  });
});
