// Starts the all-in-one backend (which also serves web/dist) on a free port with a fresh data dir.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import smtpSupport from '../../support/smtp.js';

const { startSmtp } = smtpSupport;

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'dist/services/all-in-one/main.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`backend exited (${child.exitCode ?? child.signalCode})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`backend not healthy after ${timeoutMs} ms`);
}

/** One backend with its SMTP sink; `stop()` and `restart()` keep the same port and data. */
export async function startBackend({ timeoutMs = 120000 } = {}) {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} missing: run "npm run build:server" and "npm run build:web" first`);
  const smtp = await startSmtp();
  const port = await freePort();
  // The webhooks journey's receiver listens here: the one host:port plain http may reach (WEBHOOK_HTTP_HOSTS).
  const webhookReceiverPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // Run as root, embedded PostgreSQL runs as its own user, which must be able to enter the dir.
  fs.chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseUrl,
    // The big demo data sets (orders, stock movements) at a fraction: the journeys need a few.
    DEMO_SCALE: process.env.DEMO_SCALE ?? '0.01',
    // The fake printer agent of the label journeys listens on a free port of 127.0.0.1.
    PRINTER_CONNECT_SOURCES: 'http://127.0.0.1:*',
    // The journeys check downloaded files: exports answer at once (exports.e2e.mjs lowers it to test mailing).
    EXPORT_SYNC_MAX_ROWS: process.env.EXPORT_SYNC_MAX_ROWS ?? '100000',
    // A group of journeys signs in from 127.0.0.1 more than 30 times a minute; the limit itself is
    // tested by the gateway's rate-limit.spec.ts.
    RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER ?? '100',
    // A carrier quote's budget at its most (3 s in production): the journeys' fake carriers answer on a
    // machine busy with the browser and the backend, where a token and a quote can take more than 3 s.
    // The budget itself is tested by tests/api/huby-rates.test.ts.
    HUBY_RATES_TIMEOUT_MS: process.env.HUBY_RATES_TIMEOUT_MS ?? '10000',
    WEBHOOK_HTTP_HOSTS: `127.0.0.1:${webhookReceiverPort}`,
  };
  let child = null;
  let log = '';
  let stopping = false;
  // Set when the backend exits without being told to: the journeys still to run fail at once.
  let died = null;
  const deathListeners = new Set();
  const timing = { began: Date.now(), startMs: [], demoMs: null };

  const start = async () => {
    const t0 = Date.now();
    stopping = false;
    died = null;
    child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      log = (log + chunk).slice(-20000);
      if (timing.demoMs === null && log.includes('every demo data set loaded')) timing.demoMs = Date.now() - timing.began;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      died = new Error(`the backend exited (${code ?? signal}) while journeys used it\n--- backend log ---\n${log.slice(-4000)}`);
      for (const listener of deathListeners) listener(died);
    });
    try {
      await waitForHealth(baseUrl, child, timeoutMs);
      timing.startMs.push(Date.now() - t0);
    } catch (error) {
      error.message += `\n--- backend log ---\n${log}`;
      throw error;
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    baseUrl,
    port,
    webhookReceiverPort,
    dataDir,
    smtp,
    log: () => log,
    /** The backend's process id while it runs. */
    pid: () => child?.pid,
    /** Why the backend is gone when it exited by itself, else null. */
    died: () => died,
    /** Calls `listener(error)` if the backend exits by itself. */
    onDeath(listener) {
      deathListeners.add(listener);
    },
    /** Time to healthy of each start, and to the last demo data set (ms since the first start). */
    timing,
    stop,
    async restart() {
      await stop();
      await start();
    },
    async close() {
      await stop();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared = null;
/**
 * One backend for every journey of a run (node --test with isolation off runs them in one
 * process); a journey file run alone gets its own.
 */
export function sharedBackend() {
  // E2E_BASE_URL: run against a server started by hand (no SMTP, no stop/restart journeys).
  if (process.env.E2E_BASE_URL) {
    shared ??= Promise.resolve({ baseUrl: process.env.E2E_BASE_URL, external: true, close: async () => undefined });
  }
  shared ??= startBackend();
  return shared;
}
export async function closeSharedBackend() {
  if (!shared) return;
  const backend = await shared.catch(() => null);
  shared = null;
  // E2E_TIMINGS=<file>: one JSON line per backend (time to healthy, to the demo data, in use).
  if (backend?.timing && process.env.E2E_TIMINGS) {
    const line = {
      journeys: process.env.E2E_GROUP ?? path.basename(process.argv[1] ?? ''),
      ...backend.timing,
      usedMs: Date.now() - backend.timing.began,
    };
    fs.appendFileSync(process.env.E2E_TIMINGS, `${JSON.stringify(line)}\n`);
  }
  await backend?.close();
}
