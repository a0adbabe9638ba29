import path from 'node:path';

/** Where the portal keeps its files (embedded PostgreSQL cluster, uploaded files). */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? 'data');
}

/**
 * The database URL of a service: `<SERVICE>_DATABASE_URL` verbatim, else `DATABASE_URL` with the
 * database name suffixed by the service (`portal` -> `portal_auth`), else undefined (embedded).
 */
export function serviceDatabaseUrl(service: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = env[`${service.toUpperCase().replace(/-/g, '_')}_DATABASE_URL`];
  if (own) return own;
  if (!env.DATABASE_URL) return undefined;
  return withDatabase(env.DATABASE_URL, `${databaseName(env.DATABASE_URL) || 'portal'}_${service.replace(/-/g, '_')}`);
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}
