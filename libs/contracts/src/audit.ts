import { z } from 'zod';
import type { CallerContext } from './context';
import { defineList, listField } from './lists/kit';

/**
 * The audit trail (issue 18, beyond the spec): every change a user (or a machine client) makes in
 * any service — who, when, what, before and after — told by the service on its outbox in the
 * change's transaction, and recorded by the admin service. The provider's administrators read all
 * of it; a depositor's users read the changes their own colleagues made (Settings).
 */
export const AuditEvents = {
  /** Payload: AuditChangeEvent (one event type for every service: one durable consumer follows it). */
  changed: 'audit.change.recorded',
} as const;

/** Who made a change, as the caller context said. */
export interface AuditActor {
  userId: number | null;
  login: string | null;
  /** A machine client (API key) instead of a user. */
  client: string | null;
  /** Provider staff (scope over every depositor) rather than a depositor's user. */
  provider: boolean;
  /** The actor's own depositors (empty for provider staff and system jobs). */
  depositorIds: number[];
}

export interface AuditChangeEvent {
  /** The service that owns the data (its outbox). */
  service: string;
  /** What kind of thing changed (alert, claim, user, depositor, probe…). */
  entity: string;
  /** Its id in that service. */
  id: string;
  /** A short human label of it (reference, code, login) for the list. */
  label: string | null;
  /** created, updated, deleted, or the move made (sent, closed, acknowledged…). */
  action: string;
  /** Whose data it is (empty: the provider's own, e.g. a platform). */
  depositorIds: number[];
  /** The platform, activity and store of a row narrowed by them (a claim): its entry is narrowed the same way. */
  platformId?: number | null;
  activityCode?: string | null;
  storeCode?: string | null;
  by: AuditActor;
  at: string;
  requestId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The fields a change of these values never shows (secrets stay where they are). */
const SECRET = /(password|secret|token|hash|api_?key|apikey|signing)/i;

/** A record as the audit trail keeps it: secrets masked, nested values kept as they are. */
export function auditSafe(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, SECRET.test(k) && v !== null && v !== undefined ? '••••' : v]));
}

/** The actor of a change from the caller's context. */
export function auditActor(ctx: CallerContext): AuditActor {
  return {
    userId: ctx.user?.id ?? null,
    login: ctx.user?.login ?? null,
    client: ctx.client?.name ?? null,
    provider: ctx.scope.all,
    depositorIds: ctx.scope.all ? [] : [...ctx.scope.depositorIds],
  };
}

/** One field that differs between before and after (JSON-equal values are not changes). */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields that change with every save whatever the user changed: not a change of their own (nor shown as one). */
export const AUDIT_BOOKKEEPING_FIELDS: readonly string[] = ['updated_at', 'updatedAt', 'updated_by'];

export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
}

export interface AuditEntryDto {
  id: string;
  at: string;
  service: string;
  entity: string;
  entityId: string;
  label: string | null;
  action: string;
  actorLogin: string | null;
  actorClient: string | null;
  actorProvider: boolean;
  depositorIds: number[];
  requestId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const AUDIT_LIST = defineList({
  resource: 'audit',
  filter: z.object({
    service: listField.text(30),
    entity: listField.text(40),
    entityId: listField.text(64),
    actor: listField.prefix(100),
    depositor: listField.id(),
    action: listField.text(30),
    from: listField.dayOrInstant(),
    to: listField.dayOrInstant(),
  }),
  sorts: { at: 'instant' },
  defaultSort: ['at', 'DESC'],
  maxPageSize: 200,
  maxOffset: 100_000,
});

export const AuditSubjects = {
  /** Every change (the provider's administrators). */
  list: 'admin.audit.list',
  /** The changes made by the caller's colleagues on their depositors' data (Settings). */
  colleagues: 'admin.audit.colleagues',
} as const;
