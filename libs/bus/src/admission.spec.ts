import { describe, expect, it } from '@jest/globals';
import { AppError } from '@portal/contracts';
import { Admission, laneLimits } from './admission';

/** A piece of work that ends when told to. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, work: () => done };
}

describe('Admission', () => {
  it('serves turns first come, first served, and passes the turn on even when the work fails', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 5000 });
    const order: string[] = [];
    const first = gate();
    const running = admission.run('s', undefined, async () => {
      await first.work();
      throw new Error('boom');
    });
    const later = ['b', 'c', 'd'].map((name) => admission.run('s', undefined, async () => void order.push(name)));
    first.open();
    await expect(running).rejects.toThrow('boom');
    await Promise.all(later);
    expect(order).toEqual(['b', 'c', 'd']);
    expect(admission.stats).toEqual({ admitted: 4, queued: 3, shed: 0 });
  });

  it('keeps each subject’s turns apart', async () => {
    const admission = new Admission({ concurrency: 1, queue: 0, maxWaitMs: 5000 });
    const busy = gate();
    const search = admission.run('tracking.search', undefined, busy.work);
    await expect(admission.run('stock.lines', undefined, async () => 'served')).resolves.toBe('served');
    await expect(admission.run('tracking.search', undefined, async () => 'no')).rejects.toBeInstanceOf(AppError);
    busy.open();
    await search;
  });

  it('gives a lane declared as waiting outside (a carrier’s answer) its own, larger limits', async () => {
    laneLimits('huby.test.carrier-call', { concurrency: 3 });
    const admission = new Admission({ concurrency: 1, queue: 0, maxWaitMs: 5000 });
    const carrier = gate();
    const calls = [1, 2, 3].map(() => admission.run('huby.test.carrier-call', undefined, carrier.work));
    await expect(admission.run('huby.test.carrier-call', undefined, async () => 'no')).rejects.toBeInstanceOf(AppError);
    const busy = gate();
    const other = admission.run('huby.test.other', undefined, busy.work);
    await expect(admission.run('huby.test.other', undefined, async () => 'no')).rejects.toBeInstanceOf(AppError);
    carrier.open();
    busy.open();
    await Promise.all([...calls, other]);
  });

  it('sheds at once a request whose caller gives up before any turn could help', async () => {
    const admission = new Admission({ concurrency: 1, queue: 10, maxWaitMs: 5000 });
    const busy = gate();
    const running = admission.run('s', undefined, busy.work);
    const started = Date.now();
    await expect(admission.run('s', 30, async () => 'late')).rejects.toMatchObject({
      key: 'serverUnavailable',
      params: { retryAfter: 1 },
    });
    expect(Date.now() - started).toBeLessThan(100);
    // A caller with time left waits for the turn and gets it.
    const patient = admission.run('s', 5000, async () => 'served');
    busy.open();
    await running;
    await expect(patient).resolves.toBe('served');
  });
});
