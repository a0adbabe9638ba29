import type { Provider } from '@nestjs/common';
import { addToOutbox, OutboxRelay, TrackingWordsCache } from '@portal/bus';
import { ALERT_LIMITS, AlertsEvents, type AlertMailFailedEvent, type AlertMailSentEvent } from '@portal/contracts';
import { Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { Mailer, MailRelay, type SentMail } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import { AlertComposer } from './compose';
import { DeliveryController } from './delivery.controller';
import { DeliveryService } from './delivery.service';
import { DepositorLabels } from './depositor-labels';
import { ImmediateConsumer } from './immediate.consumer';
import { AlertScheduler } from './scheduler.job';
import { AlertTemplates } from './templates';

/** Everything that sends (issue 14 delivery): wired into the alerts service's module. */
export const DELIVERY_CONTROLLERS = [DeliveryController, ImmediateConsumer];

export const DELIVERY_PROVIDERS: Provider[] = [
  AlertTemplates,
  DepositorLabels,
  TrackingWordsCache,
  AlertComposer,
  AlertScheduler,
  DeliveryService,
  { provide: FileStorage, useFactory: () => new LocalFileStorage() },
  {
    // My DOC attachments are stored files (tracking's documents), read when the mail leaves.
    provide: Mailer,
    useFactory: (db: Db, files: FileStorage) => new Mailer(db, undefined, undefined, (key) => files.read(key)),
    inject: [Db, FileStorage],
  },
  {
    provide: MailRelay,
    useFactory: (db: Db, mailer: Mailer, outbox: OutboxRelay) =>
      new MailRelay(db, mailer, {
        attempts: ALERT_LIMITS.mailAttempts,
        backoffMs: Number(process.env.ALERTS_MAIL_BACKOFF_MS ?? ALERT_LIMITS.mailBackoffMs),
        intervalMs: Number(process.env.ALERTS_MAIL_INTERVAL_MS ?? 1000),
        // Both ends of an alert's mail published, in the transaction that records them (the reports count
        // sent and failed mails). Other mails of the relay (a webhook endpoint disabled) are no alert's.
        onSent: async (em, mail) => {
          const event = await alertMailEvent(em, mail);
          if (!event) return;
          await addToOutbox<AlertMailSentEvent>(em, 'alerts', AlertsEvents.mailSent, event);
          setImmediate(() => outbox.kick());
        },
        // Never lost silently: logged by the relay, and published for the back office's logs.
        onGiveUp: async (em, mail) => {
          const event = await alertMailEvent(em, mail);
          if (!event) return;
          await addToOutbox<AlertMailFailedEvent>(em, 'alerts', AlertsEvents.mailFailed, { ...event, error: mail.error });
          setImmediate(() => outbox.kick());
        },
      }),
    inject: [Db, Mailer, OutboxRelay],
  },
];

/** A mail of the outbox as its events tell it, with the depositors its alert names and its owner; null: no alert's mail. */
export async function alertMailEvent(em: EntityManager, mail: SentMail): Promise<AlertMailSentEvent | null> {
  const alertId = Number(mail.row.alert_id ?? 0);
  if (!alertId) return null;
  const [alert] = await em.query<{ depositor_ids: number[]; owner_id: number }[]>(
    `SELECT depositor_ids, owner_id FROM alerts WHERE id = $1`,
    [alertId],
  );
  return {
    alertId,
    ownerId: alert?.owner_id ?? null,
    depositorIds: alert?.depositor_ids ?? [],
    to: mail.to,
    subject: mail.subject,
    attempts: mail.attempts,
  };
}
