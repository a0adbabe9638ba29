const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/**
 * What the run's workers left: the deployments they shared (tests/api/support/target.ts writes
 * `portal-shared-<PORTAL_TEST_RUN>-*.json` with their processes and database base): processes still alive
 * are killed, their databases dropped.
 */
async function stopShared() {
  const prefix = `portal-shared-${process.env.PORTAL_TEST_RUN}-`;
  const files = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(prefix) && f.endsWith('.json'));
  for (const file of files) {
    const full = path.join(os.tmpdir(), file);
    try {
      const { pids, databaseBase, dataDir } = JSON.parse(fs.readFileSync(full, 'utf8'));
      for (const pid of pids ?? []) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      if (databaseBase) {
        const { Client } = require('pg');
        const url = new URL(databaseBase);
        const name = url.pathname.slice(1);
        url.pathname = '/postgres';
        const admin = new Client({ connectionString: url.toString() });
        await admin.connect();
        try {
          const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
          for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        } finally {
          await admin.end();
        }
      }
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    } catch (e) {
      console.warn(`global teardown: ${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    fs.rmSync(full, { force: true });
  }
}

module.exports = async function globalTeardown() {
  await stopShared();
  const embedded = globalThis.__EMBEDDED_PG__;
  if (!embedded) return;
  await embedded.pg.stop();
  fs.rmSync(embedded.dir, { recursive: true, force: true });
};
