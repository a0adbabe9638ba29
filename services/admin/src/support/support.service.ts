import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, type CallerContext } from '@portal/contracts';
import { mailOfCaller } from '../mail-outbox/mail-depositors';
import { Mailer, MailTemplates } from '@portal/mail';
import { validateData } from '../common/validate';
import { ProblemReportCommand, SUPPORT_MAILBOX } from './support.dto';

@Injectable()
export class SupportService {
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SUPPORT_MAILBOX) private readonly supportEmail: string,
  ) {}

  /** Mails the support desk who reported what, with the request id to find it in the logs. */
  async problemReport(ctx: CallerContext, data: unknown): Promise<{ ok: true }> {
    const { subject, message } = validateData(ProblemReportCommand, data);
    const mail = this.templates.render('problem-report', ctx.locale, {
      subject: subject.replace(/\s+/g, ' ').trim(),
      message,
      login: ctx.user?.login ?? '-',
      userUuid: ctx.user?.uuid ?? '-',
      requestId: ctx.requestId,
      locale: ctx.locale,
      sentAt: new Date().toISOString(),
    });
    try {
      await this.mailer.send({ to: this.supportEmail, ...mail }, 'problem-report', mailOfCaller(ctx));
    } catch {
      throw new AppError('emailFailed', 'the problem report could not be sent');
    }
    return { ok: true };
  }
}
