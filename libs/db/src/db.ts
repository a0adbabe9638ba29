import { Logger } from '@nestjs/common';
import type { CallerContext, Scope } from '@portal/contracts';
import { Client, type Pool } from 'pg';
import { DataSource, EntityManager, EntitySchema, MixedList } from 'typeorm';
import { databaseName, dataDir, serviceDatabaseUrl, withDatabase } from './config';
import { startEmbeddedPostgres } from './embedded';
import { APP_ROLE, ensureAppRole, grantAppRole } from './rls';

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

  private constructor(
    readonly dataSource: DataSource,
    readonly service: string,
  ) {
    this.logger = new Logger(`Db:${service}`);
  }

  static async open(options: DbOptions): Promise<Db> {
    const url = options.url ?? (await resolveUrl(options.service));
    await ensureDatabaseExists(url);
    const dataSource = new DataSource({
      type: 'postgres',
      url,
      entities: options.entities,
      migrations: options.migrations,
      migrationsTableName: 'migrations',
      migrationsRun: false,
      synchronize: false,
      logging: ['error'],
      extra: { max: options.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 10), application_name: `portal-${options.service}` },
    });
    await dataSource.initialize();
    const db = new Db(dataSource, options.service);
    await db.migrate();
    return db;
  }

  /** Runs pending migrations in one transaction, then prepares the application role. */
  async migrate(): Promise<void> {
    const ran = await this.dataSource.runMigrations({ transaction: 'all' });
    if (ran.length) this.logger.log(`migrations run: ${ran.map((m) => m.name).join(', ')}`);
    const qr = this.dataSource.createQueryRunner();
    try {
      const [me] = await qr.query(`SELECT rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user`);
      if (me?.can) {
        await ensureAppRole(qr);
        await grantAppRole(qr);
        this.useAppRole = true;
      }
    } finally {
      await qr.release();
    }
  }

  /**
   * One statement outside a transaction, straight on the driver's pool: the hot paths (session
   * resolution, dashboard) skip TypeORM's query runner. Answers the rows, RETURNING included.
   */
  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as T[];
  }

  private get pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(fn);
  }

  /**
   * A transaction that runs as the application role with the caller's scope declared, so
   * row-level security filters every scoped table it touches.
   */
  scoped<T>(ctx: CallerContext | Scope, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    const scope = 'scope' in ctx ? ctx.scope : ctx;
    return this.dataSource.transaction(async (em) => {
      await em.query(
        `SELECT set_config('portal.scope_all', $1, true), set_config('portal.depositor_ids', $2, true)${
          this.useAppRole ? `, set_config('role', '${APP_ROLE}', true)` : ''
        }`,
        [scope.all ? 'on' : 'off', scope.depositorIds.join(',')],
      );
      return fn(em);
    });
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
