// `npm test`: every suite, in order, with one closing line "N passed, N failed, N skipped".
// Uses the machine's PostgreSQL and NATS when TEST_DATABASE_URL / NATS_URL say so (CI), else an
// embedded PostgreSQL and the in-process bus; suites that need NATS or Chromium say when skipped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
/** Every failed test by name, repeated at the very end: CI keeps only the output's last lines. */
const failures = [];
const started = Date.now();

function run(label, command, args, env = {}, timeoutMinutes = 25) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const t0 = Date.now();
  // A hung suite is killed, counted as failed, and the run goes on (CI never waits forever).
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: timeoutMinutes * 60_000,
    killSignal: 'SIGKILL',
  });
  if (result.error) console.log(`=== ${label}: ${result.error.message}`);
  console.log(`=== ${label}: exit ${result.status} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result.status ?? 1;
}

/** run(), without blocking the others: resolves the exit status (killed after `timeoutMinutes`, counted as failed). */
function runAsync(command, args, env = {}, timeoutMinutes = 25) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMinutes * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
    child.on('error', () => resolve(1));
  });
}

function reachable(url, fallbackPort) {
  return new Promise((resolve) => {
    let host = '127.0.0.1';
    let port = fallbackPort;
    try {
      const u = new URL(url);
      host = u.hostname;
      port = Number(u.port || fallbackPort);
    } catch {
      /* keep defaults */
    }
    const socket = net.connect({ host, port, timeout: 800 });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function count(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  notes.push(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

/** A jest run's failed tests, with the first lines of their failure (ANSI colours taken out). */
function jestFailures(name, result) {
  for (const file of result.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (!failed.length && file.status === 'failed') failures.push(`${name} ${where}: ${firstLines(file.message)}`);
    for (const a of failed) failures.push(`${name} ${where} › ${a.fullName}: ${firstLines((a.failureMessages ?? []).join('\n'))}`);
  }
}

function firstLines(text = '', n = 4) {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, n)
      .join(' | ')
  );
}

/** The ten longest test files of a jest run (where the suite's time goes), from its --json answer. */
function slowestFiles(name, result) {
  const files = (result.testResults ?? [])
    .map((f) => ({ file: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
    .filter((f) => Number.isFinite(f.seconds))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(`=== ${name}: ${files.length} files, ${total.toFixed(0)} s of file time; the longest:`);
  for (const f of files.slice(0, 10)) console.log(`    ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nats = await reachable(natsUrl, 4222);

// 1. Build: the distributed API tests and the browser tests run the compiled services.
if (run('build server', 'npm', ['run', '--silent', 'build:server']) !== 0) count('build:server', 0, 1);

// 2. Unit, service (real PostgreSQL) and API tests, all-in-one and, with NATS, distributed. The
// distributed files run apart, two at a time: each starts ten service processes, and three such
// deployments beside in-process files overloaded two cores (load 22: logins shed, bus timeouts).
if (!nats) notes.push(`NATS not reachable at ${natsUrl}: bus contract on NATS and distributed API tests skipped`);
const jestEnv = nats ? { NATS_URL: natsUrl } : { NATS_URL: '' };
const jestRuns = [
  { name: 'jest', projects: ['unit', 'api'], workers: 3 },
  ...(nats ? [{ name: 'jest distributed', projects: ['api-distributed'], workers: 2 }] : []),
];
for (const [i, { name, projects, workers }] of jestRuns.entries()) {
  const jestJson = path.join(tmp, `jest-${i}.json`);
  run(name, 'npx', ['jest', '--selectProjects', ...projects, `--maxWorkers=${workers}`, '--json', `--outputFile=${jestJson}`], jestEnv);
  if (fs.existsSync(jestJson)) {
    const r = JSON.parse(fs.readFileSync(jestJson, 'utf8'));
    count(name, r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites, r.numPendingTests + r.numTodoTests);
    jestFailures(name, r);
    slowestFiles(name, r);
  } else count(name, 0, 1);
}

// 2b. Scale-out and faults: the distributed portal on its own nats-server and PostgreSQL, which the
// tests restart (bounded: a few minutes). Needs the nats-server binary (Debian package nats-server).
const natsServer = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
if (!natsServer) notes.push('nats-server not installed (apt-get install -y nats-server): fault tests skipped');
else {
  const faultsJson = path.join(tmp, 'faults.json');
  // NATS_URL unset: the fault tests never touch the machine's NATS.
  run('faults', 'npx', ['jest', '--selectProjects', 'faults', '--runInBand', '--json', `--outputFile=${faultsJson}`], { NATS_URL: '' }, 8);
  if (fs.existsSync(faultsJson)) {
    const r = JSON.parse(fs.readFileSync(faultsJson, 'utf8'));
    count('faults', r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites, r.numPendingTests + r.numTodoTests);
    jestFailures('faults', r);
  } else count('faults', 0, 1);
}

// 3. Web unit tests (vitest).
if (fs.existsSync(path.join(root, 'web/vite.config.ts'))) {
  const vitestJson = path.join(tmp, 'vitest.json');
  run('web unit', 'npx', ['vitest', 'run', '--root', 'web', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
  if (fs.existsSync(vitestJson)) {
    const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    count(
      'vitest',
      r.numPassedTests,
      r.numFailedTests + (r.success === false && r.numFailedTests === 0 ? 1 : 0),
      r.numPendingTests + r.numTodoTests,
    );
  } else count('vitest', 0, 1);
}

// 4. Browser tests in Debian's Chromium against the built all-in-one portal: group by group
// (tests/e2e/support/groups.mjs), each group's journey files in one process with one backend and browser.
const { journeyGroups, groupArgs } = await import(path.join(root, 'tests/e2e/support/groups.mjs'));
const e2eGroups = fs.existsSync(path.join(root, 'tests/e2e')) ? journeyGroups() : [];
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (e2eGroups.length && !chromium) notes.push('Chromium not installed (apt-get install -y chromium): browser tests skipped');
if (e2eGroups.length && chromium) {
  if (run('build web', 'npm', ['run', '--silent', 'build:web']) !== 0) count('build:web', 0, 1);
  const t0 = Date.now();
  const browser = { passed: 0, failed: 0, skipped: 0 };
  // E2E_CONCURRENCY groups at a time (default 1): a group spends most of its time waiting (its own
  // processes used 65 s of CPU in 208 s for the Huby group), each has its own backend, data folder and
  // browser profile; the output of each is printed whole when it ends.
  const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 1) || 1);
  const runGroup = async (group, i) => {
    const tap = path.join(tmp, `e2e-${i}.tap`);
    const reporters = [
      '--test-reporter=spec',
      `--test-reporter-destination=${concurrency > 1 ? path.join(tmp, `e2e-${i}.out`) : 'stdout'}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
    ];
    const env = { CHROMIUM_PATH: chromium, E2E_GROUP: group.name };
    if (concurrency === 1) run(`browser ${group.name}`, 'node', groupArgs(group, reporters), env, 20);
    else {
      const g0 = Date.now();
      const status = await runAsync('node', groupArgs(group, reporters), env, 20);
      const out = path.join(tmp, `e2e-${i}.out`);
      console.log(`\n=== browser ${group.name}\n${fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : ''}`);
      console.log(`=== browser ${group.name}: exit ${status} in ${((Date.now() - g0) / 1000).toFixed(1)} s`);
    }
    const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
    const num = (name) => Number((new RegExp(`^# ${name} (\\d+)`, 'm').exec(text) ?? [])[1] ?? 0);
    // A group killed before its summary (hung, or its process died) counts as one failure at least.
    if (!/^# tests \d+/m.test(text)) {
      browser.failed += 1;
      failures.push(`browser ${group.name}: ended before its summary (hung or died)`);
    }
    for (const m of text.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failures.push(`browser ${group.name} › ${m[1]}`);
    browser.passed += num('pass');
    browser.failed += num('fail') + num('cancelled');
    browser.skipped += num('skipped') + num('todo');
  };
  const queue = [...e2eGroups.entries()];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runGroup(next[1], next[0]);
    }),
  );
  count('browser', browser.passed, browser.failed, browser.skipped);
  console.log(`=== browser: ${e2eGroups.length} groups in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\n${notes.join('\n')}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `- ${f.slice(0, 600)}`).join('\n')}`);
console.log(`all suites in ${((Date.now() - started) / 60000).toFixed(1)} min`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
