import { recordAuditChange } from '@portal/bus';
import { adminReach, AppError, FULL_SCOPE, type CallerContext, type ReferenceEntity } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * One back-office change to the audit trail, in the transaction of the change: who, when, what,
 * before and after, and the depositor it belongs to when it belongs to one.
 */
export function recordChange(
  em: EntityManager,
  ctx: CallerContext,
  change: {
    entity: ReferenceEntity;
    id: string | number;
    action: 'created' | 'updated' | 'deleted';
    depositorId?: number | null;
    label?: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<unknown> {
  return recordAuditChange(em, ctx, 'admin', {
    entity: change.entity,
    id: change.id,
    label: change.label ?? null,
    action: change.action,
    depositorIds: [change.depositorId],
    before: change.before,
    after: change.after,
  });
}

/**
 * The provider's own back office pages (email templates, announcements) work on every depositor,
 * whatever the administrator's own depositors.
 */
export const providerScope = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: FULL_SCOPE });

/**
 * The back office on depositors' data (ADMIN_DEPOSITOR, ADMIN_LIST, logos, logs, mails) works in the
 * administrator's reach (adminReachOf): every depositor for ADMIN and the provider's staff, their own
 * for a depositor's administrator, whatever filter they chose in Settings.
 */
export const reachScope = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: adminReach(ctx) });

/**
 * Rows that belong to no depositor and are shared by all (platforms, technical logs, email templates,
 * announcements): changed only by an administrator who reaches every depositor; a depositor's
 * administrator is refused (403).
 */
export function requireWholeReach(ctx: CallerContext): void {
  if (!adminReach(ctx).all) throw new AppError('permissionDenied', 'a row shared by every depositor');
}

/** A PostgreSQL unique violation on this constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && name === constraint;
}

/** Timestamps of a json row as ISO strings. */
export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
