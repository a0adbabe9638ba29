import {
  AUDIT_BOOKKEEPING_FIELDS,
  auditActor,
  auditDiff,
  auditSafe,
  AuditEvents,
  type AuditChangeEvent,
  type CallerContext,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { addToOutbox } from './outbox';

export interface AuditChange {
  entity: string;
  id: string | number;
  label?: string | null;
  action: string;
  /** Whose data it is; empty or absent for the provider's own. */
  depositorIds?: (number | null | undefined)[];
  /** The platform, activity and store of a row narrowed by them (a claim). */
  platformId?: number | null;
  activityCode?: string | null;
  storeCode?: string | null;
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
    platformId: change.platformId ?? null,
    activityCode: change.activityCode ?? null,
    storeCode: change.storeCode ?? null,
    by: auditActor(ctx),
    at: new Date().toISOString(),
    requestId: ctx.requestId ?? null,
    before: auditSafe(change.before),
    after: auditSafe(change.after),
  });
}

/** Whose a row is and how the trail names it (the narrowing of AuditChange). */
export type AuditSubject = Pick<AuditChange, 'id' | 'label' | 'depositorIds' | 'platformId' | 'activityCode' | 'storeCode'>;

/**
 * One kind of row a service tells the audit trail about, declared once beside its feature: how to
 * read rows of it in the change's transaction, whose each is, and the fields a user recognises
 * (default: the row as read). `read` answers the rows it finds among `ids`, in any order.
 */
export interface AuditedRows<R> {
  service: string;
  entity: string;
  read(em: EntityManager, ids: readonly (string | number)[]): Promise<R[]>;
  subject(row: R): AuditSubject;
  fields?(row: R): Record<string, unknown>;
}

export interface AuditedWrite<T> {
  /** The rows the write changes or deletes (none for a creation). */
  ids?: readonly (string | number)[];
  /** The rows to read once written when they are not (only) `ids`: those a creation returns. */
  written?(result: T): readonly (string | number)[];
  /** The move made (canceled, printed…); default created, updated or deleted from what was there before and after. */
  action?: string;
}

/**
 * The one way a service audits a change: reads the rows before, runs the write, reads them after
 * and tells the trail about each row in the write's transaction. An update that changed none of
 * the fields the trail keeps (its bookkeeping aside) tells nothing (a form saved as it was); a named
 * move always tells.
 */
export async function auditedWrite<R, T>(
  em: EntityManager,
  ctx: CallerContext,
  rows: AuditedRows<R>,
  write: AuditedWrite<T>,
  fn: (before: R[]) => Promise<T>,
): Promise<T> {
  const ids = write.ids ?? [];
  const before = ids.length ? await rows.read(em, ids) : [];
  const result = await fn(before);
  const afterIds = [...new Set([...ids, ...(write.written?.(result) ?? [])].map(String))];
  const after = afterIds.length ? await rows.read(em, afterIds) : [];
  await recordRowChanges(em, ctx, rows, write.action, before, after);
  return result;
}

/** `auditedWrite`'s telling part, for a write whose before and after the caller already holds. */
export async function recordRowChanges<R>(
  em: EntityManager,
  ctx: CallerContext,
  rows: AuditedRows<R>,
  action: string | undefined,
  before: readonly R[],
  after: readonly R[],
): Promise<void> {
  const key = (row: R) => String(rows.subject(row).id);
  const fields = (row: R | undefined) => (row === undefined ? null : (rows.fields?.(row) ?? { ...(row as Record<string, unknown>) }));
  const was = new Map(before.map((r) => [key(r), r]));
  const is = new Map(after.map((r) => [key(r), r]));
  for (const id of new Set([...was.keys(), ...is.keys()])) {
    const [b, a] = [was.get(id), is.get(id)];
    const values = { before: fields(b), after: fields(a) };
    const changed = auditDiff(values.before, values.after).filter((c) => !AUDIT_BOOKKEEPING_FIELDS.includes(c.field));
    if (!action && b && a && !changed.length) continue;
    await recordAuditChange(em, ctx, rows.service, {
      ...rows.subject((a ?? b)!),
      entity: rows.entity,
      action: action ?? (!b ? 'created' : !a ? 'deleted' : 'updated'),
      ...values,
    });
  }
}
