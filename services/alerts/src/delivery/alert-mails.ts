import { writeMails } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import type { AlertMail } from './compose';

export type TriggerKind = 'EVENT' | 'SLOT' | 'SLA' | 'TEST';

/**
 * Records that an alert fired for a cause (an event id, `slot:<ISO>`, `sla:<day>`, `tour:<order>`,
 * `test:<uuid>`) and writes its mails in the same transaction: the trigger's key refuses the second
 * time, whatever the restarts and the copies of the service. Answers false when it had fired already.
 */
export async function recordDelivery(
  em: EntityManager,
  alertId: number,
  cause: string,
  kind: TriggerKind,
  mails: AlertMail[],
  orders: number,
): Promise<boolean> {
  const first: unknown[] = await em.query(
    `INSERT INTO alert_triggers (alert_id, cause, kind, mails, orders) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
    [alertId, cause.slice(0, 100), kind, mails.length, orders],
  );
  if (!first.length) return false;
  for (const { template, orderCount, ...mail } of mails)
    await writeMails(em, [mail], template, { alert_id: alertId, order_count: orderCount });
  if (mails.length) await em.query(`UPDATE alerts SET last_sent_at = now() WHERE id = $1`, [alertId]);
  return true;
}
