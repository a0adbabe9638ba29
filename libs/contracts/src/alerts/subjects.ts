import type { OrderSnapshot } from '../tracking/subjects';

/** Request/reply subjects of the alerts service (`alerts.<resource>.<verb>`). */
export const AlertsSubjects = {
  list: 'alerts.alerts.list',
  get: 'alerts.alerts.get',
  create: 'alerts.alerts.create',
  update: 'alerts.alerts.update',
  delete: 'alerts.alerts.delete',
  /** How many orders of the last 3 months match criteria (from the service's own projection). */
  matchCount: 'alerts.alerts.match-count',
  /** Sends the alert now to its recipients (or to the caller alone), with the current matching orders. */
  testSend: 'alerts.alerts.test-send',
  /** The mails an alert sent, newest first. */
  mails: 'alerts.alerts.mails',
  health: 'alerts.health.check',
} as const;

/** Events the alerts service publishes. */
export const AlertsEvents = {
  /** Payload: AlertMailSentEvent, when the SMTP server took a mail (in the transaction that records it sent). */
  mailSent: 'alerts.mail.sent',
  /** Payload: AlertMailFailedEvent, when a mail is given up after its last retry (the back office's logs). */
  mailFailed: 'alerts.mail.failed',
} as const;

/** An alert's mail as its events tell it: the alert, the depositors it names (the reports count per depositor), the recipient. */
export interface AlertMailSentEvent {
  alertId: number;
  /** The user who owns the alert (the only one, with the provider's ADMIN, who sees its mails); null: the alert is gone. */
  ownerId: number | null;
  depositorIds: number[];
  to: string;
  subject: string;
  /** Attempts made, the successful one included. */
  attempts: number;
}

export interface AlertMailFailedEvent extends AlertMailSentEvent {
  error: string;
}

/** The fever service's events the alerts service consumes (the contract stands before fever exists). */
export const FeverEvents = {
  /** Payload: ProbeSilentEvent: a probe sent nothing for 12 hours (spec §3 "no temperature for 12 h"). */
  probeSilent: 'fever.probe.silent',
} as const;

export interface ProbeSilentEvent {
  probeId: number;
  mac: string;
  label: string;
  depositorIds: number[];
  platformId: number | null;
  zone: string | null;
  /** The last reading received, or null when the probe never sent one. */
  lastReadingAt: string | null;
  silentSince: string;
  /** The 12 hours of spec §3. */
  silentHours: number;
}

export type { OrderSnapshot };
