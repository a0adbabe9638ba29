import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { shortLocale, type ShortLocale } from '@portal/contracts';
import type { Db } from '@portal/db';
import Handlebars from 'handlebars';
import nodemailer, { type Transporter } from 'nodemailer';
import type { QueryRunner } from 'typeorm';
import { MAIL_COLUMN, type MailColumns } from './relay';

/**
 * A file joined to a mail: its bytes, or the key of a stored file (libs/files) read when the mail
 * leaves, so that a mail waiting in the outbox does not hold a copy of every document.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content?: Buffer;
  storageKey?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  cc?: string[];
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** Reads the bytes of a stored file (FileStorage.read): how attachment references are resolved. */
export type AttachmentReader = (storageKey: string) => Promise<Buffer>;

/** Migration helper: the table where mails wait when no SMTP server is configured. */
export async function createMailOutbox(qr: QueryRunner): Promise<void> {
  await qr.query(`CREATE TABLE "mail_outbox" (
    "id" bigserial PRIMARY KEY,
    "to" text NOT NULL,
    "cc" text[] NOT NULL DEFAULT '{}',
    "subject" text NOT NULL,
    "html" text NOT NULL,
    "text" text NOT NULL,
    "template" text,
    "created_at" timestamptz NOT NULL DEFAULT now(),
    "sent_at" timestamptz,
    "error" text
  )`);
}

/**
 * Renders a template `<dir>/<name>.<locale>.hbs` (first line `Subject: ...`, then the HTML body)
 * in the recipient's language, falling back to English.
 */
export class MailTemplates {
  private readonly cache = new Map<string, { subject: Handlebars.TemplateDelegate; body: Handlebars.TemplateDelegate }>();

  constructor(private readonly dir: string) {}

  render(name: string, locale: string | undefined, vars: Record<string, unknown>): { subject: string; html: string; text: string } {
    const tpl = this.load(name, shortLocale(locale));
    const html = tpl.body(vars);
    return { subject: tpl.subject(vars).trim(), html, text: htmlToText(html) };
  }

  private load(name: string, locale: ShortLocale) {
    const key = `${name}.${locale}`;
    let tpl = this.cache.get(key);
    if (!tpl) {
      const file = [locale, 'en'].map((l) => path.join(this.dir, `${name}.${l}.hbs`)).find((f) => fs.existsSync(f));
      if (!file) throw new Error(`mail template ${name} not found in ${this.dir}`);
      const [first, ...rest] = fs.readFileSync(file, 'utf8').split('\n');
      const subject = first.replace(/^Subject:\s*/, '');
      tpl = { subject: Handlebars.compile(subject, { noEscape: true }), body: Handlebars.compile(rest.join('\n')) };
      this.cache.set(key, tpl);
    }
    return tpl;
  }
}

/** The text part of a mail from its HTML (links kept as "label (url)"). */
export function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g, '$2 ($1)')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|li|tr)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Sends through SMTP when `SMTP_URL` is set; otherwise keeps the mail in the service's
 * `mail_outbox` table (readable in the back office). Either way the mail is recorded.
 */
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transporter?: Transporter;
  readonly from: string;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined = process.env.SMTP_URL,
    from = process.env.MAIL_FROM ?? 'Portail logistique <no-reply@portal.localhost>',
    private readonly readAttachment?: AttachmentReader,
  ) {
    this.from = from;
    if (smtpUrl) this.transporter = nodemailer.createTransport(smtpUrl);
  }

  /** Whether mails leave by SMTP (else they stay in the outbox, readable in the back office). */
  get smtp(): boolean {
    return this.transporter !== undefined;
  }

  /** Records the mail (with the service's own columns, if any) and sends it; rejects with the SMTP error when sending fails. */
  async send(message: MailMessage, template?: string, columns: MailColumns = {}): Promise<void> {
    const extra = Object.keys(columns).filter((c) => MAIL_COLUMN.test(c));
    const names = ['to', 'cc', 'subject', 'html', 'text', 'template', ...extra].map((c) => `"${c}"`);
    const [row] = await this.db.system.query<{ id: string }>(
      `INSERT INTO "mail_outbox" (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING "id"`,
      [message.to, message.cc ?? [], message.subject, message.html, message.text, template ?? null, ...extra.map((c) => columns[c])],
    );
    if (!this.transporter) return;
    try {
      await this.deliver(message);
      await this.db.system.query(`UPDATE "mail_outbox" SET "sent_at" = now() WHERE "id" = $1`, [row.id]);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      this.logger.warn(`mail to ${message.to} failed: ${error}`);
      await this.db.system.query(`UPDATE "mail_outbox" SET "error" = $2 WHERE "id" = $1`, [row.id, error]);
      throw e;
    }
  }

  /** Hands a mail to the SMTP server now (no outbox row): references to stored files are read here. */
  async deliver(message: MailMessage): Promise<void> {
    if (!this.transporter) throw new Error('no SMTP server configured (SMTP_URL)');
    const attachments = await Promise.all((message.attachments ?? []).map((a) => this.attachment(a)));
    await this.transporter.sendMail({ from: this.from, ...message, attachments });
  }

  private async attachment(a: MailAttachment): Promise<{ filename: string; contentType: string; content: Buffer }> {
    if (a.content) return { filename: a.filename, contentType: a.contentType, content: a.content };
    if (!a.storageKey || !this.readAttachment) throw new Error(`attachment ${a.filename} has no content`);
    return { filename: a.filename, contentType: a.contentType, content: await this.readAttachment(a.storageKey) };
  }
}
