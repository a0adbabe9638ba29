import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatClaimDate, shortLocale } from '@portal/contracts';
import { Mailer, MailTemplates } from '@portal/mail';
import type { ClaimMailRow } from './claim-rows';

const STATUS_LABELS: Record<string, Record<string, string>> = {
  fr: { sent: 'envoyée', processed: 'traitée', closed: 'clôturée' },
  en: { sent: 'sent', processed: 'processed', closed: 'closed' },
  es: { sent: 'enviada', processed: 'tramitada', closed: 'cerrada' },
  it: { sent: 'inviato', processed: 'gestito', closed: 'chiuso' },
  de: { sent: 'gesendet', processed: 'bearbeitet', closed: 'abgeschlossen' },
};

/**
 * The mail to a claim's creator at each state change, in the creator's language and time zone
 * (templates claim-status.<locale>.hbs). Through libs/mail: SMTP when configured, else the outbox.
 * A mail that fails is logged and kept in the outbox: the move itself stands.
 */
@Injectable()
export class ClaimMails {
  private readonly logger = new Logger('ClaimMails');
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  async statusChanged(claim: ClaimMailRow, by: string | null): Promise<void> {
    if (!claim.creator_email) return;
    const locale = shortLocale(claim.creator_locale ?? undefined);
    const base = process.env.PUBLIC_URL ?? 'http://localhost:3000';
    const mail = this.templates.render('claim-status', claim.creator_locale ?? undefined, {
      reference: claim.reference,
      delivery: claim.delivery_reference,
      status: STATUS_LABELS[locale]?.[claim.status] ?? claim.status,
      closed: claim.status === 'closed',
      processed: claim.status === 'processed',
      answer: claim.answer,
      by,
      at: formatClaimDate(new Date(), claim.creator_timezone ?? 'Europe/Paris'),
      name: claim.creator_name,
      link: `${base}/claim/${claim.uuid}`,
    });
    try {
      await this.mailer.send({ to: claim.creator_email, ...mail }, 'claim-status');
    } catch (e) {
      this.logger.warn(`claim ${claim.reference} mail to ${claim.creator_email} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
