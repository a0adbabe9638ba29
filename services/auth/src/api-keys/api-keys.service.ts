import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, OutboxRelay, recordAuditChange } from '@portal/bus';
import {
  adminReach,
  adminReachOf,
  API_KEY_MANAGERS,
  API_KEY_REVOKED,
  AppError,
  CLIENT_KEY_DEFAULT_RATE,
  CLIENT_KEY_MAX_DAYS,
  clientKeyRoles,
  createApiKeySchema,
  depositorScope,
  FULL_SCOPE,
  hasAnyRole,
  parseBody,
  type ApiKeyDto,
  type ApiKeyRevokedEvent,
  type CallerContext,
  type ClientKeyRight,
  type CreatedApiKeyDto,
  type MachineClient,
  type MachineKind,
  type Scope,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { ScopeCodes } from '../sessions/scope-codes';
import { effectiveRoles } from '../users/user.presenter';

export interface ResolvedClient {
  client: MachineClient;
  scope: Scope;
  /** Client keys: the roles their rights stand for, and their calls per minute. */
  roles?: string[];
  ratePerMinute?: number;
  expiresAt?: string | null;
  /** Client keys: their creator, whose changes (rights, deactivation) the gateways follow at once. */
  creatorUuid?: string;
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

/** A client key's creator as they are now (their columns null when they are gone). */
interface CreatorColumns {
  creator_uuid: string | null;
  creator_active: boolean;
  creator_roles: string[] | null;
  creator_group_roles: string[];
  creator_depositor_ids: number[] | null;
  creator_activity_ids: number[] | null;
  creator_store_ids: number[] | null;
}

/** Read beside a key (`k`) joined to its creator (`u`): the roles of their groups as sessions read them. */
const CREATOR = `u.uuid AS creator_uuid, (u.id IS NOT NULL AND NOT u.disabled) AS creator_active, u.roles AS creator_roles,
  COALESCE((SELECT array_agg(DISTINCT r) FROM user_role_groups ug JOIN role_groups g ON g.id = ug.group_id, unnest(g.roles) r
            WHERE ug.user_id = u.id), '{}') AS creator_group_roles,
  u.depositor_ids AS creator_depositor_ids, u.activity_ids AS creator_activity_ids, u.store_ids AS creator_store_ids`;

interface ClientRow extends CreatorColumns {
  id: number;
  name: string;
  kind: MachineKind;
  all_depositors: boolean;
  depositor_ids: number[];
  platform_ids: number[];
  rights: string[];
  rate_per_minute: number | null;
  expires_at: Date | null;
  expired: boolean;
  first_in_hour: boolean;
}

interface ListedRow extends CreatorColumns {
  id: number;
  name: string;
  key_prefix: string;
  depositor_ids: number[];
  platform_ids: number[];
  rights: ClientKeyRight[];
  rate_per_minute: number | null;
  created_at: Date;
  created_by_login: string | null;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const LISTED = `k.id, k.name, k.key_prefix, k.depositor_ids, k.platform_ids, k.rights, k.rate_per_minute, k.created_at,
  k.created_by_login, k.last_used_at, k.expires_at, k.revoked_at, ${CREATOR}`;
/** A client key is usable while its creator is: machine keys have none. */
const USABLE = `(k.kind <> 'client' OR k.creator_active)`;
const RESOLVE_SQL = `
  WITH k AS (
    SELECT k.id, k.name, k.kind, k.all_depositors, k.depositor_ids, k.platform_ids, k.rights, k.rate_per_minute, k.last_used_at,
           k.expires_at, k.expires_at IS NOT NULL AND k.expires_at <= now() AS expired, ${CREATOR}
      FROM api_keys k LEFT JOIN users u ON k.kind = 'client' AND u.id = k.created_by
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL),
  touched AS (
    UPDATE api_keys SET last_used_at = now() FROM k
     WHERE api_keys.id = k.id AND NOT k.expired AND ${USABLE}
       AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute'))
  SELECT k.*, NOT k.expired AND ${USABLE} AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 hour') AS first_in_hour
    FROM k`;

/** API keys of machine clients and of depositors' own systems: stored hashed, each bound to depositors and platforms. */
@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly outbox: OutboxRelay,
    private readonly scopeCodes: ScopeCodes,
  ) {}

  async resolve(key: string, requestId = 'system'): Promise<ResolvedClient> {
    if (typeof key !== 'string' || key.length < 16 || key.length > 200) throw new AppError('invalidApiKey', 'invalid API key');
    // A read, and "last used" kept to the minute: every feed request writing the key's one row would
    // queue the clients of a key behind each other and make each request wait for a disk flush.
    const [row] = await this.db.system.query<ClientRow>(RESOLVE_SQL, [sha256(key)]);
    if (!row) throw new AppError('invalidApiKey', 'invalid API key');
    if (row.expired) throw new AppError('invalidApiKey', 'API key expired');
    const client: MachineClient = { id: row.id, name: row.name, kind: row.kind, platformIds: row.platform_ids };
    if (row.kind !== 'client') return { client, scope: row.all_depositors ? FULL_SCOPE : depositorScope(row.depositor_ids) };
    const scope = await this.clientScope(row);
    if (!scope || !row.creator_uuid) throw new AppError('invalidApiKey', 'the creator of this API key is deactivated or removed');
    const resolved = {
      client,
      scope,
      roles: clientKeyRoles(row.rights),
      ratePerMinute: row.rate_per_minute ?? CLIENT_KEY_DEFAULT_RATE,
      expiresAt: row.expires_at?.toISOString() ?? null,
      creatorUuid: row.creator_uuid,
    };
    if (row.first_in_hour) await this.auditUse(resolved, requestId);
    return resolved;
  }

  /**
   * A client key's scope: the depositors and platforms its creator gave it, within the creator's reach
   * and limits as they are now (read again at each resolution, so that the key never reaches wider than
   * its creator, even once narrowed); null when the creator is deactivated or gone. The provider's
   * administrators (every depositor in reach) have no limits to give.
   */
  private async clientScope(row: CreatorColumns & { depositor_ids: number[]; platform_ids: number[] }): Promise<Scope | null> {
    if (!row.creator_active) return null;
    const reach = adminReachOf(
      effectiveRoles(row.creator_roles ?? [], [{ roles: row.creator_group_roles }]),
      row.creator_depositor_ids ?? [],
    );
    // A client key never reaches every depositor: only those its creator gave it (an empty list: none).
    const keyScope: Scope = { ...depositorScope(row.depositor_ids), platformIds: row.platform_ids };
    if (reach.all) return keyScope;
    const depositorIds = row.depositor_ids.filter((id) => reach.depositorIds.includes(id));
    // The limits in codes over all the creator's depositors (per depositor, as for their sessions), then the key's only.
    const limits = await this.scopeCodes.withKeys({
      ...reach,
      activityIds: row.creator_activity_ids ?? [],
      storeIds: row.creator_store_ids ?? [],
    });
    const ofKey = (code: string) => depositorIds.includes(Number(code.slice(0, code.indexOf(':'))));
    return {
      ...keyScope,
      depositorIds,
      activityIds: limits.activityIds,
      storeIds: limits.storeIds,
      activityKeys: limits.activityKeys.filter(ofKey),
      storeKeys: limits.storeKeys.filter(ofKey),
    };
  }

  /**
   * A key's use, sampled: its first call of each hour goes to the audit trail (every call would drown
   * the trail; what a key changes is audited by the services with the key as actor, and the list shows
   * its last use to the minute).
   */
  private async auditUse(resolved: Required<Omit<ResolvedClient, 'creatorUuid'>>, requestId: string): Promise<void> {
    const ctx: CallerContext = {
      requestId,
      client: resolved.client,
      roles: resolved.roles,
      scope: resolved.scope,
      locale: 'fr_FR',
      timezone: 'Europe/Paris',
    };
    await this.db.system.transaction((em) =>
      recordAuditChange(em, ctx, 'auth', {
        entity: 'api-key',
        id: resolved.client.id,
        label: resolved.client.name,
        action: 'used',
        depositorIds: resolved.scope.depositorIds,
        before: null,
        after: { usedAt: new Date().toISOString() },
      }),
    );
    this.outbox.kick();
  }

  /** Settings > Intégrations: a key for the caller's depositors (within their reach), its secret answered this once. */
  async create(ctx: CallerContext, raw: unknown): Promise<CreatedApiKeyDto> {
    this.mayManage(ctx);
    const input = parseBody(createApiKeySchema, raw);
    const reach = adminReach(ctx);
    const depositorIds = [...new Set(input.depositorIds)].sort((a, b) => a - b);
    const platformIds = [...new Set(input.platformIds)].sort((a, b) => a - b);
    if (!reach.all && depositorIds.some((id) => !reach.depositorIds.includes(id))) {
      throw new AppError('permissionDenied', 'a key reaches only depositors its creator administers');
    }
    if (ctx.scope.platformIds.length && platformIds.some((id) => !ctx.scope.platformIds.includes(id))) {
      throw new AppError('permissionDenied', 'a key reaches only platforms its creator reaches');
    }
    // A creator limited to some platforms gives their key no more than those.
    const keyPlatforms = platformIds.length ? platformIds : [...ctx.scope.platformIds];
    let expiresAt: Date | null = null;
    if (input.expiresAt) {
      expiresAt = new Date(input.expiresAt);
      const days = (expiresAt.getTime() - Date.now()) / 86_400_000;
      if (!Number.isFinite(days) || days <= 0 || days > CLIENT_KEY_MAX_DAYS) {
        throw new AppError('validationFailed', 'expiry out of range', undefined, { expiresAt: 'invalidFormat' });
      }
    }
    const rights = [...new Set(input.rights)];
    const secret = `pk_client_${randomBytes(24).toString('base64url')}`;
    const row = await this.db.system.transaction(async (em) => {
      const [inserted] = (await em.query(
        `INSERT INTO api_keys (name, kind, key_prefix, key_hash, depositor_ids, platform_ids, rights, rate_per_minute, expires_at,
                               created_by, created_by_login)
         VALUES ($1, 'client', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, name, key_prefix`,
        [
          input.name,
          secret.slice(0, 14),
          sha256(secret),
          depositorIds,
          keyPlatforms,
          rights,
          input.ratePerMinute ?? CLIENT_KEY_DEFAULT_RATE,
          expiresAt,
          ctx.user?.id ?? null,
          ctx.user?.login ?? null,
        ],
      )) as Pick<ListedRow, 'id' | 'name' | 'key_prefix'>[];
      await recordAuditChange(em, ctx, 'auth', {
        entity: 'api-key',
        id: inserted.id,
        label: inserted.name,
        action: 'created',
        depositorIds,
        before: null,
        after: { name: inserted.name, depositorIds, platformIds: keyPlatforms, rights, expiresAt, prefix: inserted.key_prefix },
      });
      return inserted;
    });
    this.outbox.kick();
    return { ...(await this.listed(row.id)), secret };
  }

  /** The client keys of the caller's depositors (all of them for the provider's administrators), newest first. */
  async list(ctx: CallerContext): Promise<ApiKeyDto[]> {
    this.mayManage(ctx);
    const reach = adminReach(ctx);
    const rows = await this.db.system.query<ListedRow>(
      `SELECT ${LISTED} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
        WHERE k.kind = 'client' AND ($1 OR k.depositor_ids <@ $2::int[]) ORDER BY k.created_at DESC, k.id DESC`,
      [reach.all, reach.depositorIds],
    );
    return Promise.all(rows.map((row) => this.present(row)));
  }

  /** One key as listed, with its creator's limits now (just made or revoked: the caller reaches it). */
  private async listed(id: number): Promise<ApiKeyDto> {
    const [row] = await this.db.system.query<ListedRow>(
      `SELECT ${LISTED} FROM api_keys k LEFT JOIN users u ON u.id = k.created_by WHERE k.id = $1`,
      [id],
    );
    return this.present(row);
  }

  private async present(row: ListedRow): Promise<ApiKeyDto> {
    const expired = row.expires_at !== null && row.expires_at.getTime() <= Date.now();
    const scope = await this.clientScope(row);
    return {
      id: row.id,
      name: row.name,
      prefix: row.key_prefix,
      depositorIds: row.depositor_ids,
      platformIds: row.platform_ids,
      rights: row.rights,
      ratePerMinute: row.rate_per_minute ?? CLIENT_KEY_DEFAULT_RATE,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by_login,
      activityKeys: scope?.activityKeys ?? [],
      storeKeys: scope?.storeKeys ?? [],
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      expiresAt: row.expires_at?.toISOString() ?? null,
      revokedAt: row.revoked_at?.toISOString() ?? null,
      status: row.revoked_at ? 'revoked' : expired ? 'expired' : scope ? 'active' : 'suspended',
    };
  }

  /** Revokes a key at once: refused from now on by auth, forgotten by every gateway through the event. */
  async revoke(ctx: CallerContext, id: unknown): Promise<ApiKeyDto> {
    this.mayManage(ctx);
    const keyId = Number(id);
    if (!Number.isSafeInteger(keyId) || keyId < 1 || keyId > 2_147_483_647) throw new AppError('objectNotFound', 'no such key');
    const reach = adminReach(ctx);
    const row = await this.db.system.transaction(async (em) => {
      // An UPDATE … RETURNING answers [rows, count] through TypeORM's PostgreSQL driver.
      const [[revoked]] = (await em.query(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now())
          WHERE id = $1 AND kind = 'client' AND ($2 OR depositor_ids <@ $3::int[]) RETURNING id, name, depositor_ids, revoked_at`,
        [keyId, reach.all, reach.depositorIds],
      )) as [Pick<ListedRow, 'id' | 'name' | 'depositor_ids' | 'revoked_at'>[], number];
      if (!revoked) throw new AppError('objectNotFound', 'no such key');
      await addToOutbox<ApiKeyRevokedEvent>(em, 'auth', API_KEY_REVOKED, { keyId });
      await recordAuditChange(em, ctx, 'auth', {
        entity: 'api-key',
        id: keyId,
        label: revoked.name,
        action: 'revoked',
        depositorIds: revoked.depositor_ids,
        before: { revokedAt: null },
        after: { revokedAt: revoked.revoked_at },
      });
      return revoked;
    });
    this.outbox.kick();
    return this.listed(row.id);
  }

  /** Users only, with the right to administer users (theirs or every depositor's): never a key making keys. */
  private mayManage(ctx: CallerContext): void {
    if (!ctx.user || ctx.client || !hasAnyRole(ctx.roles, API_KEY_MANAGERS)) throw new AppError('permissionDenied', 'permission denied');
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
