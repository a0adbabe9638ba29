import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  findLocale,
  formatLongIn,
  maskEmail,
  shortLocale,
  type CallerContext,
  type ExportFailedMailRequest,
  type ExportMailSentDto,
  type ExportReadyMailRequest,
  type Labels5,
  type ShortLocale,
} from '@portal/contracts';
import { Mailer, MailTemplates, type MailMessage } from '@portal/mail';
import type { Locale } from 'date-fns';
// Each language's module, not date-fns/locale (every language of date-fns: 500 modules loaded at start).
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { publicUrl } from '../passwords/passwords.service';
import type { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The mails of background exports (spec §9 "Large exports are sent by email"), always to the caller
 * themselves, in their language and time zone: the link to `/exports/<id>`, or why the export stopped.
 */
/** A mail ready to leave: what, to whom (masked in answers), by which template. */
export interface ComposedMail {
  message: MailMessage;
  template: string;
  email: string;
}

/** date-fns locales of the mails' long dates, by the portal's short locales. */
const DATE_LOCALES: Record<ShortLocale, Locale> = { fr, en: enGB, es, it, de };

@Injectable()
export class ExportMailsService {
  private readonly logger = new Logger('ExportMails');
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
  ) {}

  async ready(ctx: CallerContext, request: ExportReadyMailRequest): Promise<ExportMailSentDto> {
    return this.send(await this.readyMail(ctx, request));
  }

  async failed(ctx: CallerContext, request: ExportFailedMailRequest): Promise<ExportMailSentDto> {
    return this.send(await this.failedMail(ctx, request));
  }

  /** The "export ready" mail with its link, composed, not sent (a job writes it in its final transaction). */
  async readyMail(ctx: CallerContext, request: ExportReadyMailRequest): Promise<ComposedMail> {
    if (!EXPORT_ID.test(String(request.exportId)) || !Number.isInteger(request.rows) || Number.isNaN(Date.parse(request.expiresAt))) {
      throw new AppError('validationFailed', 'malformed export mail request');
    }
    const user = await this.recipient(ctx, 'export-ready');
    const locale = findLocale(user.language)?.code ?? 'fr_FR';
    return this.compose(user, 'export-ready', {
      firstname: user.firstname || user.login,
      title: titleIn(request.title, user.language),
      fileName: request.fileName,
      rows: new Intl.NumberFormat(locale.replace('_', '-')).format(request.rows),
      expires: formatLongIn(request.expiresAt, user.timezone, DATE_LOCALES[shortLocale(user.language)]),
      link: `${publicUrl()}/exports/${request.exportId}`,
    });
  }

  /** Why the export stopped, composed, not sent. */
  async failedMail(ctx: CallerContext, request: ExportFailedMailRequest): Promise<ComposedMail> {
    const user = await this.recipient(ctx, 'export-failed');
    const limit = Number(request.error?.params?.limit);
    const locale = (findLocale(user.language)?.code ?? 'fr_FR').replace('_', '-');
    return this.compose(user, 'export-failed', {
      firstname: user.firstname || user.login,
      title: titleIn(request.title, user.language),
      tooLarge: request.error?.key === 'exportTooLarge' && Number.isFinite(limit),
      limit: Number.isFinite(limit) ? new Intl.NumberFormat(locale).format(limit) : '',
      reference: String(request.reference ?? ''),
      link: publicUrl(),
    });
  }

  /** The caller's own account; without an address nothing can be sent (userEmailEmpty, logged). */
  private async recipient(ctx: CallerContext, template: string): Promise<User> {
    if (!ctx.user) throw new AppError('userNotFound', 'export mails go to signed-in users');
    const user = await this.users.getById(ctx.user.id);
    if (!user.email?.trim()) {
      this.logger.warn(`${template} mail not sent: user ${user.login} has no e-mail address`);
      throw new AppError('userEmailEmpty', 'user has no e-mail');
    }
    return user;
  }

  private compose(user: User, template: string, vars: Record<string, unknown>): ComposedMail {
    return { message: { to: user.email, ...this.templates.render(template, user.language, vars) }, template, email: user.email };
  }

  private async send({ message, template, email }: ComposedMail): Promise<ExportMailSentDto> {
    try {
      await this.mailer.send(message, template);
    } catch {
      throw new AppError('mailSendFailed', `the ${template} mail could not be sent`);
    }
    return { ok: true, email: maskEmail(email) };
  }
}

function titleIn(title: Labels5 | undefined, language: string): string {
  return String(title?.[shortLocale(language)] ?? title?.en ?? '');
}
