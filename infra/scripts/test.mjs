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

/**
 * One step of the run as a child process: "=== label: exit N in S s" when it ends. A step that runs
 * beside another (`beside: true`: two journey groups) writes its output to a file, printed whole when
 * it ends, so that their lines never interleave; a step alone prints as it goes. Resolves the exit
 * status; a hung step is killed after `timeoutMinutes` and counted as failed (CI never waits forever).
 */
function step(label, command, args, { env = {}, timeoutMinutes = 25, beside = false } = {}) {
  const out = beside ? path.join(tmp, `${label.replace(/[^a-z0-9]+/gi, '-')}.out`) : undefined;
  const fd = out ? fs.openSync(out, 'w') : 'inherit';
  const t0 = Date.now();
  const cpu0 = cpuTimes();
  console.log(`\n=== ${label}: started at +${elapsed()} (${command} ${args.join(' ')})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, ...sharedEnv, ...env } });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMinutes * 60_000);
    const done = (code, why = '') => {
      clearTimeout(timer);
      if (out) {
        fs.closeSync(fd);
        console.log(`\n=== ${label}\n${fs.readFileSync(out, 'utf8')}`);
      }
      console.log(
        `=== ${label}: exit ${code}${why} in ${((Date.now() - t0) / 1000).toFixed(1)} s (ended at +${elapsed()}; ${cpuShare(cpu0)})`,
      );
      resolve(code ?? 1);
    };
    child.on('close', (code, signal) => done(code, signal ? ` (${signal})` : ''));
    child.on('error', (e) => done(1, ` (${e.message})`));
  });
}

const elapsed = () => `${((Date.now() - started) / 60000).toFixed(1)} min`;

/** The machine's CPU time so far (/proc/stat, in hundredths of a second), to say how busy the run kept its cores. */
function cpuTimes() {
  try {
    const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    return { busy: cpu.reduce((a, b) => a + b, 0) - idle, idle };
  } catch {
    return undefined;
  }
}

/** The machine's busy core-seconds since `from` and their share of its cores (of every process: a step beside another shares it). */
function cpuShare(from) {
  const to = cpuTimes();
  if (!from || !to) return 'CPU unknown';
  const busy = to.busy - from.busy;
  const share = busy / Math.max(1, busy + to.idle - from.idle);
  return `machine ${(busy / 100).toFixed(0)} core-s busy, ${(share * 100).toFixed(0)} % of ${os.availableParallelism()} cores`;
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

/** The first lines of a failed TAP test's `error:` (its YAML block, indented under the `not ok` line). */
function tapError(text, match) {
  const block = [];
  for (const line of text.slice(match.index + match[0].length + 1).split('\n')) {
    if (line.trim() && !line.startsWith(`${match[1]}  `)) break;
    block.push(line);
  }
  const at = block.findIndex((l) => /^\s*error: /.test(l));
  if (at < 0) return '';
  const own = block[at].replace(/^\s*error: /, '').replace(/^\|-?$/, '');
  return firstLines([own, ...block.slice(at + 1).filter((l) => l.startsWith(`${match[1]}    `))].join('\n'));
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
// Every Node process of the run (jest workers, service processes, backends) keeps its compiled code
// here: the distributed tests alone start some two hundred service processes.
const sharedEnv = { NODE_COMPILE_CACHE: path.join(tmp, 'node-compile-cache') };
const cpuAtStart = cpuTimes();
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nats = await reachable(natsUrl, 4222);
const natsServer = spawnSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).stdout.trim();
const { journeyGroups, groupArgs } = await import(path.join(root, 'tests/e2e/support/groups.mjs'));
const e2eGroups = fs.existsSync(path.join(root, 'tests/e2e')) ? journeyGroups() : [];
// Debian's headless shell of Chromium when installed (lighter on the run's CPU), else Chromium.
const { installedChromium } = await import(path.join(root, 'tests/e2e/support/browser.mjs'));
const chromium = installedChromium();
const browserTests = e2eGroups.length > 0 && Boolean(chromium);
if (!nats) notes.push(`NATS not reachable at ${natsUrl}: bus contract on NATS and distributed API tests skipped`);
if (!natsServer) notes.push('nats-server not installed (apt-get install -y nats-server): fault tests skipped');
if (e2eGroups.length && !chromium) notes.push('Chromium not installed (apt-get install -y chromium): browser tests skipped');

/** A jest run with its JSON answer: counted, its failures and its longest files printed. */
async function jestStep(name, args, env, timeoutMinutes = 25) {
  const json = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  await step(name, 'npx', ['jest', ...args, '--json', `--outputFile=${json}`], { env, timeoutMinutes });
  if (!fs.existsSync(json)) return count(name, 0, 1);
  const r = JSON.parse(fs.readFileSync(json, 'utf8'));
  count(name, r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites, r.numPendingTests + r.numTodoTests);
  jestFailures(name, r);
  slowestFiles(name, r);
}

// The run is CPU-bound on two cores: each step keeps both busy (jest's three workers, the distributed
// deployments' ten processes, two journey groups with their backends and browsers). Run side by side,
// the jest suites and the journeys took longer together than one after the other, and timings broke
// (measured 2026-12-04: jest 1,367 s beside the journeys, 498 s alone). So the steps run one after the
// other; only the two builds and two journey groups at a time run side by side.

// 1. Builds, side by side: the distributed API tests and the browser tests run the compiled services,
// the browser tests the web build.
const builds = [step('build server', 'npm', ['run', '--silent', 'build:server'], { beside: browserTests })];
if (browserTests) builds.push(step('build web', 'npm', ['run', '--silent', 'build:web'], { beside: true }));
const [serverBuilt, webBuilt = 0] = await Promise.all(builds);
if (serverBuilt !== 0) count('build:server', 0, 1);
if (webBuilt !== 0) count('build:web', 0, 1);

// 2. Unit, service (real PostgreSQL) and API tests all-in-one; with NATS, the API
// files where the bus matters against the distributed deployment, two files at a time (each starts
// ten service processes: three such deployments beside in-process files overloaded two cores); then
// scale-out and faults on a nats-server and PostgreSQL of their own, which the tests restart
// (bounded: a few minutes; NATS_URL unset: the fault tests never touch the machine's NATS), two files at
// a time: one kept the machine 58 % busy (they mostly wait out outages). Measured 2026-12-05, five runs of
// two: 111-118 s against 161-183 s one at a time, every timed limit at 50 % or less of its bound but the
// label request held 3 s by the carrier when a huby copy dies (5.5 s, once 7.6 s, of 10 s: the gateway's
// 4.5 s silence plus the carrier's 3 s, by design); the run prints each limit's margin (printMargins).
async function jestSuites() {
  const jestEnv = nats ? { NATS_URL: natsUrl } : { NATS_URL: '' };
  await jestStep('jest', ['--selectProjects', 'unit', 'api', '--maxWorkers=3'], jestEnv);
  if (nats) await jestStep('jest distributed', ['--selectProjects', 'api-distributed', '--maxWorkers=2'], jestEnv);
  if (natsServer) {
    const margins = path.join(tmp, 'fault-margins.jsonl');
    await jestStep('faults', ['--selectProjects', 'faults', '--maxWorkers=2'], { NATS_URL: '', FAULT_MARGINS: margins }, 8);
    printMargins(margins);
  }
}

/** How close each timed limit of the fault scenarios came in this run (tests/faults/support/margins.ts), closest first. */
function printMargins(file) {
  if (!fs.existsSync(file)) return;
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => b.ms / b.limitMs - a.ms / a.limitMs);
  console.log('=== faults: timed limits, closest first');
  for (const m of lines)
    console.log(`    ${String(Math.round((100 * m.ms) / m.limitMs)).padStart(3)} %  ${m.ms} of ${m.limitMs} ms  ${m.file}: ${m.label}`);
}

// 3. Web unit tests (vitest), then the journeys in Debian's Chromium against the
// built all-in-one portal, group by group (tests/e2e/support/groups.mjs: each group's files in one
// process with one backend and browser, in its order), E2E_CONCURRENCY (2) groups at a time, and the
// walks one after the other beside them.
async function browserSuites() {
  if (fs.existsSync(path.join(root, 'web/vite.config.ts'))) {
    const vitestJson = path.join(tmp, 'vitest.json');
    await step('web unit', 'npx', [
      'vitest',
      'run',
      '--root',
      'web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${vitestJson}`,
    ]);
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
  if (!browserTests) return;
  const t0 = Date.now();
  const browser = { passed: 0, failed: 0, skipped: 0 };
  const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2) || 1);
  const runGroup = async (group, i) => {
    const tap = path.join(tmp, `e2e-${i}.tap`);
    const reporters = [
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
    ];
    await step(`browser ${group.name}`, 'node', groupArgs(group, reporters), {
      // No pictures unless asked (E2E_SCREENSHOTS=1): nobody looks at a run's.
      env: { CHROMIUM_PATH: chromium, E2E_GROUP: group.name, E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0' },
      timeoutMinutes: 20,
      beside: true,
    });
    const text = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
    const num = (name) => Number((new RegExp(`^# ${name} (\\d+)`, 'm').exec(text) ?? [])[1] ?? 0);
    // A group killed before its summary (hung, or its process died) counts as one failure at least.
    if (!/^# tests \d+/m.test(text)) {
      browser.failed += 1;
      failures.push(`browser ${group.name}: ended before its summary (hung or died)`);
    }
    for (const m of text.matchAll(/^(\s*)not ok \d+ - (.*)$/gm)) failures.push(`browser ${group.name} › ${m[2]}: ${tapError(text, m)}`);
    browser.passed += num('pass');
    browser.failed += num('fail') + num('cancelled');
    browser.skipped += num('skipped') + num('todo');
  };
  // The walks, which mostly wait, in a lane of their own beside the others' lanes (groups.mjs WALKS).
  const lane = async (queue) => {
    for (let next = queue.shift(); next; next = queue.shift()) await runGroup(next[1], next[0]);
  };
  const walks = [...e2eGroups.entries()].filter(([, g]) => g.walk);
  const others = [...e2eGroups.entries()].filter(([, g]) => !g.walk);
  await Promise.all([lane(walks), ...Array.from({ length: Math.min(concurrency, others.length) }, () => lane(others))]);
  count('browser', browser.passed, browser.failed, browser.skipped);
  console.log(`=== browser: ${e2eGroups.length} groups in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

// `npm test -- jest` or `npm test -- browser`: one half of the run (the builds first either way).
const only = process.argv[2];
if (only && !['jest', 'browser'].includes(only)) throw new Error(`npm test -- ${only}: say jest or browser, or nothing for every suite`);
if (only !== 'browser') await jestSuites();
if (only !== 'jest') await browserSuites();

fs.rmSync(tmp, { recursive: true, force: true });
const cpuAtEnd = cpuTimes();
if (cpuAtStart && cpuAtEnd) {
  const busy = cpuAtEnd.busy - cpuAtStart.busy;
  const share = busy / (busy + cpuAtEnd.idle - cpuAtStart.idle);
  notes.push(`CPU: ${(busy / 100).toFixed(0)} core-seconds busy, ${(share * 100).toFixed(0)} % of ${os.availableParallelism()} cores`);
}
console.log(`\n${notes.join('\n')}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `- ${f.slice(0, 600)}`).join('\n')}`);
console.log(`all suites in ${elapsed()}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
