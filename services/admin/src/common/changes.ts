import { recordAuditChange } from '@portal/bus';
import { FULL_SCOPE, type CallerContext, type ReferenceEntity } from '@portal/contracts';
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
 * The provider's back office (ADMIN_DEPOSITOR, ADMIN_LIST) works on every depositor, whatever the
 * administrator's own depositors: the same rule as the existing every-depositor list.
 */
export const providerScope = (ctx: CallerContext): CallerContext => ({ ...ctx, scope: FULL_SCOPE });

/** A PostgreSQL unique violation on this constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && name === constraint;
}

/** Timestamps of a json row as ISO strings. */
export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
