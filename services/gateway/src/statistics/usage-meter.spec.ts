import { describe, expect, it } from '@jest/globals';
import { AppError, FULL_SCOPE, type CallerContext } from '@portal/contracts';
import { callerContext } from '@portal/testing';
import type { BusClient } from '@portal/bus';
import { isSearch } from './usage.interceptor';
import { UsageMeter } from './usage-meter';

/** A bus that records the flushes it is asked, failing while `down`. */
function fakeBus() {
  const attempts: string[] = [];
  const sent: { flushId: string; entries: { userId: number; signIns: number; searches: number; exports: number }[] }[] = [];
  const bus = {
    down: false,
    refusing: false,
    sent,
    attempts,
    request: async (_: string, __: CallerContext, data: unknown) => {
      attempts.push((data as { flushId: string }).flushId);
      if (bus.down) throw new Error('no responders');
      if (bus.refusing) throw new AppError('validationFailed', 'a usage entry is malformed', undefined, { entries: 'invalidFormat' });
      sent.push(data as (typeof sent)[number]);
      return { recorded: 1 };
    },
  };
  return bus;
}

describe('usage meter', () => {
  const alice = callerContext({ userId: 7, depositorIds: [1, 2] });

  it('says a user active once a day, and counts sign-ins, searches and exports', async () => {
    const bus = fakeBus();
    const meter = new UsageMeter(bus as unknown as BusClient);
    meter.active(alice);
    meter.active(alice);
    meter.count(alice, 'signIns');
    meter.count(alice, 'searches');
    meter.count(alice, 'searches');
    await meter.flush();
    expect(bus.sent).toHaveLength(1);
    expect(bus.sent[0].entries).toEqual([
      expect.objectContaining({ userId: 7, depositorIds: [1, 2], signIns: 1, searches: 2, exports: 0 }),
    ]);
    // Active already said today: nothing more to send.
    meter.active(alice);
    await meter.flush();
    expect(bus.sent).toHaveLength(1);
  });

  it('does not count machine clients, the provider’s staff nor users without depositors', async () => {
    const bus = fakeBus();
    const meter = new UsageMeter(bus as unknown as BusClient);
    meter.count({ ...alice, scope: FULL_SCOPE }, 'searches');
    meter.count(callerContext({ userId: 8, depositorIds: [] }), 'searches');
    meter.count({ ...alice, client: { id: 1, name: 'wms', kind: 'client', platformIds: [] } }, 'exports');
    await meter.flush();
    expect(bus.sent).toEqual([]);
  });

  it('keeps the counts while the reports service does not answer, and sends the same flush again', async () => {
    const bus = fakeBus();
    const meter = new UsageMeter(bus as unknown as BusClient);
    meter.count(alice, 'exports');
    bus.down = true;
    await meter.flush();
    meter.count(alice, 'exports');
    bus.down = false;
    await meter.flush();
    await meter.flush();
    expect(bus.sent).toHaveLength(2);
    expect(bus.sent[0].entries).toEqual([expect.objectContaining({ exports: 1 })]);
    expect(bus.sent[1].entries).toEqual([expect.objectContaining({ exports: 1 })]);
    // The flush that failed is sent again as it was (the service applies a flush id once), the later counts apart.
    expect(bus.attempts).toEqual([bus.sent[0].flushId, bus.sent[0].flushId, bus.sent[1].flushId]);
    expect(bus.sent[0].flushId).not.toBe(bus.sent[1].flushId);
  });
  it('drops a flush the reports service refuses rather than holding every later count behind it', async () => {
    const bus = fakeBus();
    const meter = new UsageMeter(bus as unknown as BusClient);
    meter.count(alice, 'exports');
    bus.refusing = true;
    await meter.flush();
    bus.refusing = false;
    meter.count(alice, 'searches');
    await meter.flush();
    expect(bus.attempts).toHaveLength(2);
    expect(bus.attempts[0]).not.toBe(bus.attempts[1]);
    expect(bus.sent).toEqual([expect.objectContaining({ entries: [expect.objectContaining({ searches: 1, exports: 0 })] })]);
  });
});

describe('a search', () => {
  it('is a first page read with a criterion', () => {
    expect(isSearch({ filter: '{"q":"CMD-1"}' })).toBe(true);
    expect(isSearch({ filter: '{"q":"CMD-1"}', range: '[0,24]' })).toBe(true);
    expect(isSearch({ filter: '{"status":[30]}' })).toBe(true);
    expect(isSearch({ q: 'x' })).toBe(true);
  });

  it('is not a next page, a list without criteria, nor a malformed filter', () => {
    expect(isSearch({ filter: '{"q":"CMD-1"}', range: '[25,49]' })).toBe(false);
    expect(isSearch({ filter: '{"q":"CMD-1"}', cursor: 'abc' })).toBe(false);
    expect(isSearch({})).toBe(false);
    expect(isSearch({ filter: '{}', sort: '["id","ASC"]', range: '[0,24]' })).toBe(false);
    expect(isSearch({ filter: '{"q":"","status":[]}' })).toBe(false);
    expect(isSearch({ filter: '{not json' })).toBe(false);
  });
});
