import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  AppError,
  EXPORT_FORMATS,
  type CallerContext,
  type ExportJobClaimRequest,
  type ExportJobCompleteRequest,
  type ExportJobCreateRequest,
  type ExportJobDto,
  type ExportJobEndedDto,
  type ExportJobFailRequest,
  type ExportJobRenewRequest,
} from '@portal/contracts';
import { Repeater } from '@portal/bus';
import { Db } from '@portal/db';
import { MailRelay, writeMails, type MailRelayOptions } from '@portal/mail';
import { ExportMailsService, type ComposedMail } from './export-mails.service';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A job taken over this many times (each gateway died on it, or could not finish) is failed and mailed so. */
export const EXPORT_JOB_MAX_ATTEMPTS = 5;
/** Ended jobs (done or failed) are deleted this many days after they ended: `EXPORT_JOBS_RETENTION_DAYS`, 30 by default. */
export const exportJobsRetentionDays = (env: NodeJS.ProcessEnv = process.env): number => {
  const days = Number(env.EXPORT_JOBS_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= 3660 ? days : 30;
};
/** How often ended jobs past their retention are looked for (each copy of auth does it; the delete is idempotent). */
const PURGE_INTERVAL_MS = 3_600_000;
/** The relay of the export mails: retried for about an hour and a half before being given up (logged). */
export const EXPORT_MAIL_RELAY: MailRelayOptions = { attempts: 7, backoffMs: 60_000 };

interface JobRow {
  id: string;
  user_id: number;
  ctx: CallerContext;
  name: string;
  title: ExportJobDto['title'];
  query: unknown;
  format: ExportJobDto['format'];
  date_format: string | null;
  state: ExportJobDto['state'];
  attempts: number;
  lease_owner: string | null;
  lease_until: Date | null;
}

const invalid = (what: string) => new AppError('validationFailed', `malformed export job request: ${what}`);

/**
 * Background exports as durable jobs (issue 19 item 3). The gateway that answers 202 creates the job
 * leased to itself and renews the lease while it writes the file; any gateway claims a job whose lease
 * ran out (its gateway died) and produces it again from the start. Ending a job (done or failed) and
 * mailing the user happen under the job's row lock, once per job: a late second finisher mails nothing.
 */
@Injectable()
export class ExportJobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ExportJobs');
  private readonly purger = new Repeater(
    () => this.purge(),
    (e: unknown) => this.logger.warn(`deleting old export jobs failed: ${e instanceof Error ? e.message : String(e)}`),
  );

  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly mails: ExportMailsService,
    private readonly relay: MailRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.purger.start(PURGE_INTERVAL_MS, true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.purger.stop();
  }

  /** Deletes the jobs that ended more than EXPORT_JOBS_RETENTION_DAYS ago (their files expired long before); answers how many. */
  async purge(now = new Date(), days = exportJobsRetentionDays()): Promise<number> {
    const deleted = await this.db.system.query<{ id: string }>(
      `DELETE FROM "export_jobs" WHERE "state" IN ('done', 'failed') AND "finished_at" < $1::timestamptz - make_interval(days => $2) RETURNING "id"`,
      [now.toISOString(), days],
    );
    if (deleted.length) this.logger.log(`${deleted.length} export job(s) ended more than ${days} days ago deleted`);
    return deleted.length;
  }

  async create(ctx: CallerContext, r: ExportJobCreateRequest): Promise<ExportJobDto> {
    if (!ctx.user) throw new AppError('userNotFound', 'background exports belong to signed-in users');
    if (typeof r?.name !== 'string' || !/^[a-z]{1,40}$/.test(r.name)) throw invalid('name');
    if (r.format !== 'csv' && r.format !== 'xlsx') throw invalid('format');
    if (r.dateFormat !== undefined && !(EXPORT_FORMATS as readonly string[]).includes(r.dateFormat)) throw invalid('dateFormat');
    if (!r.title || typeof r.title !== 'object') throw invalid('title');
    const lease = leaseOf(r);
    const [row] = await this.db.system.query<JobRow>(
      `INSERT INTO "export_jobs" ("id", "user_id", "user_uuid", "ctx", "name", "title", "query", "format", "date_format",
         "state", "attempts", "lease_owner", "lease_until")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, 'running', 1, $9, now() + $10 * interval '1 millisecond')
       RETURNING *`,
      [
        ctx.user.id,
        ctx.user.uuid,
        JSON.stringify(ctx),
        r.name,
        JSON.stringify(r.title),
        JSON.stringify(r.query ?? null),
        r.format,
        r.dateFormat ?? null,
        lease.owner,
        lease.ms,
      ],
    );
    return dtoOf(row);
  }

  /**
   * The oldest unfinished job whose lease ran out, leased to the caller (two gateways asking at once
   * never get the same job: SKIP LOCKED); null when there is none. A job whose user was disabled or
   * removed since is failed without a mail; one past EXPORT_JOB_MAX_ATTEMPTS is failed and mailed so.
   */
  async claim(r: ExportJobClaimRequest): Promise<{ job: ExportJobDto | null }> {
    const lease = leaseOf(r);
    for (;;) {
      const [row] = await this.db.system.query<JobRow>(
        `UPDATE "export_jobs" SET "state" = 'running', "attempts" = "attempts" + 1, "lease_owner" = $1,
           "lease_until" = now() + $2 * interval '1 millisecond'
         WHERE "id" = (SELECT "id" FROM "export_jobs" WHERE "state" IN ('queued', 'running')
                         AND ("lease_until" IS NULL OR "lease_until" < now())
                       ORDER BY "created_at" LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [lease.owner, lease.ms],
      );
      if (!row) return { job: null };
      const [user] = await this.db.system.query<{ disabled: boolean }>(`SELECT "disabled" FROM "users" WHERE "id" = $1`, [row.user_id]);
      if (!user || user.disabled) {
        this.logger.warn(`export job ${row.id} dropped: its user ${row.ctx.user?.login} is no longer active`);
        await this.db.system.query(
          `UPDATE "export_jobs" SET "state" = 'failed', "finished_at" = now(), "lease_owner" = NULL, "lease_until" = NULL WHERE "id" = $1`,
          [row.id],
        );
        continue;
      }
      if (row.attempts > EXPORT_JOB_MAX_ATTEMPTS) {
        this.logger.error(`export job ${row.id} failed: taken over ${row.attempts - 1} times`);
        await this.fail({
          id: row.id,
          failed: { title: row.title, error: { key: 'unexpectedError' }, reference: row.ctx.requestId },
        });
        continue;
      }
      if (row.attempts > 1)
        this.logger.log(`export job ${row.id} of ${row.ctx.user?.login} taken over by ${lease.owner} (attempt ${row.attempts})`);
      return { job: dtoOf(row) };
    }
  }

  /** Extends the lease of a job still running under the caller; false once it was taken over or ended. */
  async renew(r: ExportJobRenewRequest): Promise<{ ok: boolean }> {
    if (!ID.test(String(r?.id))) throw invalid('id');
    const lease = leaseOf(r);
    const rows = await this.db.system.query(
      `UPDATE "export_jobs" SET "lease_until" = now() + $3 * interval '1 millisecond'
       WHERE "id" = $1 AND "lease_owner" = $2 AND "state" = 'running' RETURNING "id"`,
      [r.id, lease.owner, lease.ms],
    );
    return { ok: rows.length > 0 };
  }

  /** Done, and the link mailed, once: a job already ended answers `mailed: false`. */
  complete(r: ExportJobCompleteRequest): Promise<ExportJobEndedDto> {
    if (r?.ready?.exportId !== r?.id) throw invalid('the file must bear the job id');
    return this.end(r.id, 'done', (ctx) => this.mails.readyMail(ctx, r.ready));
  }

  /** Failed, and why mailed, once. */
  fail(r: ExportJobFailRequest): Promise<ExportJobEndedDto> {
    return this.end(r?.id, 'failed', (ctx) => this.mails.failedMail(ctx, r.failed));
  }

  /**
   * Ends the job under its row lock and writes its mail in the same transaction: both commit or
   * neither does, so a crash or a failed commit between them can neither lose the mail nor, on the
   * retry, write it twice; a concurrent or later end of the same job waits, then finds it final and
   * mails nothing. The mail relay sends it after the commit. A user without an address ends it
   * without a mail.
   */
  private async end(id: string, state: 'done' | 'failed', mail: (ctx: CallerContext) => Promise<ComposedMail>): Promise<ExportJobEndedDto> {
    if (!ID.test(String(id))) throw invalid('id');
    const ended = await this.endInTransaction(id, state, mail);
    if (ended.mailed) this.relay.kick();
    return ended;
  }

  private endInTransaction(
    id: string,
    state: 'done' | 'failed',
    mail: (ctx: CallerContext) => Promise<ComposedMail>,
  ): Promise<ExportJobEndedDto> {
    return this.db.system.transaction(async (em) => {
      const [row] = (await em.query(`SELECT "ctx", "state" FROM "export_jobs" WHERE "id" = $1 FOR UPDATE`, [id])) as Pick<
        JobRow,
        'ctx' | 'state'
      >[];
      if (!row) throw new AppError('objectNotFound', 'no such export job');
      if (row.state === 'done' || row.state === 'failed') return { ok: true, mailed: false } as const;
      await em.query(
        `UPDATE "export_jobs" SET "state" = $2, "finished_at" = now(), "lease_owner" = NULL, "lease_until" = NULL WHERE "id" = $1`,
        [id, state],
      );
      let composed: ComposedMail;
      try {
        composed = await mail(row.ctx);
      } catch (e) {
        if (e instanceof AppError && (e.key === 'userEmailEmpty' || e.key === 'userNotFound')) return { ok: true, mailed: false } as const;
        throw e;
      }
      await writeMails(em, [composed.message], composed.template, { next_attempt_at: new Date().toISOString() });
      return { ok: true, mailed: true } as const;
    });
  }
}

function leaseOf(r: { leaseOwner?: unknown; leaseMs?: unknown } | undefined): { owner: string; ms: number } {
  if (typeof r?.leaseOwner !== 'string' || !r.leaseOwner || r.leaseOwner.length > 200) throw invalid('leaseOwner');
  if (!Number.isInteger(r.leaseMs) || (r.leaseMs as number) < 100 || (r.leaseMs as number) > 3_600_000) throw invalid('leaseMs');
  return { owner: r.leaseOwner, ms: r.leaseMs as number };
}

function dtoOf(row: JobRow): ExportJobDto {
  return {
    id: row.id,
    state: row.state,
    attempts: row.attempts,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until ? new Date(row.lease_until).toISOString() : null,
    ctx: row.ctx,
    name: row.name,
    title: row.title,
    query: row.query,
    format: row.format,
    ...(row.date_format ? { dateFormat: row.date_format } : {}),
  };
}
