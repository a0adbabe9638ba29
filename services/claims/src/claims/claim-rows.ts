import { recordRowChanges, type AuditedRows } from '@portal/bus';
import { AppError, type CallerContext, type ClaimDto } from '@portal/contracts';
import { rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';

/** The scope a claim carries, as the delivery it is about: depositor, platform, activity, store. */
export const CLAIM_SCOPE = { depositor: 'c.depositor_id', platform: 'c.platform_id', activity: 'c.activity_code', store: 'c.store_code' };

const INSTANT = (c: string) => `to_char(c.${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${c}`;

/** A claim row as it leaves the service (list rows: without the evidence and the attachments). */
export const CLAIM_COLUMNS = `c.uuid AS id, c.uuid, c.reference, c.depositor_id, c.depositor_code, c.platform_id, c.activity_code, c.store_code,
  c.status, c.number, c.order_id::int AS order_id, c.delivery_reference, c.order_reference, c.customer_claim_number, c.kind, c.reason,
  c.comment, c.lines, jsonb_array_length(c.lines) AS line_count, c.packings_concerned, c.non_ordered_products, c.final_customer,
  c.attributable, c.notifiable, c.answer, c.creator, c.creator_name, ${INSTANT('created_at')}, ${INSTANT('updated_at')}, c.updated_by,
  ${INSTANT('sent_at')}, c.sent_by, ${INSTANT('processed_at')}, c.processed_by, ${INSTANT('closed_at')}, c.closed_by`;

export const CLAIM_SORTS: Record<string, string> = {
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  reference: 'c.reference',
  id: 'c.uuid',
};
export const CLAIM_NOT_NULL = new Set(Object.values(CLAIM_SORTS));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A claim's uuid from a message; anything else names no claim (404). */
export function claimUuid(data: unknown, field = 'uuid'): string {
  const value = (data as Record<string, unknown> | null)?.[field];
  if (typeof value !== 'string' || !UUID.test(value)) throw claimNotFound();
  return value.toLowerCase();
}

export const claimNotFound = (): AppError => new AppError('objectNotFound', 'claim not found');

/** What the creator's mail and the event say of a claim. */
export type ClaimMailRow = Pick<ClaimDto, 'uuid' | 'reference' | 'status' | 'delivery_reference' | 'depositor_id' | 'answer'> & {
  creator_email: string | null;
  creator_locale: string | null;
  creator_timezone: string | null;
  creator_name: string | null;
};

/** A claim in the audit trail: its columns (the evidence copied from the delivery never changes and is left out), narrowed as the claim. */
const CLAIM_ROWS: AuditedRows<ClaimDto> = {
  service: 'claims',
  entity: 'claim',
  read: async (em, uuids) =>
    rowsOf<ClaimDto>(await em.query(`SELECT ${CLAIM_COLUMNS} FROM claims c WHERE c.uuid = ANY($1::uuid[])`, [uuids])),
  subject: (c) => ({
    id: c.uuid,
    label: c.reference,
    depositorIds: [c.depositor_id],
    platformId: c.platform_id,
    activityCode: c.activity_code,
    storeCode: c.store_code,
  }),
  fields: (c) => {
    const { evidence: _e, attachments: _a, ...rest } = c as ClaimDto & Record<string, unknown>;
    return rest;
  },
};

/** Tells the audit trail about a change of a claim, in its transaction: the claim before (as the move read it) and as saved. */
export async function auditClaim(
  em: EntityManager,
  ctx: CallerContext,
  action: string,
  before: ClaimDto | null,
  uuid: string | null,
): Promise<void> {
  await recordRowChanges(em, ctx, CLAIM_ROWS, action, before ? [before] : [], uuid ? await CLAIM_ROWS.read(em, [uuid]) : []);
}
