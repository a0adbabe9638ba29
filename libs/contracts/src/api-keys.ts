import { z } from 'zod';
import { bodyField as f } from './body';
import { FIELD_ERRORS } from './errors';
import type { CallerContext } from './context';
import { Role } from './roles';

/**
 * API keys of a depositor's own systems (issue 35): rights a key may hold, each the read (or create)
 * roles it stands for and the only gateway routes it opens. The one table the gateway guard, the
 * services' role checks (through the roles) and the OpenAPI document read.
 */
export const CLIENT_KEY_RIGHTS = {
  /** Orders and deliveries: Pack and Go Tracer and Tracer Route reads. */
  orders: {
    roles: [Role.PGT_USER, Role.TRACERROUTE_USER],
    routes: ['GET /api/orders', 'GET /api/orders/:id', 'GET /api/tracerroute', 'GET /api/tracerroute/counts'],
  },
  /** Stock and movements reads. */
  stock: {
    roles: [Role.STOCK_USER],
    routes: ['GET /api/stock', 'GET /api/stock/:id', 'GET /api/movements', 'GET /api/movements/:id'],
  },
  /** Huby shipments and Loop orders: created, and read back. */
  shipments: {
    roles: [Role.DASHTOWER_USER, Role.USER_CREATE_HUBY_ORDER, Role.USER_CREATE_LOOP_ORDER],
    routes: ['POST /api/dashtower/orders', 'GET /api/dashtower/orders/:uuid', 'POST /api/dashtower/loop-orders'],
  },
  /** Claims reads. */
  claims: {
    roles: [Role.USER_CLAIM_READ],
    routes: ['GET /api/claims', 'GET /api/claims/:uuid'],
  },
} as const satisfies Record<string, { roles: readonly string[]; routes: readonly string[] }>;

export type ClientKeyRight = keyof typeof CLIENT_KEY_RIGHTS;
export const CLIENT_KEY_RIGHT_NAMES = Object.keys(CLIENT_KEY_RIGHTS) as ClientKeyRight[];

/** The right that opens `METHOD /path` (the route's pattern, e.g. `GET /api/orders/:id`) to a client key; undefined: none. */
const RIGHT_BY_ROUTE = new Map<string, ClientKeyRight>(
  CLIENT_KEY_RIGHT_NAMES.flatMap((right) => CLIENT_KEY_RIGHTS[right].routes.map((route) => [route, right] as const)),
);
export const clientKeyRightOf = (method: string, routePattern: string): ClientKeyRight | undefined =>
  RIGHT_BY_ROUTE.get(`${method.toUpperCase()} ${routePattern}`);

/** The roles a key's rights stand for in the caller context (the services check them as a user's). */
export const clientKeyRoles = (rights: readonly string[]): string[] => [
  ...new Set(rights.flatMap((right) => (CLIENT_KEY_RIGHTS as Record<string, { roles: readonly string[] }>)[right]?.roles ?? [])),
];

/** Who manages their depositors' keys (Settings > Intégrations): an administrator of users, theirs or the provider's. */
export const API_KEY_MANAGERS: readonly string[] = [Role.ADMIN_USERS];

/** Calls a client key makes per minute unless its creator chose otherwise. */
export const CLIENT_KEY_DEFAULT_RATE = 600;
export const CLIENT_KEY_MAX_RATE = 10_000;
/** A key lives at most this long (an expiry beyond is refused). */
export const CLIENT_KEY_MAX_DAYS = 3 * 366;

const required = { error: FIELD_ERRORS.required };
const ids = () => z.array(z.number().int().positive().max(2_147_483_647), { error: FIELD_ERRORS.invalidFormat });
/** A key as its creator asks it (Settings > Intégrations); its form checks it with this before sending. */
export const createApiKeySchema = z.strictObject(
  {
    name: f.text(100).nonoptional(required),
    depositorIds: ids().min(1, required).max(500, { error: FIELD_ERRORS.max }),
    platformIds: ids().max(500, { error: FIELD_ERRORS.max }).default([]),
    rights: z
      .array(z.enum(CLIENT_KEY_RIGHT_NAMES as [ClientKeyRight, ...ClientKeyRight[]]), { error: FIELD_ERRORS.invalidFormat })
      .min(1, required)
      .max(10, { error: FIELD_ERRORS.max }),
    expiresAt: z.iso.datetime({ offset: true, error: FIELD_ERRORS.invalidFormat }).nullable().optional(),
    ratePerMinute: f.integer(1, CLIENT_KEY_MAX_RATE),
  },
  { error: FIELD_ERRORS.invalidFormat },
);
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as listed: never its secret, only the first characters that tell keys apart. */
export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  depositorIds: number[];
  platformIds: number[];
  rights: ClientKeyRight[];
  ratePerMinute: number;
  createdAt: string;
  createdBy: string | null;
  /**
   * The limits of its creator the key carries now, as `<depositorId>:<code>` of its depositors (empty:
   * every activity, every store): re-read from the creator at each resolution, never stored with the key.
   */
  activityKeys: string[];
  storeKeys: string[];
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** `suspended`: its creator is deactivated or gone, so the key is refused until they are active again. */
  status: 'active' | 'expired' | 'revoked' | 'suspended';
}

/** The answer to a creation: the key once, in clear. */
export interface CreatedApiKeyDto extends ApiKeyDto {
  secret: string;
}

export const ApiKeySubjects = {
  create: 'auth.api-key.create',
  list: 'auth.api-key.list',
  revoke: 'auth.api-key.revoke',
} as const;

/** Payload of EventTypes-like `auth.api-key.revoked`: every gateway forgets the key at once. */
export const API_KEY_REVOKED = 'auth.api-key.revoked';
export interface ApiKeyRevokedEvent {
  keyId: number;
}

/**
 * How a row names who created it (Huby shipments, Loop orders and pickups, a shipment's history: 100
 * characters): a user's login, or a machine caller's key name after this mark, which no login holds
 * (LOGIN_PATTERN has no colon). Screens, exports and the audit trail show it as "API key: <name>".
 */
export const API_KEY_CREATOR_MARK = 'api-key:';
const CREATOR_MAX_CHARS = 100;

/** The creator a row records for the caller: their login, the marked name of their API key, or null (system jobs). */
export function creatorOf(ctx: Pick<CallerContext, 'user' | 'client'>): string | null {
  if (ctx.user) return ctx.user.login;
  if (!ctx.client) return null;
  // Cut by characters (the column's measure), never inside a surrogate pair.
  return Array.from(`${API_KEY_CREATOR_MARK}${ctx.client.name}`).slice(0, CREATOR_MAX_CHARS).join('');
}

/** The key's name when a recorded creator is an API key, else null (a login, or none). */
export function apiKeyCreatorName(creator: string | null | undefined): string | null {
  return creator?.startsWith(API_KEY_CREATOR_MARK) ? creator.slice(API_KEY_CREATOR_MARK.length) : null;
}
