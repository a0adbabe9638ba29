import { Inject, Injectable } from '@nestjs/common';
import type { CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';
import type { MailOutboxEntryDto } from './mail-outbox.dto';

interface OutboxRow {
  id: string;
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  template: string | null;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
}

/** The mails this service recorded (table of @portal/mail), newest first. */
@Injectable()
export class MailOutboxRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  page(ctx: CallerContext, limit: number, offset: number): Promise<{ rows: MailOutboxEntryDto[]; total: number }> {
    return this.db.scoped(ctx, async (em) => {
      const rows: OutboxRow[] = await em.query(
        `SELECT "id", "to", "cc", "subject", "html", "text", "template", "created_at", "sent_at", "error"
           FROM "mail_outbox" ORDER BY "id" DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      );
      const [{ total }]: { total: string }[] = await em.query(`SELECT count(*) AS total FROM "mail_outbox"`);
      return { rows: rows.map(toDto), total: Number(total) };
    });
  }
}

const toDto = (r: OutboxRow): MailOutboxEntryDto => ({
  id: Number(r.id),
  to: r.to,
  cc: r.cc,
  subject: r.subject,
  html: r.html,
  text: r.text,
  template: r.template,
  createdAt: new Date(r.created_at).toISOString(),
  sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  error: r.error,
});
