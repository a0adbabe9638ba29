// Users list of the back office (issue 18): the first page of /admin/users, counted, through the
// service's own repository (AdminUsersRepository.list: row-level security on `users` plus the
// reach in the WHERE), over --users accounts spread over 200 depositors with role groups. Two
// callers: the provider's user administrator (every user) and a depositor's own administrator
// (their two depositors' users); each with no filter, login prefix, part of a name, a depositor, a
// role group, deactivated ones. Prints p50/p95/max per case; never fails on them.
//
// Usage: npm run build:server && node tests/bench/admin-users-list.mjs [--users=50000] [--samples=60] [--keep]
// Env: BENCH_DATABASE_URL (else the machine's PostgreSQL at 127.0.0.1:5432 as root, else embedded).
import { cliArgs, numberArg, runBench, timed } from './support/measure.mjs';
import { benchLifecycle, dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './support/platform.mjs';

const argv = cliArgs();
const USERS = numberArg(argv, 'users', 50_000);
const SAMPLES = numberArg(argv, 'samples', 60);
const log = (message) => console.log(`[bench] ${message}`);
const { cleanups, cleanup } = benchLifecycle();

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { ADMIN_USERS_LIST, parseListRequest, FULL_SCOPE } = requireFromRoot('./dist/libs/contracts/src/index.js');
const { AUTH_MIGRATIONS } = requireFromRoot('./dist/services/auth/src/auth.module.js');
const { AdminUsersRepository } = requireFromRoot('./dist/services/auth/src/admin-users/admin-users.repository.js');

async function fill(db) {
  const started = Date.now();
  await db.system.query(
    `INSERT INTO role_groups (code, label, roles) SELECT 'G' || g, 'Groupe ' || g, ARRAY['PGT_USER', 'STOCK_USER'] FROM generate_series(1, 20) g`,
  );
  await db.system.query(
    `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles, depositor_ids, disabled)
     SELECT gen_random_uuid(), 'user' || i, 'user' || i || '@bench.example', 'x',
       (ARRAY['Alice','Bruno','Chloé','David','Emma','Farid','Gaëlle','Hugo'])[1 + i % 8],
       (ARRAY['Martin','Bernard','Durand','Petit','Moreau','Lefèvre','Garcia','Roux'])[1 + (i / 8) % 8] || i,
       ARRAY['PGT_USER'], CASE WHEN i % 10 = 0 THEN ARRAY[1 + i % 200, 1 + (i + 1) % 200] ELSE ARRAY[1 + i % 200] END, i % 17 = 0
       FROM generate_series(1, $1::int) i`,
    [USERS],
  );
  await db.system.query(`INSERT INTO user_role_groups (user_id, group_id) SELECT u.id, 1 + u.id % 20 FROM users u WHERE u.id % 3 = 0`);
  await db.system.query(`VACUUM (ANALYZE) users`);
  await db.system.query(`VACUUM (ANALYZE) user_role_groups`);
  log(`${USERS.toLocaleString('en')} users over 200 depositors in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (argv.keep) log(`--keep: database ${prefix}_auth is left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({ service: 'auth', url: withDatabase(pg.url, `${prefix}_auth`), entities: [], migrations: AUTH_MIGRATIONS });
  cleanups.push(() => db.close());
  await fill(db);
  const repository = new AdminUsersRepository(db);
  const ctx = { requestId: 'bench', roles: ['ADMIN_USERS'], scope: FULL_SCOPE, locale: 'fr_FR', timezone: 'Europe/Paris' };
  const managers = {
    provider: { uuid: null, login: 'carla', kind: 'provider', roles: ['ADMIN_USERS'], depositorIds: [] },
    depositor: { uuid: null, login: 'adm', kind: 'depositor', roles: ['ADMIN_USERS', 'PGT_USER'], depositorIds: [7, 8] },
  };
  const cases = {
    'no filter': {},
    'login prefix': { login: 'user12' },
    'part of a name': { name: 'moreau' },
    depositor: { depositor: 7 },
    'role group': { group: 'G4' },
    deactivated: { active: false },
  };
  console.log(`\nusers list, first page of 25 (counted), ${USERS.toLocaleString('en')} users, ${SAMPLES} samples per case`);
  console.log(
    `${'caller'.padEnd(10)} ${'case'.padEnd(16)} ${'rows'.padStart(6)} ${'total'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  );
  for (const [who, manager] of Object.entries(managers)) {
    for (const [name, filter] of Object.entries(cases)) {
      const query = parseListRequest(ADMIN_USERS_LIST, { filter, range: [0, 24], sort: ['login', 'ASC'] });
      const page = await repository.list(ctx, manager, query);
      const t = await timed(() => repository.list(ctx, manager, query), SAMPLES, 5);
      console.log(
        `${who.padEnd(10)} ${name.padEnd(16)} ${String(page.rows.length).padStart(6)} ${String(page.total ?? '>10k').padStart(7)} ${t.p50.toFixed(1).padStart(8)} ${t.p95.toFixed(1).padStart(8)} ${t.max.toFixed(1).padStart(8)}`,
      );
    }
  }
}

void runBench(main, cleanup);
