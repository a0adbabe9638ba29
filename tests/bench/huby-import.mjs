// Huby order import (issue 13): simulation of a 10,000-line and a 100,000-line CSV file through the
// gateway (raw upload, streamed parse, codes resolved, lines stored), from the first byte sent to the
// simulation done; the portal process's resident memory sampled every 50 ms meanwhile (peak above the
// level before the upload). Targets: <= 3 s and <= 30 s, memory flat as the file grows.
// Prints figures next to the targets; never fails on them.
//
// Usage: npm run build:server && node tests/bench/huby-import.mjs [--lines=10000,100000]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliArgs } from './support/measure.mjs';
import { runBench } from './support/measure.mjs';
import {
  benchLifecycle,
  dropDatabases,
  freshDatabasePrefix,
  jsonApi as api,
  postgresServer,
  requireFromRoot,
  sleep,
  startDemoPortal,
} from './support/platform.mjs';

const argv = cliArgs();
const SIZES = String(argv.lines ?? '10000,100000')
  .split(',')
  .map((n) => Number(n.replace(/_/g, '')));
const TARGET_S = { 10000: 3, 100000: 30 };
const log = (message) => console.log(`[bench] ${message}`);
const { processes, cleanups, cleanup } = benchLifecycle();
const { IMPORT_ORDER_COLUMNS, IMPORT_PACKAGE_COLUMNS } = requireFromRoot('./dist/libs/contracts/src');

/** A CSV of `lines` lines: the header, then orders of one package (a new recipient on every other order). */
function writeFile(file, lines, run) {
  const out = fs.openSync(file, 'w');
  const row = (columns, values) => columns.map((c) => values[c.name] ?? '').join(';');
  let text = `${IMPORT_ORDER_COLUMNS.map((c) => c.name).join(';')}\r\n`;
  for (let n = 1, order = 0; n < lines; n++) {
    if (n % 2 === 1) {
      order++;
      const inline = order % 2 === 0;
      text += `${row(IMPORT_ORDER_COLUMNS, {
        line_type: 'ORDER',
        depositor_code: 'DEMO-A',
        reference: `${run}-${order}`,
        shipper_code: 'MLV1',
        recipient_code: inline ? '' : `DEST${String(1 + (order % 40)).padStart(3, '0')}`,
        recipient_company_name: inline ? `Client ${order}` : '',
        recipient_address_type: inline ? 'B2B' : '',
        recipient_address1: inline ? `${order} rue du Port` : '',
        recipient_zip: inline ? '69002' : '',
        recipient_town: inline ? 'LYON' : '',
        recipient_country: inline ? 'FR' : '',
        recipient_phone: inline ? '04 78 00 00 00' : '',
        tour_code: 'COLIS-J1',
        appointment: '0',
      })}\r\n`;
    } else
      text += `${row(IMPORT_PACKAGE_COLUMNS, { line_type: 'PACKAGE', packaging_code: 'CARTON-M', weight_kg: '4,5', packages: '2' })}\r\n`;
    if (text.length > 1 << 20) {
      fs.writeSync(out, text);
      text = '';
    }
  }
  fs.writeSync(out, text);
  fs.closeSync(out);
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}; ${pg.source}, ${pg.version}`);
  const url = await startDemoPortal({ pg, prefix, processes, cleanups });
  const pid = processes.children.find((c) => c.name === 'all-in-one').child.pid;
  const { token } = await api(url, 'POST', '/api/auth/login', undefined, { login: 'alice', password: 'Portal2026' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huby-import-bench-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));

  const results = [];
  for (const lines of SIZES) {
    const file = path.join(dir, `orders-${lines}.csv`);
    writeFile(file, lines, `BENCH${lines}`);
    const size = fs.statSync(file).size;
    global.gc?.();
    await sleep(500);
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
    const t = performance.now();
    const res = await fetch(`${url}/api/dashtower/import/simulations?name=orders-${lines}.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'content-length': String(size) },
      body: fs.createReadStream(file),
      duplex: 'half',
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${(await res.text()).slice(0, 300)}`);
    let simulation = await res.json();
    while (simulation.state === 'reading') {
      await sleep(100);
      simulation = await api(url, 'GET', `/api/dashtower/import/simulations/${simulation.id}`, token);
    }
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    if (simulation.state !== 'simulated') throw new Error(`simulation ${simulation.state}: ${JSON.stringify(simulation.error)}`);
    const accounted = Object.values(simulation.counts).reduce((a, b) => a + b, 0);
    if (accounted !== lines) throw new Error(`${accounted} lines in the report, ${lines} in the file`);
    results.push({ lines, size, seconds, before, peak, counts: simulation.counts });
    log(`${lines} lines simulated in ${seconds.toFixed(2)} s`);
  }

  console.log(`\n=== Huby order import: simulation through the gateway (CSV, orders of one package) ===`);
  for (const r of results) {
    const target = TARGET_S[r.lines];
    console.log(
      `${r.lines.toLocaleString('en')} lines (${mb(r.size)} MB): ${r.seconds.toFixed(2)} s (${Math.round(r.lines / r.seconds).toLocaleString('en')} lines/s)` +
        `${target ? ` — target <= ${target} s: ${r.seconds <= target ? 'met' : 'MISSED'}` : ''}; portal RSS ${mb(r.before)} MB before, peak ${mb(r.peak)} MB (+${mb(r.peak - r.before)} MB); ${JSON.stringify(r.counts)}`,
    );
  }
  if (results.length > 1) {
    const [small, big] = [results[0], results.at(-1)];
    console.log(
      `memory growth ${mb(small.peak - small.before)} MB -> ${mb(big.peak - big.before)} MB for ${big.lines / small.lines}x the lines: ${big.peak - big.before < 2 * Math.max(small.peak - small.before, 32 * 1024 * 1024) ? 'flat' : 'GROWS'}`,
    );
  }
}

await runBench(main, cleanup);
