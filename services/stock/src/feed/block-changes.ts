import type { StockLineBlockChangedEvent } from '@portal/contracts';

/** A stock line's blocked quantity, summed over the snapshot's lines of the same reference, lot and store. */
export interface BlockedLine {
  reference: string;
  lot: string | null;
  storeCode: string | null;
  quantityBlocked: number;
  blockingCode: string;
}

const keyOf = (l: Pick<BlockedLine, 'reference' | 'lot' | 'storeCode'>) =>
  JSON.stringify([l.reference, l.lot ?? null, l.storeCode ?? null]);

/** Sums the blocked quantity of each (reference, lot, store); the blocking code of a blocked line is kept. */
export function blockedByLine(lines: BlockedLine[]): Map<string, BlockedLine> {
  const byLine = new Map<string, BlockedLine>();
  for (const l of lines) {
    const key = keyOf(l);
    const known = byLine.get(key);
    const quantity = Math.max(0, l.quantityBlocked || 0);
    if (!known) byLine.set(key, { ...l, lot: l.lot ?? null, storeCode: l.storeCode ?? null, quantityBlocked: quantity });
    else {
      known.quantityBlocked += quantity;
      if (quantity > 0) known.blockingCode = l.blockingCode;
    }
  }
  return byLine;
}

/**
 * The lines whose blocked quantity went from 0 (or absent) to more, or from more to 0 (or gone), between
 * two snapshots of one depositor and platform. A line blocked before and after, whatever the quantity, tells nothing.
 */
export function blockChanges(
  before: BlockedLine[],
  after: BlockedLine[],
  where: Pick<StockLineBlockChangedEvent, 'depositorId' | 'depositorCode' | 'platformId' | 'at'>,
): StockLineBlockChangedEvent[] {
  const was = blockedByLine(before);
  const is = blockedByLine(after);
  const changes: StockLineBlockChangedEvent[] = [];
  for (const [key, line] of is) {
    if (line.quantityBlocked > 0 && !((was.get(key)?.quantityBlocked ?? 0) > 0)) changes.push({ ...where, ...line, blocked: true });
  }
  for (const [key, line] of was) {
    if (line.quantityBlocked > 0 && !((is.get(key)?.quantityBlocked ?? 0) > 0))
      changes.push({ ...where, ...line, blocked: false, quantityBlocked: 0, blockingCode: is.get(key)?.blockingCode ?? line.blockingCode });
  }
  return changes;
}
