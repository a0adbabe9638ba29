import { Inject, Injectable } from '@nestjs/common';
import { AppError, hasAnyRole, Role, shortLocale, type CallerContext } from '@portal/contracts';
import { mailOfCaller } from '../mail-outbox/mail-depositors';
import { Mailer } from '@portal/mail';
import { validateData } from '../common/validate';
import type { EmailTemplate, TemplateVisibility } from './email-template.entity';
import {
  AlertTemplateQuery,
  EmailTemplatesQuery,
  SendEmailCommand,
  toEmailTemplateDto,
  type EmailTemplateDto,
} from './email-templates.dto';
import { EmailTemplatesRepository } from './email-templates.repository';

/** Who sees the `admin` templates besides ADMIN (spec §6: email templates admin and public). */
export const TEMPLATE_ADMIN_ROLES = [Role.ADMIN_TEMPLATE, Role.USER_EMAIL_TEMPLATE_ADMIN];

@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly repository: EmailTemplatesRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  /** Active templates the caller may use, one per code, in the caller's language (else French, else English). */
  async templates(ctx: CallerContext, data: unknown): Promise<EmailTemplateDto[]> {
    const query = validateData(EmailTemplatesQuery, data);
    const visibilities: TemplateVisibility[] = hasAnyRole(ctx.roles, TEMPLATE_ADMIN_ROLES) ? ['public', 'admin'] : ['public'];
    const templates = await this.repository.active(ctx, visibilities);
    return bestLanguagePerCode(templates, shortLocale(query.locale ?? ctx.locale)).map(toEmailTemplateDto);
  }

  /** The alerts service's template of a code in a language (else French, else English), or null. */
  async alertTemplate(ctx: CallerContext, data: unknown): Promise<EmailTemplateDto | null> {
    const query = validateData(AlertTemplateQuery, data);
    const locale = shortLocale(query.locale);
    const template = await this.repository.byCode(ctx, query.code, [...new Set([locale, 'fr', 'en'])]);
    return template ? toEmailTemplateDto(template) : null;
  }

  /** Sends a mail written (or picked from a template) by the user; the mail outbox keeps it. */
  async send(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { recipient, subject, body } = validateData(SendEmailCommand, data);
    try {
      await this.mailer.send(
        { to: recipient.trim(), subject: subject.trim(), html: textToHtml(body), text: body },
        'email-template',
        mailOfCaller(ctx),
      );
    } catch {
      throw new AppError('emailFailed', 'the mail could not be sent');
    }
    return { ok: true };
  }
}

function bestLanguagePerCode(templates: EmailTemplate[], locale: string): EmailTemplate[] {
  const preference = [locale, 'fr', 'en'];
  const rank = (t: EmailTemplate) => {
    const i = preference.indexOf(t.locale);
    return i === -1 ? preference.length : i;
  };
  const best = new Map<string, EmailTemplate>();
  for (const t of templates) {
    const current = best.get(t.code);
    if (!current || rank(t) < rank(current)) best.set(t.code, t);
  }
  return [...best.values()];
}

/** The body is plain text typed by the user: escaped, line breaks kept. */
function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}
