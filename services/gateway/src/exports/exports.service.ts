import { PassThrough, Writable } from 'node:stream';
import { Injectable, Logger, StreamableFile, type OnModuleDestroy } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import {
  AppError,
  AuthSubjects,
  EXPORT_LIMITS,
  maskEmail,
  shortLocale,
  type CallerContext,
  type ExportFailedMailRequest,
  type ExportFileFormat,
  type ExportFormat,
  type ExportMailSentDto,
  type ExportQueuedDto,
  type ExportReadyMailRequest,
  type Labels5,
  type UserDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { attachment } from '../http/files';
import { ExportLimits } from './export-limits';
import { exportFileName, ExportStore, type StoredExport } from './export-store';
import { CONTENT_TYPES, sheetWriter, type ExportOptions, type ExportSheet } from './sheet';

/** One page of the list being exported. */
export interface ExportPage<Row> {
  rows: Row[];
  /** The list holds at least this many rows, when the service knows (a counted total). */
  atLeast?: number;
}

/** What a controller hands over: the list page by page, read with the caller's context, and its sheet. */
export interface ExportJob<Row> {
  /** File name stem and storage folder: `orders`, `stock`, `movements` (lower-case letters). */
  name: string;
  /** What is exported, as the mail names it. */
  title: Labels5;
  format: ExportFileFormat;
  /** Date columns as asked; default the user's export setting. */
  dateFormat?: ExportFormat;
  /** The rows in export order; the service applies the caller's scope to every page. */
  pages: AsyncIterable<ExportPage<Row>>;
  /** Headers and cells in the user's language, date format and time zone. */
  sheet(options: ExportOptions): ExportSheet<Row>;
}

const tooLarge = (limit: number) => new AppError('exportTooLarge', 'too many rows for one export: narrow the filter', { limit });

/**
 * Spec §9 "Large exports are sent by email", one mechanism for every list: up to EXPORT_SYNC_MAX_ROWS
 * rows the file comes back in the answer; past that the answer is 202 at once and the same reading
 * goes on in the background (no restart), into the file storage, and the auth service mails the
 * user a link to `/exports/<id>`. Past EXPORT_MAX_ROWS: 413 exportTooLarge, or a failure mail.
 */
@Injectable()
export class ExportsService implements OnModuleDestroy {
  private readonly logger = new Logger('Exports');
  private readonly running = new Set<Promise<void>>();
  private readonly slots = new Slots(EXPORT_LIMITS.backgroundConcurrency);
  private stopping = false;

  constructor(
    private readonly bus: BusClient,
    private readonly store: ExportStore,
    private readonly limits: ExportLimits,
  ) {}

  async run<Row>(ctx: CallerContext, res: FastifyReply, job: ExportJob<Row>): Promise<StreamableFile | ExportQueuedDto> {
    const me = await this.bus.request<UserDto>(AuthSubjects.me, ctx, {});
    const options: ExportOptions = {
      format: job.format,
      dateFormat: job.dateFormat ?? me.exportFormat,
      timeZone: me.timezone || ctx.timezone,
      language: shortLocale(ctx.locale),
    };
    const pages = job.pages[Symbol.asyncIterator]();
    const rows: Row[] = [];
    try {
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        rows.push(...next.value.rows);
        const known = Math.max(rows.length, next.value.atLeast ?? 0);
        if (known > this.limits.maxRows) throw tooLarge(this.limits.maxRows);
        if (known > this.limits.syncMaxRows) return this.queue(ctx, me, res, job, options, rows, pages);
      }
    } catch (e) {
      await pages.return?.();
      throw e;
    }
    return this.fileNow(job, options, rows);
  }

  /** Lets running exports end (or fail and mail so) before the gateway stops. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (!this.running.size) return;
    this.logger.warn(`stopping with ${this.running.size} background export(s) under way`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
  }

  private async fileNow<Row>(job: ExportJob<Row>, options: ExportOptions, rows: Row[]): Promise<StreamableFile> {
    const sheet = job.sheet(options);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const writer = sheetWriter(options.format, sheet.sheetName, sheet.headers, sink);
    await writer.add(rows.map((row) => sheet.cells(row)));
    await writer.finish();
    const name = exportFileName(job.name, options.format, new Date(), options.timeZone);
    return new StreamableFile(Buffer.concat(chunks), { type: CONTENT_TYPES[options.format], disposition: attachment(name) });
  }

  /** Answers 202 with the masked address and goes on in the background from the rows already read. */
  private queue<Row>(
    ctx: CallerContext,
    me: UserDto,
    res: FastifyReply,
    job: ExportJob<Row>,
    options: ExportOptions,
    rows: Row[],
    pages: AsyncIterator<ExportPage<Row>>,
  ): ExportQueuedDto {
    if (!ctx.user || !me.email) {
      throw new AppError('userEmailEmpty', 'this export is mailed and the user has no e-mail address', {
        syncLimit: this.limits.syncMaxRows,
      });
    }
    const task: Promise<void> = this.produce(ctx, job, options, rows, pages).finally(() => this.running.delete(task));
    this.running.add(task);
    res.status(202);
    return { queued: true, email: maskEmail(me.email) };
  }

  /** Never rejects: a failure is logged and mailed to the user. */
  private async produce<Row>(
    ctx: CallerContext,
    job: ExportJob<Row>,
    options: ExportOptions,
    first: Row[],
    pages: AsyncIterator<ExportPage<Row>>,
  ): Promise<void> {
    const release = await this.slots.take();
    const who = `${ctx.user?.login} (request ${ctx.requestId})`;
    let written: { file: StoredExport; rows: number };
    try {
      written = await this.write(ctx, job, options, first, pages);
    } catch (e) {
      release();
      await pages.return?.().catch(() => undefined);
      const error = e instanceof AppError ? e : new AppError('unexpectedError', e instanceof Error ? e.message : String(e));
      this.logger.error(`${job.name} export of ${who} failed: ${error.key} ${error.message}`);
      await this.mail<ExportFailedMailRequest>(AuthSubjects.mailExportFailed, ctx, who, {
        title: job.title,
        error: { key: error.key, ...(error.params ? { params: error.params } : {}) },
        reference: ctx.requestId,
      });
      return;
    }
    release();
    const { file, rows } = written;
    this.logger.log(`${job.name} export ${file.id} of ${who}: ${rows} rows, ${file.size} bytes`);
    await this.mail<ExportReadyMailRequest>(AuthSubjects.mailExportReady, ctx, who, {
      exportId: file.id,
      title: job.title,
      fileName: exportFileName(job.name, options.format, file.createdAt, options.timeZone),
      rows,
      expiresAt: file.expiresAt.toISOString(),
    });
    await this.store.sweep().catch((e: unknown) => this.logger.warn(`sweeping expired exports failed: ${String(e)}`));
  }

  /** Streams the rows read so far, then the following pages, into the storage; stops past the limit. */
  private async write<Row>(
    ctx: CallerContext,
    job: ExportJob<Row>,
    options: ExportOptions,
    first: Row[],
    pages: AsyncIterator<ExportPage<Row>>,
  ): Promise<{ file: StoredExport; rows: number }> {
    const sheet = job.sheet(options);
    const out = new PassThrough();
    // A failure reaches us through `writing`; the storage may not listen yet when it happens.
    out.on('error', () => undefined);
    let abandoned = false;
    const writing = (async () => {
      if (this.stopping) throw new AppError('serverUnavailable', 'the portal stopped before the export began');
      const writer = sheetWriter(options.format, sheet.sheetName, sheet.headers, out);
      let rows = first.length;
      await writer.add(first.map((row) => sheet.cells(row)));
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        if (abandoned) throw new Error('export abandoned');
        if (this.stopping) throw new AppError('serverUnavailable', 'the portal stopped during the export');
        rows += next.value.rows.length;
        if (rows > this.limits.maxRows) throw tooLarge(this.limits.maxRows);
        await writer.add(next.value.rows.map((row) => sheet.cells(row)));
      }
      await writer.finish();
      return rows;
    })().catch((e: unknown) => {
      out.destroy(e instanceof Error ? e : new Error(String(e)));
      throw e;
    });
    try {
      const [rows, file] = await Promise.all([writing, this.store.save(ctx, job.name, options.format, out)]);
      return { file, rows };
    } catch (e) {
      abandoned = true;
      throw e;
    }
  }

  private async mail<T>(subject: string, ctx: CallerContext, who: string, data: T): Promise<void> {
    try {
      const sent = await this.bus.request<ExportMailSentDto>(subject, ctx, data);
      this.logger.log(`${subject} mailed to ${sent.email} for ${who}`);
    } catch (e) {
      this.logger.error(`${subject} for ${who} could not be mailed: ${e instanceof AppError ? e.key : ''} ${String(e)}`);
    }
  }
}

/** At most `size` background exports at once in this gateway; the others wait their turn. */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}
