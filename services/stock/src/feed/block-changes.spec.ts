import { blockChanges } from './block-changes';

describe('stock line block changes between two snapshots', () => {
  const where = { depositorId: 1, depositorCode: 'DEMO-A', platformId: 5, at: '2026-12-04T10:00:00.000Z' };
  const l = (reference: string, quantityBlocked: number, lot: string | null = null, blockingCode = quantityBlocked ? 'BL' : 'NO') => ({
    reference,
    lot,
    storeCode: null,
    quantityBlocked,
    blockingCode,
  });

  it('tells 0 → more and more → 0 (or gone), summed over the lines of one reference, lot and store; nothing else', () => {
    const changes = blockChanges(
      [l('A', 2), l('B', 1), l('C', 5), l('E', 1, 'L1')],
      [l('A', 0), l('C', 3), l('D', 4), l('E', 0, 'L1'), l('E', 2, 'L1')],
      where,
    );
    expect(changes.map((c) => [c.reference, c.blocked, c.quantityBlocked])).toEqual([
      ['D', true, 4],
      ['A', false, 0],
      ['B', false, 0],
    ]);
    expect(changes[0]).toMatchObject({ ...where, blockingCode: 'BL', lot: null, storeCode: null });
    // Another lot is another line.
    expect(blockChanges([l('F', 1, 'L1')], [l('F', 1, 'L2')], where).map((c) => [c.lot, c.blocked])).toEqual([
      ['L2', true],
      ['L1', false],
    ]);
  });
});
