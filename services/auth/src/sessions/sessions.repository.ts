import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { adminReachOf, FULL_SCOPE, Role, type Scope } from '@portal/contracts';
import { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { effectiveRoles } from '../users/user.presenter';

/** What the gateway needs to build a CallerContext, read in one query. */
export interface ResolvedSession {
  user: { id: number; uuid: string; login: string; sessionId: string };
  roles: string[];
  scope: Scope;
  /** The depositors the user administers (back office), from those an administrator gave them. */
  adminReach: Scope;
  locale: string;
  timezone: string;
}

interface SessionRow {
  id: number;
  uuid: string;
  login: string;
  roles: string[];
  group_roles: string[];
  depositor_ids: number[];
  activity_ids: number[];
  store_ids: number[];
  filter_depositor_ids: number[];
  filter_activity_ids: number[];
  filter_store_ids: number[];
  filter_platform_ids: number[];
  language: string;
  timezone: string;
}

const RESOLVE_SQL = `
  SELECT u.id, u.uuid, u.login, u.roles, u.depositor_ids, u.activity_ids, u.store_ids,
         u.filter_depositor_ids, u.filter_activity_ids, u.filter_store_ids, u.filter_platform_ids, u.language, u.timezone,
         COALESCE((SELECT array_agg(DISTINCT r) FROM user_role_groups ug
                   JOIN role_groups g ON g.id = ug.group_id, unnest(g.roles) r
                   WHERE ug.user_id = u.id), '{}') AS group_roles
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT u.disabled`;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  async open(userId: number, maxHours: number, ip?: string, userAgent?: string, em?: EntityManager): Promise<string> {
    const id = randomUUID();
    await (em ?? this.db.system.dataSource.manager).query(
      `INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`,
      [id, userId, maxHours, ip ?? null, userAgent?.slice(0, 300) ?? null],
    );
    return id;
  }

  async resolve(sessionId: string): Promise<ResolvedSession | null> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
    const [row] = await this.db.system.query<SessionRow>(RESOLVE_SQL, [sessionId]);
    if (!row) return null;
    const roles = effectiveRoles(row.roles, [{ roles: row.group_roles }]);
    return {
      user: { id: row.id, uuid: row.uuid, login: row.login, sessionId },
      roles,
      scope: scopeOf(roles, row),
      adminReach: adminReachOf(roles, row.depositor_ids),
      locale: row.language,
      timezone: row.timezone,
    };
  }

  async revoke(sessionId: string, em?: EntityManager): Promise<void> {
    await (em ?? this.db.system.dataSource.manager).query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
  }

  async revokeAllOf(userId: number, em?: EntityManager): Promise<void> {
    await (em ?? this.db.system.dataSource.manager).query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
  }
}

/**
 * ADMIN sees every depositor; others see what an administrator allowed, narrowed by their own
 * filter (Settings > filter) when they chose one.
 */
export function scopeOf(
  roles: string[],
  row: Omit<SessionRow, 'id' | 'uuid' | 'login' | 'roles' | 'group_roles' | 'language' | 'timezone'>,
): Scope {
  if (roles.includes(Role.ADMIN)) return FULL_SCOPE;
  const narrow = (allowed: number[], chosen: number[]) => (chosen.length ? allowed.filter((id) => chosen.includes(id)) : allowed);
  // No activity or store list means every one of the allowed depositors: a filter then narrows it.
  const narrowOpen = (allowed: number[], chosen: number[]) => (allowed.length ? narrow(allowed, chosen) : chosen);
  return {
    all: false,
    depositorIds: narrow(row.depositor_ids, row.filter_depositor_ids),
    activityIds: narrowOpen(row.activity_ids, row.filter_activity_ids),
    storeIds: narrowOpen(row.store_ids, row.filter_store_ids),
    // Platforms are never restricted by an administrator: only the user's own filter narrows them.
    platformIds: row.filter_platform_ids ?? [],
    // Resolved into codes by ScopeCodes (auth asks the back office).
    activityKeys: [],
    storeKeys: [],
  };
}
