import { Inject, Injectable } from '@nestjs/common';
import { adminReach, type CallerContext } from '@portal/contracts';
import { Db, ScopedWhere } from '@portal/db';
import { reachScope } from '../common/changes';
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

/**
 * The mails this service recorded (table of @portal/mail), newest first, in the administrator's reach:
 * all for those who reach every depositor; for a depositor's administrator only the mails whose
 * depositors are all theirs (a mail of no depositor is the provider's).
 */
@Injectable()
export class MailOutboxRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  page(ctx: CallerContext, limit: number, offset: number): Promise<{ rows: MailOutboxEntryDto[]; total: number }> {
    const w = ScopedWhere.of(reachScope(ctx), { depositor: 'm.depositor_ids', depositorArray: true });
    if (!adminReach(ctx).all) w.and(`cardinality(m.depositor_ids) > 0`);
    const where = `${w}`;
    const n = w.params.length;
    return this.db.scoped(ctx, async (em) => {
      const rows: OutboxRow[] = await em.query(
        `SELECT m."id", m."to", m."cc", m."subject", m."html", m."text", m."template", m."created_at", m."sent_at", m."error"
           FROM "mail_outbox" m WHERE ${where} ORDER BY m."id" DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...w.params, limit, offset],
      );
      const [{ total }]: { total: string }[] = await em.query(`SELECT count(*) AS total FROM "mail_outbox" m WHERE ${where}`, w.params);
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
