/**
 * Generates N tracker orders into a tracking database (migrated first when it is not yet), the way
 * the demo data is made (libs/demo's shared order stream: 18 months, status timelines, parcels,
 * serials, carrier events, delivery notes, PNG PODs for a sample):
 *
 *   node dist/services/tracking/src/demo/generate.js --url=<postgres url of the tracking database>
 *     [--orders=1000000] [--files=<directory of the POD images; default DATA_DIR or ./data>]
 *
 * The database must hold no orders yet (the generator loads empty tables, building the search
 * indexes once at the end); a database that has orders is left alone and the command says so.
 * Prints orders/s. Used for the benchmark volumes (tests/bench/tracking-search.mjs: 1,000,000).
 */
import path from 'node:path';
import { Db } from '@portal/db';
import { LocalFileStorage } from '@portal/files';
import { TRACKING_MIGRATIONS } from '../migrations';
import { seedTrackingDemo } from './seed';

export interface GenerateOptions {
  url: string;
  orders: number;
  filesDir?: string;
  now?: Date;
}

export async function generateOrders(
  options: GenerateOptions,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  if (!Number.isInteger(options.orders) || options.orders < 1) throw new Error('--orders must be a positive integer');
  const db = await Db.open({ service: 'tracking', entities: [], migrations: TRACKING_MIGRATIONS, url: options.url });
  try {
    const files = new LocalFileStorage(options.filesDir);
    const result = await seedTrackingDemo(db, { scale: options.orders / 100_000, now: options.now ?? new Date() }, files);
    if (result.orders === 0) {
      log('the database already holds orders: nothing generated (use an empty tracking database)');
      return 0;
    }
    const seconds = result.ms / 1000;
    log(`${result.orders.toLocaleString('en')} orders in ${seconds.toFixed(1)} s (${Math.round(result.orders / seconds)} orders/s)`);
    return result.orders;
  } finally {
    await db.close();
  }
}

export function parseArgs(argv: string[]): GenerateOptions {
  const args = Object.fromEntries(argv.map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
  const url = args.url ?? process.env.TRACKING_DATABASE_URL;
  if (!url) throw new Error('--url=<postgres url of the tracking database> is required');
  return {
    url,
    orders: Number(args.orders ?? 1_000_000),
    filesDir: args.files ?? path.join(process.env.DATA_DIR ?? 'data', 'files'),
  };
}

if (require.main === module) {
  generateOrders(parseArgs(process.argv.slice(2))).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
