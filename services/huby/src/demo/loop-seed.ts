import { demoLoopOrders } from '@portal/demo';
import type { EntityManager } from 'typeorm';

const DAY = 86_400_000;

/**
 * Loop orders of alice's depositors in each list (libs/demo: the stock demo reserves the integrated
 * ones), each to one of the depositor's first recipients. Idempotent by order uuid.
 */
export async function seedLoopDemo(em: EntityManager, depositorCodes: Map<number, string>, now: Date): Promise<void> {
  for (const [n, o] of demoLoopOrders().entries()) {
    const recipients = await em.query<{ uuid: string; recipient: object }[]>(
      `SELECT uuid, jsonb_build_object('company_name', company_name, 'contact_name', contact_name, 'address1', address1, 'address2', address2,
         'zip', zip, 'town', town, 'country', country, 'email', email, 'phone', phone, 'mobile', mobile) AS recipient
       FROM addresses WHERE depositor_id = $1 AND book = 'recipient' ORDER BY code LIMIT 8`,
      [o.depositorId],
    );
    const to = recipients[n % recipients.length];
    const created = new Date(now.getTime() - o.daysAgo * DAY);
    const submitted = o.status === 'draft' ? null : new Date(created.getTime() + 3_600_000);
    const settled = o.status === 'integrated' || o.status === 'rejected' ? new Date(created.getTime() + 3_700_000) : null;
    await em.query(
      `INSERT INTO loop_orders (uuid, depositor_id, depositor_code, platform_id, reference, status, recipient_uuid, recipient, lines,
         reject_key, reject_params, created_by, created_at, updated_at, submitted_at, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'alice', $12, $12, $13, $14) ON CONFLICT DO NOTHING`,
      [
        o.uuid,
        o.depositorId,
        depositorCodes.get(o.depositorId),
        o.platformId,
        o.reference,
        o.status,
        to?.uuid ?? null,
        to ? JSON.stringify(to.recipient) : null,
        JSON.stringify(o.lines),
        o.reason?.key ?? null,
        o.reason ? JSON.stringify(o.reason.params) : null,
        created,
        submitted,
        settled,
      ],
    );
  }
}
