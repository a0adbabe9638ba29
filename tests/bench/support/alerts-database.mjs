// The alerts benchmarks' own database: a fresh `<prefix>_alerts` on the bench server, migrated as the
// service does, closed and dropped at the end (kept with --keep).
import { dropDatabases, freshDatabasePrefix, postgresServer, requireFromRoot, withDatabase } from './platform.mjs';

const { Db } = requireFromRoot('./dist/libs/db/src/index.js');
const { ALERTS_MIGRATIONS } = requireFromRoot('./dist/services/alerts/src/alerts.module.js');

export async function alertsBenchDatabase({ keep, cleanups, log }) {
  const pg = await postgresServer(log);
  cleanups.push(pg.stop);
  const prefix = freshDatabasePrefix();
  if (keep) log(`--keep: database ${prefix}_alerts is left on ${pg.source}`);
  else cleanups.push(() => dropDatabases(pg.url, [prefix]));
  log(`${pg.source}: ${pg.version}`);
  const db = await Db.open({
    service: 'alerts',
    url: withDatabase(pg.url, `${prefix}_alerts`),
    entities: [],
    migrations: ALERTS_MIGRATIONS,
  });
  cleanups.push(() => db.close());
  return db;
}
