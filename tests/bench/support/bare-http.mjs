// Starts tests/bench/support/bare-http-server.mjs for a list benchmark and times its cases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timed } from './measure.mjs';
import { freePort, ROOT, sleep } from './platform.mjs';

/** The bare server with `cases` ([{ sql, params }]); `time(i, samples)` answers case i's p50/p95 through HTTP. */
export async function startBareHttp(processes, databaseUrl, cases) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-')), 'cases.json');
  fs.writeFileSync(file, JSON.stringify(cases));
  const port = await freePort();
  const entry = processes.start('bare-http', [path.join(ROOT, 'tests/bench/support/bare-http-server.mjs')], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BARE_CASES: file,
    PORT: String(port),
  });
  const deadline = Date.now() + 30_000;
  while (!entry.log.includes('bare http server ready')) {
    if (entry.child.exitCode !== null || Date.now() > deadline) throw new Error(`bare HTTP server did not start:\n${entry.log}`);
    await sleep(100);
  }
  const call = async (i) => {
    const res = await fetch(`http://127.0.0.1:${port}/case/${i}`);
    if (res.status !== 200) throw new Error(`bare case ${i} answered ${res.status}: ${await res.text()}`);
    return (await res.json()).length;
  };
  return { call, time: (i, samples) => timed(() => call(i), samples, 20) };
}
