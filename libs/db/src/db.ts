import { Logger } from '@nestjs/common';
import type { CallerContext, Scope } from '@portal/contracts';
import { addReadinessCheck, watchPool } from '@portal/ops';
import { Client, DatabaseError, type ClientConfig, type Pool, type PoolClient } from 'pg';
import { DataSource, EntityManager, EntitySchema, MixedList, type ObjectLiteral, type QueryRunner, type SelectQueryBuilder } from 'typeorm';
import { databaseName, dataDir, serviceDatabaseUrl, withDatabase } from './config';
import { startEmbeddedPostgres } from './embedded';
import { isStalePreparedStatement, preludedQuery, preparedBookFull, type PreludeStatement } from './preluded-query';
import { APP_NARROWED_ROLE, APP_ROLE, canUseAppRoles, ensureAppRole, grantAppRole } from './rls';
import { isNarrowed, KEY_SEPARATOR, restrictedDepositors } from './scope';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
const libraryMigrations: Function[] = [];

/**
 * A migration a shared library needs in every service database (libs/bus: a column of the outbox
 * every service has). Each database opened afterwards with migrations of its own runs it after them;
 * it must be written to do nothing where its table does not exist.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function addLibraryMigration(migration: Function): void {
  if (!libraryMigrations.includes(migration)) libraryMigrations.push(migration);
}

/** The data was written by a newer version of the portal: refused at start. */
export class NewerDataError extends Error {}

export interface DbOptions {
  /** Service name: the database is `<base>_<service>` (or `portal_<service>` embedded). */
  service: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Explicit URL (tests); otherwise from the environment, else the embedded cluster. */
  url?: string;
  poolSize?: number;
}

/**
 * A service's database: its own PostgreSQL database, migrated at start, with the scoped
 * transaction that feeds row-level security.
 */
export class Db {
  private readonly logger: Logger;
  private useAppRole = false;
  /** Undoes the readiness check and pool metrics this handle registered. */
  private readonly unwatch: (() => void)[] = [];

  /**
   * Unscoped access, as the database owner: row-level security does not apply. For the system's
   * own work only (migrations and seeds, the outbox and mail relays, user accounts and sessions,
   * statistics); feature code reads and writes depositor data through `scoped` / `scopedQuery`.
   * The lint rule `no-restricted-syntax` (eslint.config.mjs) keeps other files off it.
   */
  readonly system: SystemDb;

  private constructor(
    private readonly dataSource: DataSource,
    readonly service: string,
  ) {
    this.logger = new Logger(`Db:${service}`);
    this.system = new SystemDb(dataSource);
  }

  static async open(options: DbOptions): Promise<Db> {
    const url = options.url ?? (await resolveUrl(options.service));
    await ensureDatabaseExists(url);
    const dataSource = new DataSource({
      type: 'postgres',
      url,
      entities: options.entities,
      // A handle that migrates nothing (a seed, a tool on a running service's database) adds nothing.
      migrations:
        Array.isArray(options.migrations) && options.migrations.length ? [...options.migrations, ...libraryMigrations] : options.migrations,
      migrationsTableName: 'migrations',
      migrationsRun: false,
      synchronize: false,
      logging: ['error'],
      extra: {
        max: options.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 10),
        application_name: `portal-${options.service}`,
        // A database that is down answers 503 within seconds instead of holding requests.
        connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 3000),
        // scopedQuery's statements are prepared once per connection; each call is still planned for its
        // own values (a generic plan would be chosen without them: a date range, a prefix change it).
        options: '-c plan_cache_mode=force_custom_plan',
        Client: SurvivingClient,
      },
    });
    await dataSource.initialize();
    const db = new Db(dataSource, options.service);
    if (Array.isArray(options.migrations) && options.migrations.length)
      await db.refuseNewerData().catch(async (e: unknown) => {
        await dataSource.destroy();
        throw e;
      });
    await db.migrate();
    db.unwatch.push(
      watchPool(options.service, db.pool),
      addReadinessCheck(`db:${options.service}`, () => db.ready()),
    );
    return db;
  }

  /** Ready: the database answers and every migration this code knows has run. */
  async ready(): Promise<boolean> {
    const known = this.dataSource.migrations.map((m) => m.name ?? m.constructor.name);
    try {
      if (!known.length) return await this.ping();
      const rows: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM "migrations" WHERE "name" = ANY($1)`, [
        known,
      ]);
      return rows[0]?.n === known.length;
    } catch {
      return false;
    }
  }

  /**
   * Refuses a database a newer version of the portal has migrated (a migration this code does not
   * know): running older code on it could lose what the newer one wrote. An upgrade goes forward only.
   */
  async refuseNewerData(): Promise<void> {
    const known = new Set(this.dataSource.migrations.map((m) => m.name ?? m.constructor.name));
    const table = await this.dataSource.query(`SELECT to_regclass('migrations') AS t`);
    if (!table[0]?.t) return;
    const applied: { name: string }[] = await this.dataSource.query(`SELECT "name" FROM "migrations"`);
    const unknown = applied.map((m) => m.name).filter((name) => !known.has(name));
    if (unknown.length)
      throw new NewerDataError(
        `The ${this.service} database was written by a newer version of the portal (migration ${unknown.join(', ')} is unknown to this one). ` +
          'Start that version or a later one, or restore a backup taken with this version.',
      );
  }

  /** Runs pending migrations in one transaction, then prepares the application role. */
  async migrate(): Promise<void> {
    const ran = await this.dataSource.runMigrations({ transaction: 'all' });
    if (ran.length) this.logger.log(`migrations run: ${ran.map((m) => m.name).join(', ')}`);
    const qr = this.dataSource.createQueryRunner();
    try {
      if (await canUseAppRoles(qr)) {
        await ensureAppRole(qr);
        await grantAppRole(qr);
        this.useAppRole = true;
      }
    } finally {
      await qr.release();
    }
  }

  private get pool(): Pool {
    return poolOf(this.dataSource);
  }

  /** A query builder to write SQL with; run what it builds with `scoped` or `scopedQuery`. */
  queryBuilder(): SelectQueryBuilder<ObjectLiteral> {
    return this.dataSource.createQueryBuilder();
  }

  /**
   * A transaction that runs as the application role with the caller's scope declared, so
   * row-level security filters every scoped table it touches.
   *
   * Round trips: BEGIN and the scope's settings travel with the first statement `fn` runs (one
   * round trip for the three), then COMMIT; a failure rolls back. A statement that fails in the
   * prelude's batch is never run, and a connection that is not idle at the end is destroyed rather
   * than handed back to the pool, so no role or scope setting outlives the transaction.
   */
  async scoped<T>(ctx: CallerContext | Scope, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const settings = this.scopeSettings('scope' in ctx ? ctx.scope : ctx);
    const qr = this.dataSource.createQueryRunner();
    const client = (await qr.connect()) as PoolClient;
    const begin = lazyBegin(client, [{ text: 'BEGIN', values: [] }, settings]);
    // TypeORM must see the transaction as its own: nested transactions become savepoints, and
    // repository writes do not open another one.
    const state = qr as unknown as { isTransactionActive: boolean; transactionDepth: number };
    state.isTransactionActive = true;
    state.transactionDepth = 1;
    let broken: Error | undefined;
    try {
      const result = await fn(qr.manager);
      begin.restore();
      if (begin.sent) await client.query('COMMIT');
      return result;
    } catch (e) {
      begin.restore();
      if (begin.sent) {
        await client.query('ROLLBACK').catch((rollback: Error) => {
          broken = rollback;
        });
      }
      throw e;
    } finally {
      state.isTransactionActive = false;
      state.transactionDepth = 0;
      if (!broken && !idle(client)) broken = new Error('connection left inside a transaction');
      if (broken) await releaseBroken(qr, broken);
      else await qr.release();
    }
  }

  /**
   * One read statement under the caller's scope in a single round trip: the scope's settings and
   * the statement form one implicit transaction (no BEGIN, no COMMIT), straight on the driver's
   * pool. For the hot single-statement reads (tracker search, delivery detail). The statement is
   * prepared once per connection (preludedQuery's `named`): its parse, analysis and row-level
   * security rewrite were most of a precise tracker search's time (4.0 ms unnamed, 1.0 ms named,
   * the same plan: planned for each call's values).
   *
   * `walkInOrder`: the statement reads rows in its ORDER BY through an index and stops at its LIMIT,
   * and the planner is told so (no sort, no bitmap scan, for this statement only). For the reads of
   * a narrowed scope in date order: the narrowed role's restrictive policies, whose settings the
   * planner cannot know, divide its row estimates by about 200, so it expects a handful of rows and
   * sorts every order of the scope rather than walk the scope's date index to the first page
   * (a tracker search of 3,621 orders: 100 ms against 3.6 ms).
   *
   * `genericPlan`: the statement's plan does not depend on its values (a row by its key, index ranges
   * under a LIMIT), so the plan made at its first call on a connection serves the next ones: no
   * planning at each call (a delivery detail's 0.8 ms; a tracker prefix's candidates, whose plan for
   * a broad prefix's own bounds was a slower one, 16 ms against 2.7 ms).
   */
  async scopedQuery<T = Record<string, unknown>>(
    ctx: CallerContext | Scope,
    sql: string,
    params: unknown[] = [],
    options: { walkInOrder?: boolean; genericPlan?: boolean } = {},
  ): Promise<T[]> {
    const prelude = [this.scopeSettings('scope' in ctx ? ctx.scope : ctx, options)];
    // A stale statement's connection is dropped: every other connection of the pool may hold it too.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.preparedRead<T>(prelude, sql, params);
      } catch (e) {
        if (!isStalePreparedStatement(e) || attempt >= this.pool.options.max) throw e;
      }
    }
  }

  /** scopedQuery's round trip, its statement named (prepared once per connection). */
  private async preparedRead<T>(prelude: PreludeStatement[], sql: string, params: unknown[]): Promise<T[]> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const { rows } = await preludedQuery(client, prelude, sql, params, { named: true });
      if (preparedBookFull(client)) broken = new Error('retired: its prepared statements are at their bound');
      return rows as T[];
    } catch (e) {
      // Logged as TypeORM logs the failed queries of the other paths (the parameters stay out of the log).
      if (isStalePreparedStatement(e)) broken = e as Error;
      else if (e instanceof DatabaseError) this.logger.error(`query failed: ${e.message} -- ${sql.replace(/\s+/g, ' ').slice(0, 500)}`);
      else broken = e as Error;
      throw e;
    } finally {
      if (!broken && !idle(client)) broken = new Error('connection left inside a transaction');
      client.release(broken);
    }
  }

  /**
   * The settings row-level security reads, for `set_config(..., is_local => true)`. The depositor
   * ids must be integers: anything else is refused before it reaches the database. A caller's read
   * is a page: no parallel workers, which under load take cores from the other requests (My Stocks
   * movements of a store-limited user p99 150 -> 79 ms at saturation, issue 23).
   */
  private scopeSettings(scope: Scope, planner: { walkInOrder?: boolean; genericPlan?: boolean } = {}): PreludeStatement {
    if (!Array.isArray(scope.depositorIds) || !scope.depositorIds.every((id) => Number.isSafeInteger(id)))
      throw new Error(`invalid depositor scope: ${JSON.stringify(scope.depositorIds)}`);
    const ints = (ids: number[] | undefined) => (ids ?? []).filter((id) => Number.isSafeInteger(id)).join(',');
    const keys = (list: string[] | undefined) => (scope.all ? '' : (list ?? []).join(KEY_SEPARATOR));
    const narrowed = isNarrowed(scope);
    return {
      text: `SELECT set_config('portal.scope_all', $1, true), set_config('portal.depositor_ids', $2, true),
        set_config('portal.platform_ids', $3, true), set_config('portal.activity_depositor_ids', $4, true),
        set_config('portal.activity_keys', $5, true), set_config('portal.store_depositor_ids', $6, true),
        set_config('portal.store_keys', $7, true), set_config('max_parallel_workers_per_gather', '0', true),
        set_config('plan_cache_mode', $8, true), set_config('enable_sort', $9, true), set_config('enable_bitmapscan', $9, true)${this.useAppRole ? `, set_config('role', '${narrowed ? APP_NARROWED_ROLE : APP_ROLE}', true)` : ''}`,
      values: [
        scope.all === true ? 'on' : 'off',
        scope.depositorIds.join(','),
        scope.all ? '' : ints(scope.platformIds),
        scope.all ? '' : ints(restrictedDepositors(scope.activityKeys ?? [])),
        keys(scope.activityKeys),
        scope.all ? '' : ints(restrictedDepositors(scope.storeKeys ?? [])),
        keys(scope.storeKeys),
        // Db.scopedQuery's options, for its one statement (the settings are local to its transaction).
        planner.genericPlan ? 'force_generic_plan' : 'force_custom_plan',
        planner.walkInOrder ? 'off' : 'on',
      ],
    };
  }

  async ping(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    for (const undo of this.unwatch.splice(0)) undo();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

async function resolveUrl(service: string): Promise<string> {
  const url = serviceDatabaseUrl(service);
  if (url) return url;
  const pg = await startEmbeddedPostgres(
    `${dataDir()}/pg`,
    process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined,
  );
  return withDatabase(pg.url, `portal_${service.replace(/-/g, '_')}`);
}

/** Creates the service's database on its server when it does not exist yet. */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((e: { code?: string }) => {
        if (e.code !== '42P04' && e.code !== '23505') throw e; // created meanwhile by a sibling
      });
    }
  } finally {
    await admin.end();
  }
}

/** Drops a database (tests). */
export async function dropDatabase(url: string): Promise<void> {
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName(url).replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * TypeORM answers `UPDATE/DELETE ... RETURNING` with `[rows, count]` and other statements with the
 * rows: this gives the rows either way.
 */
export function rowsOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number') return raw[0] as T[];
  return raw as T[];
}

/**
 * Makes the next statement sent on `client` carry `prelude` in its round trip (BEGIN and the scope
 * of Db.scoped). Only a statement with parameters shares the batch (without parameters it may hold
 * several statements, which the extended protocol refuses): any other first statement is sent once
 * the prelude, in a round trip of its own, has succeeded.
 */
function lazyBegin(client: PoolClient, prelude: PreludeStatement[]): { readonly sent: boolean; restore(): void } {
  const hadOwn = Object.prototype.hasOwnProperty.call(client, 'query');
  const own = client.query;
  let sent = false;
  const restore = () => {
    if (hadOwn) client.query = own;
    else delete (client as Partial<PoolClient>).query;
  };
  const first = (config: unknown, values?: unknown, callback?: unknown): Promise<unknown> => {
    restore();
    sent = true;
    if (typeof config === 'string' && callback === undefined && Array.isArray(values) && values.length)
      return preludedQuery(client, prelude, config, values);
    if ((typeof config !== 'string' && typeof config !== 'object') || typeof callback === 'function' || typeof values === 'function')
      return Promise.reject(new Error('Db.scoped: the first statement must be a query text or config, awaited'));
    if (config && typeof (config as { submit?: unknown }).submit === 'function')
      return Promise.reject(new Error('Db.scoped: a stream or cursor cannot open a scoped transaction'));
    const last = prelude[prelude.length - 1];
    return preludedQuery(client, prelude.slice(0, -1), last.text, last.values).then(() =>
      client.query(config as string, values as unknown[]),
    );
  };
  client.query = first as PoolClient['query'];
  return {
    get sent() {
      return sent;
    },
    restore: () => {
      if (!sent) restore();
    },
  };
}

/**
 * pg's client, with a listener for the 'error' a connection emits when PostgreSQL ends it while it is
 * lent out (a restart, a failover): unheard, that event ends the whole process. The statement under
 * way fails by itself (503 serverUnavailable) and the pool drops the connection when it comes back.
 */
class SurvivingClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** Hands a connection back so that the pool closes it instead of lending it again. */
async function releaseBroken(qr: QueryRunner, error: Error): Promise<void> {
  await (qr as unknown as { releasePostgresConnection(e: Error): Promise<void> }).releasePostgresConnection(error);
}

/** The transaction status of pg's last ReadyForQuery: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
const idle = (client: PoolClient): boolean =>
  (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus() === 'I';

function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** The unscoped handle of a service's database (Db.system): the owner's rights, no row-level security. */
export class SystemDb {
  constructor(readonly dataSource: DataSource) {}

  /**
   * One statement outside a transaction, straight on the driver's pool: the hot paths (session
   * resolution, dashboard) skip TypeORM's query runner. Answers the rows, RETURNING included.
   */
  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
    const result = await poolOf(this.dataSource).query(sql, params);
    return result.rows as T[];
  }

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(fn);
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
