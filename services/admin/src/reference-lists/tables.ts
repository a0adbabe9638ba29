import {
  ADMIN_ACTIVITIES_LIST,
  ADMIN_DEPOSITORS_LIST,
  ADMIN_PLATFORMS_LIST,
  ADMIN_STORES_LIST,
  activityInput,
  AppError,
  depositorInput,
  platformInput,
  storeInput,
  type ActivityInput,
  type DepositorInput,
  type PlatformInput,
  type StoreInput,
} from '@portal/contracts';
import { likeLiteral, rowsOf, type ScopedWhere } from '@portal/db';
import type { ReferenceTable } from '@portal/bus';

/** `q`: part of the code or of the label, case-insensitive. */
function search(w: ScopedWhere, q: string | undefined): void {
  if (!q) return;
  const like = w.param(`%${likeLiteral(q)}%`);
  w.and(`(t.code ILIKE ${like} OR t.label ILIKE ${like})`);
}

const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const DEPOSITORS: ReferenceTable<typeof ADMIN_DEPOSITORS_LIST, DepositorInput> = {
  service: 'admin',
  entity: 'depositor',
  table: 'depositors',
  select: `SELECT t.id, t.code, t.label, t.action_delay_on_address, ${stamp('t.logo_updated_at')} AS "logoUpdatedAt",
      (SELECT count(*)::int FROM activities a WHERE a.depositor_id = t.id) AS activities,
      (SELECT count(*)::int FROM stores s WHERE s.depositor_id = t.id) AS stores
    FROM depositors t`,
  list: ADMIN_DEPOSITORS_LIST,
  sorts: { code: 't.code', label: 't.label', id: 't.id' },
  notNull: new Set(['t.code', 't.label']),
  filter(w, f) {
    search(w, f.q);
  },
  input: depositorInput,
  columns: (i) => ({ code: i.code, label: i.label, action_delay_on_address: i.action_delay_on_address ?? null }),
  unique: { depositors_code_unique: { key: 'depositorCodeAlreadyExists', field: 'code', columns: ['code'] } },
  depositor: { column: 't.id', of: (row) => row.id as number },
  createsDepositor: true,
};

/** Platforms are the provider's, shared by every depositor (a user's Settings narrow to some): no depositor column. */
export const PLATFORMS: ReferenceTable<typeof ADMIN_PLATFORMS_LIST, PlatformInput> = {
  service: 'admin',
  entity: 'platform',
  table: 'platforms',
  select: `SELECT t.id, t.code, t.label, t.town, (SELECT count(*)::int FROM stores s WHERE s.platform_id = t.id) AS stores FROM platforms t`,
  list: ADMIN_PLATFORMS_LIST,
  sorts: { code: 't.code', label: 't.label', town: 't.town', id: 't.id' },
  notNull: new Set(['t.code', 't.label', 't.town']),
  filter(w, f) {
    if (!f.q) return;
    const like = w.param(`%${likeLiteral(f.q)}%`);
    w.and(`(t.code ILIKE ${like} OR t.label ILIKE ${like} OR t.town ILIKE ${like})`);
  },
  input: platformInput,
  columns: (i) => ({ code: i.code, label: i.label, town: i.town }),
  unique: { platforms_code_unique: { key: 'platformCodeAlreadyExists', field: 'code', columns: ['code'] } },
  // Stores would silently lose their platform: the administrator moves them first.
  beforeDelete: async (em, id) => {
    const [{ count }] = rowsOf<{ count: number }>(await em.query(`SELECT count(*)::int AS count FROM stores WHERE platform_id = $1`, [id]));
    if (count > 0) throw new AppError('platformInUse', 'the platform still holds stores', { stores: count });
  },
};

export const ACTIVITIES: ReferenceTable<typeof ADMIN_ACTIVITIES_LIST, ActivityInput> = {
  service: 'admin',
  entity: 'activity',
  table: 'activities',
  select: `SELECT t.id, t.depositor_id AS "depositorId", d.code AS "depositorCode", t.code, t.label
    FROM activities t JOIN depositors d ON d.id = t.depositor_id`,
  list: ADMIN_ACTIVITIES_LIST,
  sorts: { code: 't.code', label: 't.label', depositorId: 't.depositor_id', id: 't.id' },
  notNull: new Set(['t.code', 't.label', 't.depositor_id']),
  filter(w, f) {
    search(w, f.q);
    w.equals('t.depositor_id', f.depositorId);
  },
  input: activityInput,
  columns: (i) => ({ depositor_id: i.depositorId, code: i.code, label: i.label }),
  unique: { activities_depositor_code: { key: 'activityCodeAlreadyExists', field: 'code', columns: ['depositor_id', 'code'] } },
  references: { activities_depositor_fk: { field: 'depositorId', column: 'depositor_id', table: 'depositors' } },
  depositor: { column: 't.depositor_id', of: (row) => row.depositorId as number },
};

export const STORES: ReferenceTable<typeof ADMIN_STORES_LIST, StoreInput> = {
  service: 'admin',
  entity: 'store',
  table: 'stores',
  select: `SELECT t.id, t.depositor_id AS "depositorId", d.code AS "depositorCode", t.platform_id AS "platformId",
      p.code AS "platformCode", t.code, t.label
    FROM stores t JOIN depositors d ON d.id = t.depositor_id LEFT JOIN platforms p ON p.id = t.platform_id`,
  list: ADMIN_STORES_LIST,
  sorts: { code: 't.code', label: 't.label', depositorId: 't.depositor_id', id: 't.id' },
  notNull: new Set(['t.code', 't.label', 't.depositor_id']),
  filter(w, f) {
    search(w, f.q);
    w.equals('t.depositor_id', f.depositorId).equals('t.platform_id', f.platformId);
  },
  input: storeInput,
  columns: (i) => ({ depositor_id: i.depositorId, platform_id: i.platformId ?? null, code: i.code, label: i.label }),
  unique: { stores_depositor_code: { key: 'storeCodeAlreadyExists', field: 'code', columns: ['depositor_id', 'code'] } },
  references: {
    stores_depositor_fk: { field: 'depositorId', column: 'depositor_id', table: 'depositors' },
    stores_platform_fk: { field: 'platformId', column: 'platform_id', table: 'platforms' },
  },
  depositor: { column: 't.depositor_id', of: (row) => row.depositorId as number },
};
