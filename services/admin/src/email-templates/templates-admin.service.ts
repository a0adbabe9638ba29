import { Inject, Injectable, Logger } from '@nestjs/common';
import { auditedWrite, BusClient, OutboxRelay, type AuditedRows } from '@portal/bus';
import {
  ADMIN_TEMPLATES_LIST,
  AppError,
  AuthSubjects,
  parseBody,
  parseListRequest,
  templateInput,
  templatePreviewInput,
  type AdminEmailTemplateDto,
  type CallerContext,
  type ListPage,
  type TemplateInput,
  type TemplatePreviewDto,
  type UserDto,
} from '@portal/contracts';
import { mailOfCaller } from '../mail-outbox/mail-depositors';
import { countedPage, Db, likeLiteral, orderBy, rowsOf, ScopedWhere } from '@portal/db';
import { Mailer } from '@portal/mail';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation, providerScope, requireWholeReach } from '../common/changes';
import { rowId } from '@portal/bus';
import { renderTemplate, sampleData } from './template-preview';

const COLUMNS = `t.id, t.code, t.label, t.subject, t.body, t.locale, t.visibility, t.active`;
const SORTS: Record<string, string> = { code: 't.code', label: 't.label', locale: 't.locale', id: 't.id' };
const NOT_NULL = new Set(['t.code', 't.label', 't.locale']);

/**
 * The email templates as ADMIN_TEMPLATE manages them (spec §2, §6): admin and public ones, one per
 * code and language, handlebars; a preview with sample data in any of the five languages, a test
 * mail to the administrator's own address. A template that does not compile is never saved.
 * Templates serve every depositor: any ADMIN_TEMPLATE reads, previews and test-sends (to their own
 * address only), but only an administrator who reaches every depositor creates or edits them.
 */
@Injectable()
export class TemplatesAdminService {
  private readonly logger = new Logger('TemplatesAdmin');

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<AdminEmailTemplateDto>> {
    const request = parseListRequest(ADMIN_TEMPLATES_LIST, data);
    const f = request.filter;
    const scope = providerScope(ctx);
    const w = ScopedWhere.of(scope, { depositor: 't.id' })
      .equals('t.locale', f.locale)
      .equals('t.visibility', f.visibility)
      .equals('t.active', f.active);
    if (f.q) {
      const like = w.param(`%${likeLiteral(f.q)}%`);
      w.and(`(t.code ILIKE ${like} OR t.label ILIKE ${like} OR t.subject ILIKE ${like})`);
    }
    return countedPage<AdminEmailTemplateDto>(
      (sql, params) => this.db.scopedQuery(scope, sql, params),
      w,
      {
        countRows: `SELECT 1 FROM email_templates t WHERE ${w}`,
        rows: (limit, offset) =>
          `SELECT ${COLUMNS} FROM email_templates t WHERE ${w} ORDER BY ${orderBy(SORTS[request.sort] ?? 't.id', request.order, 't.id', NOT_NULL)} LIMIT ${limit} OFFSET ${offset}`,
      },
      { offset: request.offset, limit: request.limit, maxExactCount: 10_000 },
    );
  }

  get(ctx: CallerContext, data: unknown): Promise<AdminEmailTemplateDto> {
    const id = rowId(data);
    return this.db.scoped(providerScope(ctx), (em) => read(em, id));
  }

  async create(ctx: CallerContext, data: unknown): Promise<AdminEmailTemplateDto> {
    requireWholeReach(ctx);
    const input = compiled(parseBody(templateInput, data));
    return this.write(ctx, async (em) => {
      const id = await auditedWrite(em, ctx, TEMPLATE_ROWS, { written: (created: number) => [created] }, async () => {
        await unique(em, input);
        const [row] = rowsOf<{ id: number }>(
          await em.query(
            `INSERT INTO email_templates (code, label, subject, body, locale, visibility, active) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            values(input),
          ),
        );
        return row.id;
      });
      return read(em, id);
    });
  }

  async update(ctx: CallerContext, data: unknown): Promise<AdminEmailTemplateDto> {
    requireWholeReach(ctx);
    const id = rowId(data);
    const input = compiled(parseBody(templateInput, (data as { values?: unknown }).values));
    return this.write(ctx, async (em) => {
      await auditedWrite(em, ctx, TEMPLATE_ROWS, { ids: [id] }, async (before) => {
        if (!before.length) throw templateNotFound();
        await unique(em, input, id);
        await em.query(
          `UPDATE email_templates SET code = $2, label = $3, subject = $4, body = $5, locale = $6, visibility = $7, active = $8 WHERE id = $1`,
          [id, ...values(input)],
        );
      });
      return read(em, id);
    });
  }

  /** The text being edited, rendered server-side with the sample data of its language. */
  preview(_ctx: CallerContext, data: unknown): TemplatePreviewDto {
    const input = parseBody(templatePreviewInput, data);
    return { locale: input.locale, ...renderTemplate(input.subject, input.body, sampleData(input.locale)) };
  }

  /** The preview sent to the administrator's own address (the mail outbox keeps it). */
  async testSend(ctx: CallerContext, data: unknown): Promise<{ ok: true; to: string }> {
    const input = parseBody(templatePreviewInput, data);
    const mail = renderTemplate(input.subject, input.body, sampleData(input.locale));
    const to = await this.ownAddress(ctx);
    try {
      await this.mailer.send(
        { to, subject: `[TEST] ${mail.subject}`, html: mail.html, text: htmlToText(mail.html) },
        'template-test',
        mailOfCaller(ctx),
      );
    } catch (e) {
      this.logger.warn(`test mail to ${to} failed: ${e instanceof Error ? e.message : String(e)}`);
      throw new AppError('emailFailed', 'the test mail could not be sent');
    }
    return { ok: true, to };
  }

  private async ownAddress(ctx: CallerContext): Promise<string> {
    if (!ctx.user) throw new AppError('userEmailEmpty', 'no user to send the test to');
    const me = await this.bus.request<UserDto>(AuthSubjects.me, ctx, {});
    if (me.uuid !== ctx.user.uuid || !me.email) throw new AppError('userEmailEmpty', 'the administrator has no e-mail address');
    return me.email;
  }

  private async write<T>(ctx: CallerContext, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      const result = await this.db.scoped(providerScope(ctx), fn);
      this.outbox.kick();
      return result;
    } catch (e) {
      if (isUniqueViolation(e, 'email_templates_code_locale'))
        throw new AppError('emailTemplateAlreadyExists', 'a template of this code exists in this language', { field: 'code' });
      throw e;
    }
  }
}

/** Refuses (templateLoadingFailure, with where) a template that does not render with the sample data. */
function compiled(input: TemplateInput): TemplateInput {
  renderTemplate(input.subject, input.body, sampleData(input.locale));
  return input;
}

/** One template per code and language (checked first; the unique index stays the last word). */
async function unique(em: EntityManager, input: TemplateInput, id = 0): Promise<void> {
  const taken = rowsOf(
    await em.query(`SELECT 1 FROM email_templates WHERE code = $1 AND locale = $2 AND id <> $3`, [input.code, input.locale, id]),
  );
  if (taken.length) throw new AppError('emailTemplateAlreadyExists', 'a template of this code exists in this language', { field: 'code' });
}

const values = (i: TemplateInput) => [i.code, i.label, i.subject, i.body, i.locale, i.visibility, i.active ?? true];

const templateNotFound = () => new AppError('objectNotFound', 'template not found');

async function read(em: EntityManager, id: number): Promise<AdminEmailTemplateDto> {
  const [row] = rowsOf<AdminEmailTemplateDto>(await em.query(`SELECT ${COLUMNS} FROM email_templates t WHERE t.id = $1`, [id]));
  if (!row) throw templateNotFound();
  return row;
}

/** The provider's templates in the audit trail, read locked around a change. */
const TEMPLATE_ROWS: AuditedRows<AdminEmailTemplateDto> = {
  service: 'admin',
  entity: 'emailTemplate',
  read: (em, ids) => em.query(`SELECT ${COLUMNS} FROM email_templates t WHERE t.id = ANY($1::int[]) FOR UPDATE`, [ids]),
  subject: (t) => ({ id: t.id, label: t.code }),
};

/** The plain-text part of a test mail: the HTML without its tags. */
function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|h\d|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
