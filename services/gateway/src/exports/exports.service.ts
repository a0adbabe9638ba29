import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { PassThrough, Writable } from 'node:stream';
import { Injectable, Logger, StreamableFile, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { BusClient, TrackingWordsCache } from '@portal/bus';
import {
  AppError,
  AuthSubjects,
  EXPORT_LIMITS,
  maskEmail,
  shortLocale,
  systemContext,
  type CallerContext,
  type ExportFileFormat,
  type ExportFormat,
  type ExportJobCompleteRequest,
  type ExportJobCreateRequest,
  type ExportJobDto,
  type ExportJobEndedDto,
  type ExportJobFailRequest,
  type ExportQueuedDto,
  type UserDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { attachment } from '../http/files';
import { UsageMeter } from '../statistics/usage-meter';
import { ExportKinds, type ExportPage, type ExportSource } from './export-kinds';
import { ExportLimits } from './export-limits';
import { exportFileName, ExportStore, type StoredExport } from './export-store';
import { CONTENT_TYPES, sheetWriter, type ExportOptions } from './sheet';

export type { ExportPage, ExportSource } from './export-kinds';

/** What a controller asks: an export kind it registered, with the validated list request it reads. */
export interface ExportRequest {
  /** The kind, also the file name stem and storage folder: `orders`, `stock`, `movements`, `claims`. */
  name: string;
  /** The list's validated request (JSON): kept with the background job to read it again elsewhere. */
  query: unknown;
  format: ExportFileFormat;
  /** Date columns as asked; default the user's export setting. */
  dateFormat?: ExportFormat;
}

const tooLarge = (limit: number) => new AppError('exportTooLarge', 'too many rows for one export: narrow the filter', { limit });

/** The export is no longer this gateway's to finish (stopping, or its job taken over): no mail, the job stays open. */
class LeftToOthers extends Error {}

/**
 * Spec §9 "Large exports are sent by email", one mechanism for every list: up to EXPORT_SYNC_MAX_ROWS
 * rows the file comes back in the answer; past that a durable job is recorded by the auth service, the
 * answer is 202 and the same reading goes on in the background under the job's lease (renewed), into
 * the file storage as `<job id>.<format>`; the auth service ends the job and mails the link once. When
 * the gateway dies (or stops) the lease runs out and any gateway takes the job over, reading the list
 * again from the first page (issue 19 item 3). Past EXPORT_MAX_ROWS: 413 exportTooLarge, or a failure mail.
 */
/** How often every gateway sweeps expired exports and unfinished files (also after each export it writes). */
const SWEEP_INTERVAL_MS = 3_600_000;

@Injectable()
export class ExportsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Exports');
  private readonly running = new Set<Promise<void>>();
  private readonly slots = new Slots(EXPORT_LIMITS.backgroundConcurrency);
  /** Who holds a lease: this gateway process. */
  readonly leaseOwner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private poller?: NodeJS.Timeout;
  private sweeper?: NodeJS.Timeout;
  private polling = false;
  private stopping = false;

  constructor(
    private readonly bus: BusClient,
    private readonly store: ExportStore,
    private readonly limits: ExportLimits,
    private readonly kinds: ExportKinds,
    private readonly words: TrackingWordsCache,
    private readonly usage: UsageMeter,
  ) {}

  /** The sheet with the provider's tracking words of the moment (cached 30 s; the catalogue's when the admin service is away). */
  private async sheetOf(source: ExportSource<object>, options: ExportOptions) {
    return source.sheet({ ...options, trackingWords: await this.words.get() });
  }

  /** Registers an export kind (done by the exporting controllers): how any gateway rebuilds it from its job. */
  register<Row extends object>(name: string, kind: (ctx: CallerContext, query: unknown) => ExportSource<Row>): void {
    this.kinds.register(name, kind);
  }

  async run(ctx: CallerContext, res: FastifyReply, request: ExportRequest): Promise<StreamableFile | ExportQueuedDto> {
    const me = await this.bus.request<UserDto>(AuthSubjects.me, ctx, {});
    const options: ExportOptions = {
      format: request.format,
      dateFormat: request.dateFormat ?? me.exportFormat,
      timeZone: me.timezone || ctx.timezone,
      language: shortLocale(ctx.locale),
    };
    const source = this.kinds.build(request.name, ctx, request.query);
    this.usage.count(ctx, 'exports');
    const pages = source.pages[Symbol.asyncIterator]();
    const rows: object[] = [];
    try {
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        rows.push(...next.value.rows);
        const known = Math.max(rows.length, next.value.atLeast ?? 0);
        if (known > this.limits.maxRows) throw tooLarge(this.limits.maxRows);
        if (known > this.limits.syncMaxRows) return await this.queue(ctx, me, res, request, source, options, rows, pages);
      }
    } catch (e) {
      await pages.return?.();
      throw e;
    }
    return this.fileNow(request.name, source, options, rows);
  }

  /** Every EXPORT_JOBS_POLL_MS, takes over the background exports whose gateway died. */
  onApplicationBootstrap(): void {
    this.poller = setInterval(() => void this.poll(), this.limits.jobsPollMs);
    this.poller.unref();
    // Expired exports and dead writers' unfinished files go even when nobody exports for a while.
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
    void this.sweep();
  }

  private async sweep(): Promise<void> {
    await this.store.sweep().catch((e: unknown) => this.logger.warn(`sweeping expired exports failed: ${String(e)}`));
  }

  /** Lets running exports end before the gateway stops; those still running are left to another gateway. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    clearInterval(this.poller);
    clearInterval(this.sweeper);
    if (!this.running.size) return;
    this.logger.warn(`stopping with ${this.running.size} background export(s) under way: another gateway takes them over`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
  }

  /** Claims jobs whose lease ran out while this gateway has a free slot, and produces each from the start. */
  async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    try {
      while (this.slots.available > 0 && !this.stopping) {
        const { job } = await this.bus.request<{ job: ExportJobDto | null }>(AuthSubjects.exportJobClaim, systemContext('export-jobs'), {
          leaseOwner: this.leaseOwner,
          leaseMs: this.limits.jobLeaseMs,
        });
        if (!job) break;
        this.resume(job);
      }
    } catch (e) {
      this.logger.warn(`looking for background exports to take over failed: ${e instanceof AppError ? e.key : String(e)}`);
    } finally {
      this.polling = false;
    }
  }

  /** A job taken over: rebuilt from its stored context and query, read again from the first page. */
  private resume(job: ExportJobDto): void {
    this.logger.log(`taking over ${job.name} export ${job.id} of ${job.ctx.user?.login} (attempt ${job.attempts})`);
    const options: ExportOptions = {
      format: job.format,
      dateFormat: (job.dateFormat as ExportFormat | undefined) ?? 'datetime',
      timeZone: job.ctx.timezone,
      language: shortLocale(job.ctx.locale),
    };
    let source: ExportSource<object>;
    try {
      source = this.kinds.build(job.name, job.ctx, job.query);
    } catch (e) {
      this.logger.error(`export job ${job.id} cannot be rebuilt here: ${String(e)}`);
      return;
    }
    this.start(job.id, job.ctx, job.name, source, options, [], source.pages[Symbol.asyncIterator]());
  }

  private async fileNow(name: string, source: ExportSource<object>, options: ExportOptions, rows: object[]): Promise<StreamableFile> {
    const sheet = await this.sheetOf(source, options);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const writer = sheetWriter(options.format, sheet.sheetName, sheet.headers, sink, options.language);
    await writer.add(rows.map((row) => sheet.cells(row)));
    await writer.finish();
    const fileName = exportFileName(name, options.format, new Date(), options.timeZone);
    return new StreamableFile(Buffer.concat(chunks), { type: CONTENT_TYPES[options.format], disposition: attachment(fileName) });
  }

  /**
   * Records the durable job (leased to this gateway) before answering 202 with the masked address,
   * then goes on in the background from the rows already read.
   */
  private async queue(
    ctx: CallerContext,
    me: UserDto,
    res: FastifyReply,
    request: ExportRequest,
    source: ExportSource<object>,
    options: ExportOptions,
    rows: object[],
    pages: AsyncIterator<ExportPage<object>>,
  ): Promise<ExportQueuedDto> {
    if (!ctx.user || !me.email) {
      throw new AppError('userEmailEmpty', 'this export is mailed and the user has no e-mail address', {
        syncLimit: this.limits.syncMaxRows,
      });
    }
    // The context kept is the one of this request, in the user's time zone: a resumed job reads and mails alike.
    const owner: CallerContext = { ...ctx, timezone: options.timeZone };
    const job = await this.bus.request<ExportJobDto>(AuthSubjects.exportJobCreate, owner, {
      name: request.name,
      title: source.title,
      query: request.query,
      format: options.format,
      dateFormat: options.dateFormat,
      leaseOwner: this.leaseOwner,
      leaseMs: this.limits.jobLeaseMs,
    } satisfies ExportJobCreateRequest);
    this.start(job.id, owner, request.name, source, options, rows, pages);
    res.status(202);
    return { queued: true, email: maskEmail(me.email) };
  }

  private start(
    id: string,
    ctx: CallerContext,
    name: string,
    source: ExportSource<object>,
    options: ExportOptions,
    first: object[],
    pages: AsyncIterator<ExportPage<object>>,
  ): void {
    const task: Promise<void> = this.produce(id, ctx, name, source, options, first, pages).finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Never rejects: a failure is logged and mailed to the user, unless the job is left to another gateway. */
  private async produce(
    id: string,
    ctx: CallerContext,
    name: string,
    source: ExportSource<object>,
    options: ExportOptions,
    first: object[],
    pages: AsyncIterator<ExportPage<object>>,
  ): Promise<void> {
    const release = await this.slots.take();
    const lease = this.hold(id);
    const who = `${ctx.user?.login} (request ${ctx.requestId}, job ${id})`;
    let written: { file: StoredExport; rows: number };
    try {
      written = await this.write(ctx, id, name, source, options, first, pages, () => lease.lost);
    } catch (e) {
      release();
      lease.stop();
      await pages.return?.().catch(() => undefined);
      if (e instanceof LeftToOthers) {
        this.logger.warn(`${name} export of ${who} left to another gateway: ${e.message}`);
        return;
      }
      const error = e instanceof AppError ? e : new AppError('unexpectedError', e instanceof Error ? e.message : String(e));
      this.logger.error(`${name} export of ${who} failed: ${error.key} ${error.message}`);
      await this.end(AuthSubjects.exportJobFail, ctx, who, {
        id,
        failed: {
          title: source.title,
          error: { key: error.key, ...(error.params ? { params: error.params } : {}) },
          reference: ctx.requestId,
        },
      } satisfies ExportJobFailRequest);
      return;
    }
    release();
    const { file, rows } = written;
    this.logger.log(`${name} export ${file.id} of ${who}: ${rows} rows, ${file.size} bytes`);
    await this.end(AuthSubjects.exportJobComplete, ctx, who, {
      id,
      ready: {
        exportId: file.id,
        title: source.title,
        fileName: exportFileName(name, options.format, file.createdAt, options.timeZone),
        rows,
        expiresAt: file.expiresAt.toISOString(),
      },
    } satisfies ExportJobCompleteRequest);
    lease.stop();
    await this.sweep();
  }

  /** Renews the job's lease every third of it while the file is written; `lost` once another gateway has it. */
  private hold(id: string): { readonly lost: boolean; stop(): void } {
    const state = { lost: false };
    const renew = async () => {
      try {
        const { ok } = await this.bus.request<{ ok: boolean }>(AuthSubjects.exportJobRenew, systemContext('export-jobs'), {
          id,
          leaseOwner: this.leaseOwner,
          leaseMs: this.limits.jobLeaseMs,
        });
        if (!ok) state.lost = true;
      } catch (e) {
        // The auth service away for a moment: the lease may run out and the job be taken over, which is safe.
        this.logger.warn(`renewing the lease of export job ${id} failed: ${e instanceof AppError ? e.key : String(e)}`);
      }
    };
    const timer = setInterval(() => void renew(), Math.max(100, Math.floor(this.limits.jobLeaseMs / 3)));
    timer.unref();
    return {
      get lost() {
        return state.lost;
      },
      stop: () => clearInterval(timer),
    };
  }

  /** Streams the rows read so far, then the following pages, into the storage as the job's file; stops past the limit. */
  private async write(
    ctx: CallerContext,
    id: string,
    name: string,
    source: ExportSource<object>,
    options: ExportOptions,
    first: object[],
    pages: AsyncIterator<ExportPage<object>>,
    lost: () => boolean,
  ): Promise<{ file: StoredExport; rows: number }> {
    const sheet = await this.sheetOf(source, options);
    const out = new PassThrough();
    // A failure reaches us through `writing`; the storage may not listen yet when it happens.
    out.on('error', () => undefined);
    let abandoned = false;
    const mine = () => {
      if (this.stopping) throw new LeftToOthers('the gateway is stopping');
      if (lost()) throw new LeftToOthers('its lease was taken over');
    };
    const writing = (async () => {
      mine();
      const writer = sheetWriter(options.format, sheet.sheetName, sheet.headers, out, options.language);
      let rows = first.length;
      await writer.add(first.map((row) => sheet.cells(row)));
      for (let next = await pages.next(); !next.done; next = await pages.next()) {
        if (abandoned) throw new Error('export abandoned');
        mine();
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
      const [rows, file] = await Promise.all([writing, this.store.save(ctx, id, name, options.format, out)]);
      return { file, rows };
    } catch (e) {
      abandoned = true;
      throw e;
    }
  }

  /**
   * Asks the auth service to end the job and mail the user (once per job). When it cannot be reached
   * the job stays open: its lease runs out and a gateway produces it again.
   */
  private async end(
    subject: string,
    ctx: CallerContext,
    who: string,
    data: ExportJobCompleteRequest | ExportJobFailRequest,
  ): Promise<void> {
    try {
      const ended = await this.bus.request<ExportJobEndedDto>(subject, ctx, data);
      this.logger.log(`${subject} for ${who}: ${ended.mailed ? 'mailed' : 'already ended, nothing mailed'}`);
    } catch (e) {
      this.logger.error(`${subject} for ${who} failed, the job will be taken over: ${e instanceof AppError ? e.key : ''} ${String(e)}`);
    }
  }
}

/** At most `size` background exports at once in this gateway; the others wait their turn. */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  get available(): number {
    return this.free;
  }

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
