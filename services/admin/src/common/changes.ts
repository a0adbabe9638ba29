import { addToOutbox } from '@portal/bus';
import { AdminReferenceEvents, FULL_SCOPE, type CallerContext, type ReferenceChangedEvent } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * One back-office change on the outbox, in the transaction of the change: who, when, what, before
 * and after (a later piece of work builds the audit trail from these events).
 */
export function recordChange(
  em: EntityManager,
  ctx: CallerContext,
  change: Pick<ReferenceChangedEvent, 'entity' | 'action' | 'before' | 'after'> & { id: string | number; depositorId?: number | null },
): Promise<unknown> {
  return addToOutbox<ReferenceChangedEvent>(em, 'admin', AdminReferenceEvents.changed, {
    entity: change.entity,
    id: String(change.id),
    action: change.action,
    depositorId: change.depositorId ?? null,
    by: { userId: ctx.user?.id ?? null, login: ctx.user?.login ?? ctx.client?.name ?? null },
    at: new Date().toISOString(),
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
