import type { AlertMailSentEvent } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

export type AlertMailOutcome = 'sent' | 'failed';

/** An alert mail sent or given up, once per depositor its alert names (report 1050 counts them per depositor). */
export async function insertAlertMail(
  em: EntityManager,
  eventId: string,
  outcome: AlertMailOutcome,
  mail: Pick<AlertMailSentEvent, 'alertId' | 'depositorIds'>,
  at: string,
): Promise<void> {
  if (!mail.depositorIds?.length) return;
  await em.query(
    `INSERT INTO report_alert_mails (event_id, depositor_id, alert_id, outcome, mailed_at)
     SELECT $1, unnest($2::int[]), $3, $4, $5 ON CONFLICT DO NOTHING`,
    [eventId, mail.depositorIds, mail.alertId, outcome, at],
  );
}
