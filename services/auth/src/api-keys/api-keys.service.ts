import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, depositorScope, FULL_SCOPE, type MachineClient, type MachineKind, type Scope } from '@portal/contracts';
import { Db } from '@portal/db';

export interface ResolvedClient {
  client: MachineClient;
  scope: Scope;
}

export interface NewApiKey {
  name: string;
  kind: MachineKind;
  allDepositors?: boolean;
  depositorIds?: number[];
  platformIds?: number[];
  /** A chosen key (demo data); otherwise a random one is made. */
  key?: string;
}

interface ClientRow {
  id: number;
  name: string;
  kind: MachineKind;
  all_depositors: boolean;
  depositor_ids: number[];
  platform_ids: number[];
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** API keys of machine clients: stored hashed, each bound to depositors and platforms. */
@Injectable()
export class ApiKeysService {
  constructor(@Inject(Db) private readonly db: Db) {}

  async resolve(key: string): Promise<ResolvedClient> {
    if (typeof key !== 'string' || key.length < 16 || key.length > 200) throw new AppError('invalidApiKey', 'invalid API key');
    // A read, and "last used" kept to the minute: every feed request writing the key's one row would
    // queue the clients of a key behind each other and make each request wait for a disk flush.
    const [row] = await this.db.system.query<ClientRow>(
      `WITH k AS (
         SELECT id, name, kind, all_depositors, depositor_ids, platform_ids, last_used_at FROM api_keys
          WHERE key_hash = $1 AND revoked_at IS NULL),
       touched AS (
         UPDATE api_keys SET last_used_at = now() FROM k
          WHERE api_keys.id = k.id AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute'))
       SELECT id, name, kind, all_depositors, depositor_ids, platform_ids FROM k`,
      [sha256(key)],
    );
    if (!row) throw new AppError('invalidApiKey', 'invalid API key');
    return {
      client: { id: row.id, name: row.name, kind: row.kind, platformIds: row.platform_ids },
      scope: row.all_depositors ? FULL_SCOPE : depositorScope(row.depositor_ids),
    };
  }
}

/** Creates a key and returns it in clear, the only time it is seen (back office, tests, demo). */
export async function createApiKey(db: Db, input: NewApiKey): Promise<string> {
  const key = input.key ?? `pk_${input.kind}_${randomBytes(24).toString('base64url')}`;
  await db.system.query(
    `INSERT INTO api_keys (name, kind, key_prefix, key_hash, all_depositors, depositor_ids, platform_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key_hash) DO NOTHING`,
    [
      input.name,
      input.kind,
      key.slice(0, 12),
      sha256(key),
      input.allDepositors ?? false,
      input.depositorIds ?? [],
      input.platformIds ?? [],
    ],
  );
  return key;
}
