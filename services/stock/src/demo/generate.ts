/**
 * Benchmark volumes for the stock service, generated in SQL (INSERT ... SELECT FROM generate_series)
 * into an existing stock database (migrated here when it is not yet):
 *
 *   node dist/services/stock/src/demo/generate.js --url=<postgres url of the stock database>
 *     [--lines=100000] [--movements=5000000] [--depositors=3] [--references=2000] [--months=12]
 *     [--chunk=500000] [--replace] [--keep-indexes]
 *
 * Per depositor: `references` item sheets (references `G<depositor><FAM>-<n>`, EAN-13 barcodes, four
 * packing levels), stock lines spread over the depositor's platforms with lots, best-before and entry
 * dates, and movements over the last `months` months in time order (business hours), a few references
 * much busier than the rest, exits drawing on lots received up to two months earlier. Generated rows are
 * recognisable (references `G…`, movement WMS ids `GEN-…`): `--replace` deletes them first, otherwise
 * a database that already holds them is left alone. Movement indexes other than the primary key are
 * dropped during a big load and rebuilt (same definitions) in the same transaction. Ends with
 * VACUUM (ANALYZE). Prints rows/s per step.
 */
import { Client } from 'pg';
import { Db } from '@portal/db';
import { CreateStock1764100000000 } from '../migrations/1764100000000-CreateStock';

export interface GenerateOptions {
  url: string;
  lines: number;
  movements: number;
  depositors: number;
  references: number;
  months: number;
  chunk: number;
  replace: boolean;
  keepIndexes: boolean;
  log?: (line: string) => void;
}

export interface GenerateResult {
  items: number;
  lines: number;
  movements: number;
  ms: number;
}

/** The demo sectors (libs/demo catalogue): families and platforms, reused round-robin beyond 3 depositors. */
const SECTORS = [
  {
    code: 'DEMO-A',
    families: ['SOIN', 'PARFUM', 'MAQUILLAGE'],
    family2: ['VISAGE', 'EAU-DE-PARFUM', 'TEINT'],
    platforms: [1, 8, 16],
    lot: true,
    months: 30,
  },
  {
    code: 'DEMO-B',
    families: ['FROID', 'AMBIANT', 'DISPOSITIF'],
    family2: ['VACCIN', 'ANTALGIQUE', 'PANSEMENT'],
    platforms: [12, 10],
    lot: true,
    months: 24,
  },
  {
    code: 'DEMO-C',
    families: ['AUDIO', 'INFORMATIQUE', 'ENERGIE'],
    family2: ['CASQUE', 'PORTABLE', 'BATTERIE'],
    platforms: [5, 14],
    lot: false,
    months: null,
  },
];

const DEFAULTS = { lines: 100_000, movements: 5_000_000, depositors: 3, references: 2000, months: 12, chunk: 500_000 };

export function parseArgs(argv: string[]): GenerateOptions {
  const args = Object.fromEntries(argv.map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
  const int = (key: keyof typeof DEFAULTS, min: number) => {
    const value = args[key] === undefined ? DEFAULTS[key] : Number(String(args[key]).replace(/_/g, ''));
    if (!Number.isInteger(value) || value < min) throw new Error(`--${key} must be an integer >= ${min}`);
    return value;
  };
  const url = args.url ?? process.env.STOCK_DATABASE_URL;
  if (!url) throw new Error('--url=<postgres url of the stock database> is required');
  return {
    url,
    lines: int('lines', 0),
    movements: int('movements', 0),
    depositors: int('depositors', 1),
    references: int('references', 1),
    months: int('months', 1),
    chunk: int('chunk', 1000),
    replace: args.replace === 'true',
    keepIndexes: args['keep-indexes'] === 'true',
  };
}

const rate = (rows: number, ms: number) => `${Math.round(rows / Math.max(ms / 1000, 0.001)).toLocaleString('en')} rows/s`;

export async function generate(o: GenerateOptions): Promise<GenerateResult> {
  const log = o.log ?? ((line: string) => process.stdout.write(`[generate] ${line}\n`));
  const started = Date.now();
  // Creates and migrates the database when needed (what the service does at start), then lets it go.
  const db = await Db.open({ service: 'stock', entities: [], migrations: [CreateStock1764100000000], url: o.url, poolSize: 1 });
  await db.close();

  const client = new Client({ connectionString: o.url, application_name: 'stock-generate' });
  await client.connect();
  const step = async (label: string, rows: () => Promise<number>) => {
    const t = Date.now();
    const n = await rows();
    log(`${label}: ${n.toLocaleString('en')} rows in ${((Date.now() - t) / 1000).toFixed(1)} s (${rate(n, Date.now() - t)})`);
    return n;
  };
  try {
    // A full scope for row-level security (a superuser bypasses it anyway), bulk-friendly settings.
    await client.query(`SELECT set_config('portal.scope_all', 'on', false), set_config('synchronous_commit', 'off', false),
      set_config('work_mem', '64MB', false), set_config('maintenance_work_mem', '512MB', false), setseed(0.2026)`);
    const [{ n: existing }] = (await client.query(`SELECT count(*)::int AS n FROM items WHERE reference LIKE 'G%'`)).rows;
    if (existing > 0 && !o.replace) {
      log(`generated data already present (${existing} items G…): nothing done; --replace regenerates it`);
      return { items: 0, lines: 0, movements: 0, ms: Date.now() - started };
    }
    if (existing > 0) {
      await step(
        'deleted generated movements',
        async () => (await client.query(`DELETE FROM movements WHERE wms_id LIKE 'GEN-%'`)).rowCount ?? 0,
      );
      await step(
        'deleted generated stock lines',
        async () => (await client.query(`DELETE FROM stock_lines WHERE reference LIKE 'G%'`)).rowCount ?? 0,
      );
      await step('deleted generated items', async () => (await client.query(`DELETE FROM items WHERE reference LIKE 'G%'`)).rowCount ?? 0);
    }

    const sectors = Array.from({ length: o.depositors }, (_, i) => ({ id: i + 1, ...SECTORS[i % SECTORS.length] }));
    await client.query(`INSERT INTO depositors (id, code) SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT (id) DO NOTHING`, [
      sectors.map((s) => s.id),
      sectors.map((s) => (s.id <= SECTORS.length ? s.code : `GEN-${s.id}`)),
    ]);
    // The reference catalogue: one row per depositor and reference, kept for the session.
    await client.query(`CREATE TEMP TABLE gen_sector (depositor_id int PRIMARY KEY, code text, families text[], family2 text[],
      platforms int[], lot boolean, months int)`);
    await client.query(
      `INSERT INTO gen_sector SELECT s.id, d.code, s.families, s.family2, s.platforms, s.lot, s.months
         FROM jsonb_to_recordset($1::jsonb) AS s(id int, families text[], family2 text[], platforms int[], lot boolean, months int)
         JOIN depositors d ON d.id = s.id`,
      [JSON.stringify(sectors)],
    );
    await client.query(`CREATE TEMP TABLE gen_ref AS
      SELECT s.depositor_id, n, s.code, s.lot, s.months, s.platforms,
             s.families[1 + n % 3] AS family1, s.family2[1 + n % 3] AS family2,
             'G' || s.depositor_id || left(s.families[1 + n % 3], 3) || '-' || lpad(n::text, 5, '0') AS reference,
             (ARRAY['Crème', 'Sérum', 'Coffret', 'Flacon', 'Étui', 'Recharge', 'Kit'])[1 + (n * 5 + s.depositor_id) % 7] || ' ' ||
               (ARRAY['30 ml', '50 ml', '100 ml', 'lot de 3', 'format voyage', 'noir', 'blanc', 'édition 2026'])[1 + (n * 13) % 8] || ' n°' || n AS label,
             body || ((10 - (
               (substr(body, 1, 1)::int + substr(body, 3, 1)::int + substr(body, 5, 1)::int + substr(body, 7, 1)::int
                + substr(body, 9, 1)::int + substr(body, 11, 1)::int)
               + 3 * (substr(body, 2, 1)::int + substr(body, 4, 1)::int + substr(body, 6, 1)::int + substr(body, 8, 1)::int
                + substr(body, 10, 1)::int + substr(body, 12, 1)::int)) % 10) % 10)::text AS barcode,
             (ARRAY[1, 6, 10, 12, 24])[1 + (n * 3) % 5] AS per_box, (ARRAY[4, 6, 8])[1 + n % 3] AS per_carton,
             round((2 + random() ^ 2 * 150)::numeric, 2) AS unit_price
        FROM gen_sector s, generate_series(1, ${o.references}) AS n,
             LATERAL (SELECT '38' || lpad(s.depositor_id::text, 2, '0') || lpad(n::text, 8, '0') AS body) b`);
    await client.query(`CREATE UNIQUE INDEX ON gen_ref (depositor_id, n)`);
    await client.query(`ANALYZE gen_ref`);

    const items = await step('items', async () => {
      const r =
        await client.query(`INSERT INTO items (depositor_id, depositor_code, reference, label, barcode, family1, family2, new_product,
          lot_required_on_entry, lot_control_on_exit, best_before_required, best_before_months)
        SELECT depositor_id, code, reference, label, barcode, family1, family2, n > ${o.references} - 25, lot, lot, months IS NOT NULL, months
          FROM gen_ref ORDER BY depositor_id, n`);
      await client.query(`INSERT INTO item_variants (item_id, depositor_id, kind, enabled, label, barcode, quantity, length_cm, width_cm, height_cm, weight_kg)
        SELECT i.id, i.depositor_id, v.kind, true, v.kind || ' ×' || v.q, v.barcode, v.q, v.l, v.w, v.h, round(0.2 * v.q + v.tare, 3)
          FROM gen_ref g JOIN items i ON i.depositor_id = g.depositor_id AND i.reference = g.reference,
          LATERAL (VALUES ('unit', 1, g.barcode, 8, 5, 12, 0),
                          ('box', g.per_box, '1' || g.barcode, 20, 15, 14, 0.1),
                          ('carton', g.per_box * g.per_carton, '2' || g.barcode, 40, 30, 30, 0.5),
                          ('pallet', g.per_box * g.per_carton * 40, NULL, 120, 80, 150, 25)) AS v(kind, q, barcode, l, w, h, tare)`);
      return r.rowCount ?? 0;
    });

    // Stock lines: line i is depositor 1 + i % D, reference 1 + (i / D) % R, spread over the depositor's
    // platforms and lots (so every reference has lines/(D*R) lots), entry within the last 200 days.
    const lines = await step('stock lines', async () => {
      const d = o.depositors;
      const r = await client.query(`INSERT INTO stock_lines (depositor_id, depositor_code, platform_id, item_id, reference, label, barcode,
          quality_lock, family, box_quantity, pallet_quantity, packaging_quantity, storage_unit, lot, best_before, customer_unit, entry_date,
          unit_price, stock_value, quantity_in_stock, quantity_reserved, quantity_blocked, quantity_available, quantity_cross_dock, blocking_code)
        SELECT g.depositor_id, g.code, g.platforms[1 + (x.i / (${d} * ${o.references})) % cardinality(g.platforms)], i.id, g.reference,
               g.label, g.barcode, x.code IN ('BQ', 'CQ'), g.family1, g.per_box, g.per_box * g.per_carton * 40, g.per_box * g.per_carton,
               'UN', CASE WHEN g.lot THEN 'L' || to_char(x.entry, 'IYIW') || chr(65 + x.i % 6) || (10 + x.i % 90) END,
               CASE WHEN g.months IS NOT NULL THEN x.entry + (CASE WHEN x.i % 13 = 0 THEN 210 ELSE g.months * 30 END) END,
               'UN', x.entry, g.unit_price, round(g.unit_price * x.qty, 2), x.qty,
               CASE WHEN x.code = 'NO' THEN x.qty / 10 ELSE 0 END, CASE WHEN x.code = 'NO' THEN 0 ELSE x.qty END,
               CASE WHEN x.code = 'NO' THEN x.qty - x.qty / 10 ELSE 0 END, CASE WHEN x.i % 17 = 0 THEN g.per_box ELSE 0 END, x.code
          FROM (SELECT i, current_date - (5 + floor(random() * 200))::int AS entry, (1 + floor(random() * 400))::int AS qty,
                       CASE WHEN random() < 0.93 THEN 'NO' ELSE (ARRAY['BQ', 'AC', 'CQ', 'BL'])[1 + floor(random() * 4)::int] END AS code
                  FROM generate_series(0, ${o.lines} - 1) AS i) x
          JOIN gen_ref g ON g.depositor_id = 1 + x.i % ${d} AND g.n = 1 + (x.i / ${d}) % ${o.references}
          LEFT JOIN items i ON i.depositor_id = g.depositor_id AND i.reference = g.reference`);
      return r.rowCount ?? 0;
    });

    let movements = 0;
    if (o.movements > 0) movements = await insertMovements(client, o, log);

    await step('vacuum analyze', async () => {
      for (const table of ['items', 'item_variants', 'stock_lines', 'movements', 'depositors'])
        await client.query(`VACUUM (ANALYZE) ${table}`);
      return items + lines + movements;
    });
    const ms = Date.now() - started;
    log(
      `done: ${items} items, ${lines} stock lines, ${movements} movements in ${(ms / 1000).toFixed(1)} s (${rate(items + lines + movements, ms)} overall)`,
    );
    return { items, lines, movements, ms };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Movements in time order over the last `months` months: movement n happens at a fraction n/N of the
 * period (business hours 06:00-20:00), depositor 1 the busiest, references skewed (random()^2: the
 * first tenth of the catalogue gets about a third of the movements).
 */
async function insertMovements(client: Client, o: GenerateOptions, log: (line: string) => void): Promise<number> {
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'movements' AND indexname <> 'movements_pk'`,
    )
  ).rows;
  const dropIndexes = !o.keepIndexes && o.movements >= 200_000;
  const [{ base }] = (await client.query<{ base: string }>(`SELECT coalesce(max(id), 0)::text AS base FROM movements`)).rows;
  const days = Math.round((o.months * 365) / 12);
  await client.query('BEGIN');
  try {
    if (dropIndexes) for (const ix of indexes) await client.query(`DROP INDEX "${ix.indexname}"`);
    const t = Date.now();
    let done = 0;
    for (let lo = 0; lo < o.movements; lo += o.chunk) {
      const hi = Math.min(o.movements, lo + o.chunk) - 1;
      const r =
        await client.query(`INSERT INTO movements (depositor_id, depositor_code, wms_id, platform_id, reference, moved_at, type, quantity,
          lot, best_before, blocking_code, movement_reference, store_code, pallet)
        SELECT g.depositor_id, g.code, 'GEN-' || (${base} + x.n), g.platforms[1 + (CASE WHEN x.r1 < 0.8 THEN 0 ELSE 1 END) % cardinality(g.platforms)],
               g.reference, x.at, x.type,
               CASE x.type WHEN 'exit' THEN -(1 + floor(x.r2 * g.per_box * 4))::int WHEN 'entry' THEN (g.per_box * g.per_carton * (1 + floor(x.r2 * 20)))::int
                 WHEN 'inventory' THEN 0 WHEN 'modification' THEN (floor(x.r2 * 11) - 5)::int WHEN 'control_sampling' THEN 0
                 ELSE (g.per_box * (1 + floor(x.r2 * 10)))::int END,
               CASE WHEN g.lot THEN 'L' || to_char(x.lot_day, 'IYIW') || chr(65 + g.n % 6) || (10 + (g.n * 7) % 90) END,
               CASE WHEN g.months IS NOT NULL THEN x.lot_day + g.months * 30 END,
               CASE x.type WHEN 'lock' THEN (ARRAY['BQ', 'AC', 'CQ', 'BL'])[1 + floor(x.r2 * 4)::int] WHEN 'unlock' THEN 'NO' END,
               CASE x.type WHEN 'exit' THEN 'CMD' || lpad(((${base} + x.n) / 3)::text, 9, '0') WHEN 'entry' THEN 'REC-' || ((${base} + x.n) / 40)
                 WHEN 'inventory' THEN 'INV-' || to_char(x.at, 'YYYY-MM-DD') END,
               'MAG-' || g.depositor_id || (1 + (CASE WHEN x.r1 < 0.8 THEN 0 ELSE 1 END) % cardinality(g.platforms)),
               CASE WHEN x.type = 'entry' THEN 'PAL' || (${base} + x.n) END
          FROM (SELECT n, r1, r2, at,
                       CASE WHEN t < 0.62 THEN 'exit' WHEN t < 0.85 THEN 'entry' WHEN t < 0.93 THEN 'inventory' WHEN t < 0.96 THEN 'modification'
                            WHEN t < 0.975 THEN 'lock' WHEN t < 0.99 THEN 'unlock' ELSE 'control_sampling' END AS type,
                       (CASE WHEN t >= 0.62 AND t < 0.85 THEN at ELSE at - make_interval(days => floor(r2 * 60)::int) END)::date AS lot_day,
                       1 + floor(${o.depositors} * power(random(), 1.25))::int AS d,
                       1 + floor(${o.references} * power(random(), 2))::int AS k
                  FROM (SELECT n, random() AS r1, random() AS r2, random() AS t,
                               -- Working hours of each day, never later than now (today's last movements are not in the future).
                               LEAST(date_trunc('day', now() - interval '${days} days') + make_interval(days => floor(f)::int)
                                 + make_interval(secs => 21600 + (f - floor(f)) * 50400), now() - interval '1 minute') AS at
                          FROM (SELECT n, (n + random()) / ${o.movements}::float8 * ${days} AS f FROM generate_series(${lo}, ${hi}) AS n) s) y) x
          JOIN gen_ref g ON g.depositor_id = x.d AND g.n = x.k`);
      done += r.rowCount ?? 0;
      log(`movements: ${done.toLocaleString('en')} / ${o.movements.toLocaleString('en')} (${rate(done, Date.now() - t)})`);
    }
    if (dropIndexes) {
      for (const ix of indexes) {
        const ti = Date.now();
        await client.query(ix.indexdef);
        log(`index ${ix.indexname} rebuilt in ${((Date.now() - ti) / 1000).toFixed(1)} s`);
      }
    }
    await client.query('COMMIT');
    log(
      `movements committed: ${done.toLocaleString('en')} rows in ${((Date.now() - t) / 1000).toFixed(1)} s (${rate(done, Date.now() - t)}, indexes included)`,
    );
    return done;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

if (require.main === module) {
  generate(parseArgs(process.argv.slice(2))).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
