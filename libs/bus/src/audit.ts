import { auditActor, auditSafe, AuditEvents, type AuditChangeEvent, type CallerContext } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { addToOutbox } from './outbox';

export interface AuditChange {
  entity: string;
  id: string | number;
  label?: string | null;
  action: string;
  /** Whose data it is; empty or absent for the provider's own. */
  depositorIds?: (number | null | undefined)[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Tells the audit trail about one change, in the change's transaction (the outbox): who (from the
 * caller's context), when, what, before and after, secrets masked. The admin service records it.
 */
export function recordAuditChange(em: EntityManager, ctx: CallerContext, service: string, change: AuditChange): Promise<unknown> {
  return addToOutbox<AuditChangeEvent>(em, service, AuditEvents.changed, {
    service,
    entity: change.entity,
    id: String(change.id),
    label: change.label ?? null,
    action: change.action,
    depositorIds: [...new Set((change.depositorIds ?? []).filter((d): d is number => typeof d === 'number'))],
    by: auditActor(ctx),
    at: new Date().toISOString(),
    requestId: ctx.requestId ?? null,
    before: auditSafe(change.before),
    after: auditSafe(change.after),
  });
}
