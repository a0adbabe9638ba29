import { describe, expect, it } from 'vitest';
import { saveQueue } from './saveQueue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('saveQueue', () => {
  it('sends a save only once the previous one is answered, and marks only the last one latest', async () => {
    const queue = saveQueue();
    const started: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    const a = queue.run(() => (started.push('move'), first.promise));
    const b = queue.run(() => (started.push('resize'), second.promise));
    await tick();
    expect(started).toEqual(['move']);
    first.resolve('moved');
    expect(await a.done).toBe('moved');
    await tick();
    expect(started).toEqual(['move', 'resize']);
    expect(a.latest()).toBe(false);
    expect(b.latest()).toBe(true);
    second.resolve('resized');
    expect(await b.done).toBe('resized');
  });

  it('goes on after a failed save: the next one is still sent', async () => {
    const queue = saveQueue();
    const a = queue.run(() => Promise.reject(new Error('serverUnavailable')));
    const b = queue.run(() => Promise.resolve('saved'));
    await expect(a.done).rejects.toThrow('serverUnavailable');
    expect(await b.done).toBe('saved');
    expect(b.latest()).toBe(true);
  });
});
