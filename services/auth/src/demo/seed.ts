import { hashPassword } from '@portal/auth';
import { randomUUID } from 'node:crypto';
import { APPLICATION_ROLES, canPinTile, Role, TILE_SIZES, type DateRange } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { createApiKey } from '../api-keys/api-keys.service';
import { currentProfileId } from '../dashboard/dashboard-profiles.service';

/** The password of every demo user (README). */
export const DEMO_PASSWORD = 'Portal2026';

/** Demo depositor ids, as the admin service seeds them: DEMO-A, DEMO-B, DEMO-C. */
const DEMO_A = 1;
const DEMO_B = 2;

interface DemoUser {
  uuid: string;
  login: string;
  email: string;
  firstname: string;
  lastname: string;
  roles: string[];
  depositorIds: number[];
  /** Back office ids of the activities and stores the user is limited to (none: all of them). */
  activityIds?: number[];
  storeIds?: number[];
  language?: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    uuid: '00000000-0000-4000-8000-000000000001',
    login: 'admin',
    email: 'admin@portal.localhost',
    firstname: 'Admin',
    lastname: 'Portail',
    roles: [Role.ADMIN],
    depositorIds: [],
  },
  {
    uuid: '00000000-0000-4000-8000-000000000002',
    login: 'alice',
    email: 'alice.martin@demo-a.example',
    firstname: 'Alice',
    lastname: 'Martin',
    // Alice also searches by carrier tracking number (spec §6 tracker number search) imports Huby orders and enters Loop orders,
    // mails the final recipient of her alerts (VIP Premium) with her own subjects; bob does none of it.
    roles: [
      ...APPLICATION_ROLES,
      Role.USER_CREATE_HUBY_ORDER,
      Role.USER_HUBY_DANGEROUS_GOODS,
      Role.USER_TRACKER_NUMBER_SEARCH,
      Role.USER_IMPORT_HUBY,
      Role.USER_CREATE_LOOP_ORDER,
      // Alice files claims (create, read, delete her drafts); the provider's claims desk (admin) processes and closes them.
      Role.USER_CLAIM_CREATE,
      Role.USER_CLAIM_READ,
      Role.USER_CLAIM_DELETE,
      Role.USER_VIP_PREMIUM,
      Role.USER_CUSTOM_ALERT_SUBJECT,
      // The reports library with the money figures (bob reads the general ones without them). Not STOCK_MVT_DETAILS:
      // her movements list keeps the columns of a laptop screen (the movement details report is the administrator's).
      Role.REPORT_USER,
      Role.REPORT_USER_MESSAGERIE,
      Role.REPORT_USER_TRANSIT,
      Role.READ_TURNOVER,
      Role.REPORT_USER_1002,
      Role.REPORT_USER_1003,
    ],
    depositorIds: [DEMO_A, DEMO_B],
  },
  {
    uuid: '00000000-0000-4000-8000-000000000003',
    login: 'bob',
    email: 'bob.durand@demo-b.example',
    firstname: 'Bob',
    lastname: 'Durand',
    // My VIP and My DOC without VIP Premium nor custom subjects (his weekly demo alert); the general reports without money figures.
    roles: [Role.PGT_USER, Role.STOCK_USER, Role.ALERT_USER, Role.REPORT_USER],
    depositorIds: [DEMO_B],
  },
  {
    uuid: '00000000-0000-4000-8000-000000000004',
    login: 'carla',
    email: 'carla.rossi@portal.localhost',
    firstname: 'Carla',
    lastname: 'Rossi',
    roles: [Role.ADMIN_USERS, Role.ADMIN_DEPOSITOR],
    depositorIds: [],
    language: 'it_IT',
  },
  {
    // Limited to DEMO-A's e-commerce activity and its Bussy-Saint-Georges store (spec §6 scope).
    uuid: '00000000-0000-4000-8000-000000000005',
    login: 'denis',
    email: 'denis.moreau@demo-a.example',
    firstname: 'Denis',
    lastname: 'Moreau',
    roles: [Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER, Role.STOCK_USER, Role.ITEM_USER],
    depositorIds: [DEMO_A],
    activityIds: [3],
    storeIds: [2],
  },
];

const ROLE_GROUPS = [
  { code: 'TRANSPORT', label: 'Suivi transport', roles: [Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER] },
  { code: 'STOCK', label: 'Gestion de stock', roles: [Role.STOCK_USER, Role.ITEM_USER] },
  { code: 'SHIPPING', label: 'Expédition Huby', roles: [Role.DASHTOWER_USER, Role.HUBY_USER] },
];

/**
 * The dashboard a demo user starts with: the operational charts of their depositors (late
 * deliveries, this week's deliveries, anomalies, blocked stock), those their roles read.
 */
export const DEMO_TILES: { source: string; chart: 'bar' | 'pie'; size: keyof typeof TILE_SIZES }[] = [
  { source: 'late-deliveries', chart: 'bar', size: 'large' },
  { source: 'week-deliveries-by-status', chart: 'pie', size: 'large' },
  { source: 'anomalies-by-carrier', chart: 'bar', size: 'large' },
  { source: 'blocked-stock-by-code', chart: 'bar', size: 'large' },
];

/** The owner of the demo's master dashboard profiles: carla, the provider's administrator of users (who publishes masters). */
const MASTERS_OWNER = '00000000-0000-4000-8000-000000000004';

/**
 * The demo's master dashboard profiles (spec §3 master flag): report tiles of the preset reports,
 * for users to copy ("copy of a master"); a copier gets the tiles their report rights open.
 */
export const DEMO_MASTER_PROFILES: {
  number: number;
  name: string;
  tiles: { report: string; size: keyof typeof TILE_SIZES; range?: DateRange }[];
}[] = [
  {
    number: 2,
    name: 'Performance des livraisons',
    tiles: [
      { report: '1005', size: 'extraLarge' },
      { report: '10', size: 'large' },
      { report: '59', size: 'large' },
      { report: '159', size: 'large', range: 'last3Months' },
      { report: '1008', size: 'normal' },
    ],
  },
  {
    number: 3,
    name: 'Pilotage du stock',
    tiles: [
      { report: '1010', size: 'extraLarge' },
      { report: '161', size: 'large' },
      { report: '189', size: 'large' },
      { report: '1018', size: 'normal' },
      { report: '240', size: 'large' },
    ],
  },
];

/** The masters, after the owner's first profile (made current, holding their demo tiles). */
async function seedMasterProfiles(em: EntityManager, ownerId: number): Promise<void> {
  const [first] = await em.query<{ id: number }[]>(
    `INSERT INTO dashboard_profiles (user_id, number, current) VALUES ($1, 1, true) RETURNING id`,
    [ownerId],
  );
  await em.query(`UPDATE dashboard_tiles SET profile_id = $2 WHERE user_id = $1 AND profile_id IS NULL`, [ownerId, first.id]);
  for (const m of DEMO_MASTER_PROFILES) {
    const [created] = await em.query<{ id: number }[]>(
      `INSERT INTO dashboard_profiles (user_id, number, name, master) VALUES ($1, $2, $3, true) RETURNING id`,
      [ownerId, m.number, m.name],
    );
    for (const [x, t] of m.tiles.entries()) {
      const { width, height } = TILE_SIZES[t.size];
      await em.query(
        `INSERT INTO dashboard_tiles (uuid, user_id, profile_id, id_object, type, width, height, x, config)
         VALUES ($1, $2, $3, $4, 'report', $5, $6, $7, $8)`,
        [randomUUID(), ownerId, created.id, t.report, width, height, x, t.range ? { range: t.range } : {}],
      );
    }
  }
}

/** API keys of the demo machine clients (README): the warehouse system and the carriers' webhooks. */
export const DEMO_API_KEYS = {
  warehouse: 'demo-warehouse-feed-key-2026',
  carrier: 'demo-carrier-webhook-key-2026',
} as const;

async function seedDemoTiles(em: EntityManager, userId: number, roles: readonly string[]): Promise<void> {
  const tiles = DEMO_TILES.filter((t) => canPinTile(roles, { type: 'chart', id_object: t.source }));
  if (!tiles.length) return;
  const profileId = await currentProfileId(em, userId);
  for (const [x, t] of tiles.entries()) {
    const { width, height } = TILE_SIZES[t.size];
    await em.query(
      `INSERT INTO dashboard_tiles (uuid, user_id, profile_id, id_object, type, width, height, x, config)
       VALUES ($1, $2, $3, $4, 'chart', $5, $6, $7, $8)`,
      [randomUUID(), userId, profileId, t.source, width, height, x, { chart: t.chart, source: t.source }],
    );
  }
}

/** Deterministic demo users, role groups, master dashboard profiles and machine keys; running it again changes nothing. */
export async function seedAuthDemo(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.system.transaction(async (em) => {
    for (const g of ROLE_GROUPS) {
      await em.query(`INSERT INTO role_groups (code, label, roles) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING`, [
        g.code,
        g.label,
        g.roles,
      ]);
    }
    // Demo users start with label auto-print off (a new user has the spec's default, on): the demo's
    // labelled shipments would otherwise open the label popup on the first visit to Dashtower.
    for (const u of DEMO_USERS) {
      const created: { id: number }[] = await em.query(
        `INSERT INTO users (uuid, login, email, password_hash, firstname, lastname, roles, depositor_ids, activity_ids, store_ids, language,
           auto_print)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, false) ON CONFLICT (uuid) DO NOTHING RETURNING id`,
        [
          u.uuid,
          u.login,
          u.email,
          hash,
          u.firstname,
          u.lastname,
          u.roles,
          u.depositorIds,
          u.activityIds ?? [],
          u.storeIds ?? [],
          u.language ?? 'fr_FR',
        ],
      );
      // Only for a user created now: a demo user who changed their dashboard (or deleted a master) keeps it across restarts.
      if (!created.length) continue;
      // The role groups whose every role the user has: the users list shows them, as for a real team.
      await em.query(
        `INSERT INTO user_role_groups (user_id, group_id) SELECT $1, g.id FROM role_groups g WHERE g.roles <@ $2::text[] ON CONFLICT DO NOTHING`,
        [created[0].id, u.roles],
      );
      await seedDemoTiles(em, created[0].id, u.roles);
      if (u.uuid === MASTERS_OWNER) await seedMasterProfiles(em, created[0].id);
    }
  });
  await createApiKey(db, { name: 'WMS (demo)', kind: 'warehouse', allDepositors: true, key: DEMO_API_KEYS.warehouse });
  await createApiKey(db, { name: 'Carriers (demo)', kind: 'carrier', allDepositors: true, key: DEMO_API_KEYS.carrier });
}
