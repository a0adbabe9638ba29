import { recordAuditChange } from '@portal/bus';
import type { CallerContext, ReferenceEntity } from '@portal/contracts';
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

// The back office's scopes and refusals, shared with every service's back office (libs/bus reference-tables).
export { isUniqueViolation, providerScope, reachScope, requireWholeReach } from '@portal/bus';
