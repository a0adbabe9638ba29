import { Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { Repeater } from '@portal/bus';
import type { Db } from '@portal/db';
import type { EntityManager } from 'typeorm';
import type { Mailer, MailAttachment, MailMessage } from './mail';

/** Extra columns of the service's own (alert id, order count, depositors…), written with the mail. */
export type MailColumns = Record<string, string | number | number[] | null>;

/** An attachment as the outbox keeps it: a stored file's key, or the bytes in base64. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  storageKey?: string;
  base64?: string;
}

/** The name an extra column may have (names are written into the statement). */
export const MAIL_COLUMN = /^[a-z_]+$/;

/**
 * Writes mails to the outbox in the caller's transaction (the one of their cause): they leave
 * only if it commits, and the relay sends them after. Answers the new rows' ids.
 */
export async function writeMails(
  em: EntityManager,
  mails: MailMessage[],
  template: string | null,
  columns: MailColumns = {},
): Promise<string[]> {
  if (!mails.length) return [];
  const extra = Object.keys(columns).filter((c) => MAIL_COLUMN.test(c));
  const names = ['to', 'cc', 'subject', 'html', 'text', 'template', 'attachments', ...extra].map((c) => `"${c}"`).join(', ');
  const values: unknown[] = [];
  const rows = mails.map((m) => {
    const row = [
      m.to,
      m.cc ?? [],
      m.subject,
      m.html,
      m.text,
      template,
      JSON.stringify((m.attachments ?? []).map(stored)),
      ...extra.map((c) => columns[c]),
    ];
    const first = values.length;
    values.push(...row);
    return `(${row.map((_, i) => `$${first + i + 1}`).join(', ')})`;
  });
  const inserted: { id: string }[] = await em.query(
    `INSERT INTO "mail_outbox" (${names}) VALUES ${rows.join(', ')} RETURNING "id"`,
    values,
  );
  return inserted.map((r) => r.id);
}

function stored(a: MailAttachment): StoredAttachment {
  return a.storageKey
    ? { filename: a.filename, contentType: a.contentType, storageKey: a.storageKey }
    : { filename: a.filename, contentType: a.contentType, base64: (a.content ?? Buffer.alloc(0)).toString('base64') };
}

/** A mail the SMTP server took, as the relay hands it to `onSent`. */
export interface SentMail {
  id: string;
  to: string;
  subject: string;
  /** Attempts made, the successful one included. */
  attempts: number;
  row: Record<string, unknown>;
}

/** A mail given up after its last attempt, as the relay hands it to `onGiveUp`. */
export interface GivenUpMail extends SentMail {
  error: string;
}

export interface MailRelayOptions {
  /** Attempts before giving up (the first included). */
  attempts: number;
  /** Wait after the first failure, doubled after each next one. */
  backoffMs: number;
  /** How often due mails are looked for (retries); a commit that wrote mails calls `kick`. */
  intervalMs?: number;
  /** Called in the transaction that marks the mail sent (publish an event there). */
  onSent?: (em: EntityManager, mail: SentMail) => Promise<void>;
  /** Called in the transaction that marks the mail given up (publish an event there). */
  onGiveUp?: (em: EntityManager, mail: GivenUpMail) => Promise<void>;
  /** Mails taken per transaction. */
  batch?: number;
}

/**
 * Sends the outbox's due mails by SMTP, with retries (a service opts in: its mail_outbox needs the
 * columns attempts, next_attempt_at, given_up_at and attachments, as the alerts service's has): a failure sets the next attempt after a
 * backoff doubled each time, the last one gives the mail up (logged as an error, `onGiveUp` told); a
 * mail sent tells `onSent`, in the same transaction.
 * Several copies may run: FOR UPDATE SKIP LOCKED gives each mail to one of them. Without SMTP
 * (no SMTP_URL) mails stay in the outbox, as the other services' mails do.
 */
export class MailRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly repeater = new Repeater(
    () => this.drain(),
    (e: unknown) => this.logger.warn(`mail relay failed: ${e instanceof Error ? e.message : String(e)}`),
  );

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: MailRelayOptions,
  ) {
    this.logger = new Logger(`MailRelay:${db.service}`);
  }

  onApplicationBootstrap(): void {
    if (this.mailer.smtp) this.repeater.start(this.options.intervalMs ?? 1000, true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.repeater.stop();
  }

  /** Sends now (after a commit that wrote mails, and on the timer); without SMTP mails stay in the outbox. */
  kick(): void {
    if (this.mailer.smtp) this.repeater.kick();
  }

  /** Sends every due mail; answers how many left. Resolves when none is due (tests await it). */
  async drain(now?: Date): Promise<number> {
    let sent = 0;
    const batch = this.options.batch ?? 20;
    for (;;) {
      const [taken, ok] = await this.db.system.transaction((em) => this.sendBatch(em, batch, now));
      sent += ok;
      if (taken < batch) return sent;
    }
  }

  private async sendBatch(em: EntityManager, batch: number, now?: Date): Promise<[number, number]> {
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT * FROM "mail_outbox" WHERE "sent_at" IS NULL AND "given_up_at" IS NULL AND "next_attempt_at" <= COALESCE($1, now())
        ORDER BY "next_attempt_at" LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
      [now ?? null],
    );
    let ok = 0;
    for (const row of rows) {
      const error = await this.mailer.deliver(messageOf(row)).then(
        () => null,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      if (error === null) {
        await this.sent(em, row);
        ok++;
      } else await this.failed(em, row, error, now);
    }
    return [rows.length, ok];
  }

  private async sent(em: EntityManager, row: Record<string, unknown>): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    await em.query(`UPDATE "mail_outbox" SET "sent_at" = now(), "attempts" = $2, "error" = NULL WHERE "id" = $1`, [row.id, attempts]);
    await this.options.onSent?.(em, { id: String(row.id), to: String(row.to), subject: String(row.subject), attempts, row });
  }

  private async failed(em: EntityManager, row: Record<string, unknown>, error: string, now?: Date): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    if (attempts < this.options.attempts) {
      const waitMs = this.options.backoffMs * 2 ** (attempts - 1);
      this.logger.warn(`mail ${String(row.id)} to ${String(row.to)} failed (attempt ${attempts}): ${error}; next in ${waitMs} ms`);
      await em.query(
        `UPDATE "mail_outbox" SET "attempts" = $2, "error" = $3, "next_attempt_at" = COALESCE($5, now()) + make_interval(secs => $4 / 1000.0) WHERE "id" = $1`,
        [row.id, attempts, error, waitMs, now ?? null],
      );
      return;
    }
    this.logger.error(`mail ${String(row.id)} to ${String(row.to)} given up after ${attempts} attempts: ${error}`);
    await em.query(`UPDATE "mail_outbox" SET "attempts" = $2, "error" = $3, "given_up_at" = now() WHERE "id" = $1`, [
      row.id,
      attempts,
      error,
    ]);
    await this.options.onGiveUp?.(em, { id: String(row.id), to: String(row.to), subject: String(row.subject), attempts, error, row });
  }
}

function messageOf(row: Record<string, unknown>): MailMessage {
  const attachments = (row.attachments as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    storageKey: a.storageKey,
    content: a.base64 !== undefined ? Buffer.from(a.base64, 'base64') : undefined,
  }));
  const cc = row.cc as string[];
  return {
    to: String(row.to),
    cc: cc.length ? cc : undefined,
    subject: String(row.subject),
    html: String(row.html),
    text: String(row.text),
    attachments,
  };
}
