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
  };
  let child = null;
  let log = '';

  const start = async () => {
    child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      log = (log + chunk).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    try {
      await waitForHealth(baseUrl, child, timeoutMs);
    } catch (error) {
      error.message += `\n--- backend log ---\n${log}`;
      throw error;
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
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
    dataDir,
    smtp,
    log: () => log,
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
  await backend?.close();
}
