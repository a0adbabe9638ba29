import { Logger } from '@nestjs/common';
import { CatchUpWhenEmpty } from './catch-up';

/** A projection whose run copies what the owner holds when the run starts, one page at a time. */
class Copy extends CatchUpWhenEmpty<number> {
  protected readonly logger = new Logger('test');
  owner: number[] = [];
  copied: number[] = [];
  runs = 0;
  gate?: Promise<void>;
  empty = true;
  failures = 0;

  protected async isEmpty(): Promise<boolean> {
    if (this.failures-- > 0) throw new Error('not yet');
    return this.empty;
  }

  protected async catchUp(): Promise<number> {
    this.runs++;
    const snapshot = [...this.owner];
    await this.gate;
    this.copied = snapshot;
    return snapshot.length;
  }
}

describe('CatchUpWhenEmpty', () => {
  it('a run asked during a run starts after it and reads what was written meanwhile', async () => {
    const p = new Copy();
    let open!: () => void;
    p.gate = new Promise((r) => (open = r));
    p.owner = [1, 2];
    const first = p.run();
    p.owner = [1, 2, 3, 4];
    const second = p.run();
    const third = p.run();
    open();
    expect(await first).toBe(2);
    expect(await second).toBe(4);
    expect(await third).toBe(4);
    expect(p.runs).toBe(2);
    expect(p.copied).toEqual([1, 2, 3, 4]);
  });

  it('a failed run does not stop the next one', async () => {
    const p = new Copy();
    let fail!: (e: Error) => void;
    p.gate = new Promise((_, reject) => (fail = reject));
    const first = p.run();
    const second = p.run();
    p.gate = undefined;
    p.owner = [7];
    fail(new Error('bus down'));
    await expect(first).rejects.toThrow('bus down');
    expect(await second).toBe(1);
    expect(p.runs).toBe(2);
  });

  it('catches up at start only when empty, retrying while the database does not answer', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const p = new Copy();
    p.failures = 2;
    p.owner = [5];
    await p.ifEmpty(5, 1);
    expect(p.copied).toEqual([5]);
    const full = new Copy();
    full.empty = false;
    await full.ifEmpty(5, 1);
    expect(full.runs).toBe(0);
  });

  it('stops retrying once shut down', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const p = new Copy();
    p.failures = 100;
    p.beforeApplicationShutdown();
    await p.ifEmpty(5, 1);
    expect(p.runs).toBe(0);
  });
});
