import { depositorScope, FULL_SCOPE, type CallerContext, type StockSnapshotLineInput } from '@portal/contracts';

/** A warehouse system's API key context: bound to these depositors (or all) and platforms. */
export function warehouse(depositorIds: number[] | 'all', platformIds: number[] = []): CallerContext {
  return {
    requestId: `wms-${Math.random()}`,
    client: { id: 1, name: 'WMS (test)', kind: 'warehouse', platformIds },
    roles: [],
    scope: depositorIds === 'all' ? FULL_SCOPE : depositorScope(depositorIds),
    locale: 'fr_FR',
    timezone: 'Europe/Paris',
  };
}

/** A valid snapshot line. */
export function line(reference: string, extra: Partial<StockSnapshotLineInput> = {}): StockSnapshotLineInput {
  return { reference, quantityInStock: 10, quantityAvailable: 10, ...extra };
}
