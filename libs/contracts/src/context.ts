/**
 * Who is calling: resolved once per request by the gateway and carried by every bus message.
 * Services take it first in every method and scope every query with it.
 */
export interface CallerContext {
  requestId: string;
  /** Absent for machine clients and system jobs. */
  user?: {
    id: number;
    uuid: string;
    login: string;
    sessionId: string;
  };
  /** A machine client (warehouse system, carrier, probe gateway) calling with an API key. */
  client?: MachineClient;
  roles: string[];
  /** The depositors, activities and stores the caller may see (spec §6). */
  scope: Scope;
  /**
   * The depositors a user administers in the back office (adminReachOf), resolved with the session.
   * Absent (machine clients, system jobs): the scope.
   */
  adminReach?: Scope;
  locale: string;
  timezone: string;
}

/** `client`: a depositor's own system with a key made in Settings > Intégrations (issue 35), calling user routes its rights open. */
export const MACHINE_KINDS = ['warehouse', 'carrier', 'probe', 'client'] as const;
export type MachineKind = (typeof MACHINE_KINDS)[number];

export interface MachineClient {
  id: number;
  name: string;
  kind: MachineKind;
  /** Platforms the key is bound to; empty = any platform of its depositors. */
  platformIds: number[];
}

export interface Scope {
  /** `all`: ADMIN and system callers; otherwise the ids allowed. */
  all: boolean;
  depositorIds: number[];
  /** Activities allowed (empty: every activity of the depositors). */
  activityIds: number[];
  /** Stores allowed (empty: every store of the depositors). */
  storeIds: number[];
  /** Platforms the user narrowed to in Settings (empty: every platform). */
  platformIds: number[];
  /**
   * The allowed activities and stores as `<depositorId>:<code>` keys, resolved by auth: rows carry
   * codes (unique per depositor), not the back office's ids. A depositor with keys is restricted to them.
   */
  activityKeys: string[];
  storeKeys: string[];
}

export const EMPTY_SCOPE: Scope = {
  all: false,
  depositorIds: [],
  activityIds: [],
  storeIds: [],
  platformIds: [],
  activityKeys: [],
  storeKeys: [],
};
export const FULL_SCOPE: Scope = {
  all: true,
  depositorIds: [],
  activityIds: [],
  storeIds: [],
  platformIds: [],
  activityKeys: [],
  storeKeys: [],
};

/** A scope of depositors only (no activity, store or platform narrowing). */
export const depositorScope = (depositorIds: number[]): Scope => ({ ...EMPTY_SCOPE, depositorIds });

/**
 * The depositors an administrator reaches (the rule of admin-users.ts): every one for ADMIN and for
 * the provider's staff (no depositor given by an administrator); only their own for a depositor's
 * administrator, whatever filter they chose in Settings (a filter narrows what they see, not who they are).
 */
export function adminReachOf(roles: readonly string[], ownDepositorIds: number[]): Scope {
  return roles.includes('ADMIN') || !ownDepositorIds.length ? FULL_SCOPE : depositorScope(ownDepositorIds);
}

/** The caller's back office reach: the one resolved with the session, else (machine, system) its scope. */
export const adminReach = (ctx: CallerContext): Scope => ctx.adminReach ?? ctx.scope;

/** A system context for jobs, seeds and event handlers (full scope, no user). */
export function systemContext(requestId = 'system'): CallerContext {
  return { requestId, roles: ['ADMIN'], scope: FULL_SCOPE, locale: 'fr_FR', timezone: 'Europe/Paris' };
}

/** Envelope of every request/reply message on the bus. */
export interface BusRequest<T = unknown> {
  ctx: CallerContext;
  data: T;
  /** How long the caller waits for the answer (its bus timeout): a request is never queued past it. */
  budgetMs?: number;
}

/** A domain event, written to the outbox with the change that caused it. */
export interface DomainEvent<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  /** The service that emitted it. */
  source: string;
  payload: T;
  /** The request (HTTP request id carried across the bus) whose work wrote the event, for the consumers' log lines. */
  requestId?: string;
}
