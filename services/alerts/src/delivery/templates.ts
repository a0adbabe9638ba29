import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AdminSubjects, shortLocale, systemContext } from '@portal/contracts';
import { htmlToText, MailTemplates } from '@portal/mail';
import Handlebars from 'handlebars';

/** The alert mails' templates: code → visibility (admin: the depositor's staff; public: the final recipient). */
export const ALERT_TEMPLATES = {
  VIP: 'alert-vip',
  DOC: 'alert-doc',
  SLA: 'alert-sla',
  NO_TEMPERATURE: 'alert-no-temperature',
  RECIPIENT: 'alert-recipient',
} as const;
export type AlertTemplateCode = (typeof ALERT_TEMPLATES)[keyof typeof ALERT_TEMPLATES];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Compiled {
  subject: Handlebars.TemplateDelegate;
  body: Handlebars.TemplateDelegate;
}

const TTL_MS = Number(process.env.ALERT_TEMPLATES_TTL_MS ?? 300_000);
/** A refusal or silence of admin is remembered shorter: the files stand in meanwhile. */
const MISS_TTL_MS = 30_000;
const ASK_TIMEOUT_MS = 2000;

/**
 * Alert mails are handlebars templates the back office manages (admin service, email templates of
 * code `alert-…`, five languages), fetched by code and language and kept a few minutes; the same
 * templates ship as files in services/alerts/templates, used when admin does not answer.
 */
@Injectable()
export class AlertTemplates {
  private readonly logger = new Logger('AlertTemplates');
  private readonly cache = new Map<string, { at: number; compiled: Compiled | null }>();
  private readonly files = new MailTemplates(path.join(__dirname, '..', '..', 'templates'));

  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async render(code: AlertTemplateCode, locale: string, vars: Record<string, unknown>): Promise<RenderedMail> {
    const compiled = await this.compiled(code, locale);
    if (!compiled) return this.files.render(code, locale, vars);
    const html = compiled.body(vars);
    return { subject: compiled.subject(vars).trim(), html, text: htmlToText(html) };
  }

  private async compiled(code: AlertTemplateCode, locale: string): Promise<Compiled | null> {
    const key = `${code}.${shortLocale(locale)}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < (cached.compiled ? TTL_MS : MISS_TTL_MS)) return cached.compiled;
    let compiled: Compiled | null = null;
    try {
      const t = await this.bus.request<{ subject: string; body: string } | null>(
        AdminSubjects.alertTemplate,
        systemContext('alert-templates'),
        { code, locale: shortLocale(locale) },
        ASK_TIMEOUT_MS,
      );
      if (t) compiled = { subject: Handlebars.compile(t.subject, { noEscape: true }), body: Handlebars.compile(t.body) };
    } catch (e) {
      this.logger.warn(`template ${key} not read from admin (${e instanceof Error ? e.message : String(e)}): the shipped file stands in`);
    }
    this.cache.set(key, { at: Date.now(), compiled });
    return compiled;
  }
}
