// Helpers of tests/bench/stock-queries.mjs: timing, the machine line, the SQL the stock service runs for a
// list request (captured from the compiled services with a recording Db), snapshot lines.
import os from 'node:os';
import path from 'node:path';
import { percentile, timed } from './measure.mjs';
import { requireFromRoot, ROOT } from './platform.mjs';

export { percentile, timed };

export function machineLine() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `machine: ${cpus.length} x ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB (free ${(os.freemem() / 2 ** 30).toFixed(1)}), load average ${load}, Node ${process.version}`;
}

const SERVICES = {
  stock: ['stock-lines/stock.service.js', 'StockService', 'stock-lines/stock.repository.js', 'StockRepository'],
  movements: ['movements/movements.service.js', 'MovementsService', 'movements/movements.repository.js', 'MovementsRepository'],
  items: ['items/items.service.js', 'ItemsService', 'items/items.repository.js', 'ItemsRepository'],
};

/**
 * The statement and parameters the stock service sends for a list request, from its compiled service
 * and repository with a Db that records instead of querying: the bare SQL is exactly the service's.
 */
export async function captureSql(resource, ctx, request) {
  const [servicePath, serviceName, repoPath, repoName] = SERVICES[resource];
  const dir = path.join(ROOT, 'dist/services/stock/src');
  const Service = requireFromRoot(path.join(dir, servicePath))[serviceName];
  const Repository = requireFromRoot(path.join(dir, repoPath))[repoName];
  let captured;
  const record = async (sql, params) => {
    captured = { sql, params };
    return [{ total: 0, rows: [] }];
  };
  // Lists are one statement sent with the scope settings (scopedQuery); `scoped` for older paths.
  const db = { scopedQuery: async (_ctx, sql, params) => record(sql, params), scoped: async (_ctx, fn) => fn({ query: record }) };
  await new Service(new Repository(db)).list(ctx, request);
  if (!captured) throw new Error(`no SQL captured for ${resource}`);
  return captured;
}

/** A warehouse snapshot of `count` lines over the depositor's references: several lots per reference. */
export function snapshotLines(refs, count) {
  const today = new Date();
  return Array.from({ length: count }, (_, i) => {
    const ref = refs[i % refs.length];
    const entry = new Date(today.getTime() - (5 + (i % 200)) * 86_400_000).toISOString().slice(0, 10);
    const qty = 1 + ((i * 37) % 400);
    const blocked = i % 19 === 0;
    return {
      reference: ref.reference,
      label: ref.label,
      barcode: ref.barcode,
      family: ref.family,
      boxQuantity: 6,
      palletQuantity: 960,
      packagingQuantity: 24,
      storageUnit: 'UN',
      lot: `S${String(Math.floor(i / refs.length)).padStart(4, '0')}${i % 7}`,
      bestBefore: '2028-06-30',
      customerUnit: 'UN',
      entryDate: entry,
      unitPrice: 12.5 + (i % 50),
      quantityInStock: qty,
      quantityReserved: blocked ? 0 : Math.floor(qty / 10),
      quantityBlocked: blocked ? qty : 0,
      quantityAvailable: blocked ? 0 : qty - Math.floor(qty / 10),
      quantityCrossDock: 0,
      blockingCode: blocked ? 'BQ' : 'NO',
    };
  });
}
