import { addToOutbox } from '@portal/bus';
import { STOCK_EVENT_MOVEMENTS, StockEvents, type StockMovementRecord, type StockMovementsRecordedEvent } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** A movements row as the feed's RETURNING and the pages read it. */
export interface MovementRow {
  id: string | number;
  depositor_id: number;
  platform_id: number;
  store_code: string | null;
  reference: string;
  type: string;
  quantity: number;
  lot: string | null;
  moved_at: Date | string;
}

export const movementRecord = (r: MovementRow): StockMovementRecord => ({
  id: Number(r.id),
  depositorId: r.depositor_id,
  platformId: r.platform_id,
  storeCode: r.store_code,
  reference: r.reference,
  type: r.type,
  quantity: r.quantity,
  lot: r.lot,
  movedAt: new Date(r.moved_at).toISOString(),
});

/** The movements just recorded, as events in the same transaction (outbox), STOCK_EVENT_MOVEMENTS per event. */
export async function recordMovementEvents(em: EntityManager, rows: MovementRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += STOCK_EVENT_MOVEMENTS) {
    const movements = rows.slice(i, i + STOCK_EVENT_MOVEMENTS).map(movementRecord);
    await addToOutbox<StockMovementsRecordedEvent>(em, 'stock', StockEvents.movementsRecorded, { movements });
  }
}
