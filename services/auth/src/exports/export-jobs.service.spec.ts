import { randomUUID } from 'node:crypto';
import {
  AuthSubjects,
  depositorScope,
  systemContext,
  type CallerContext,
  type ExportJobCreateRequest,
  type ExportJobDto,
  type ExportJobEndedDto,
} from '@portal/contracts';
import { Db } from '@portal/db';
import { startServices, type ServiceHarness } from '@portal/testing';
import { AuthServiceModule } from '../auth.module';
import { seedAuthDemo } from '../demo/seed';
import { ExportJobsService, exportJobsRetentionDays } from './export-jobs.service';

const TITLE = { fr: 'Mes Stocks', en: 'My Stocks', es: 'Mis existencias', it: 'Le mie giacenze', de: 'Meine Bestände' };

/** The durable background exports of the auth service: who holds a job, who takes it over, one mail per job. */
describe('export jobs (auth service)', () => {
  let h: ServiceHarness;
  let db: Db;
  const system = systemContext('export-jobs');

  beforeAll(async () => {
    h = await startServices([AuthServiceModule]);
    db = h.get(Db);
    await seedAuthDemo(db);
  });
  afterAll(() => h?.close());
  // Nothing left open by one test is claimed by the next.
  beforeEach(() => db.system.query(`UPDATE export_jobs SET state = 'failed' WHERE state IN ('queued', 'running')`));

  async function ctxOf(login: string): Promise<CallerContext> {
    const [user] = await db.system.query<{ id: number; uuid: string }>(`SELECT id, uuid FROM users WHERE login = $1`, [login]);
    return {
      requestId: randomUUID(),
      user: { id: user.id, uuid: user.uuid, login, sessionId: randomUUID() },
      roles: ['STOCK_USER'],
      scope: depositorScope([1]),
      locale: 'fr_FR',
      timezone: 'Europe/Paris',
    };
  }
  const spec = (over: Partial<ExportJobCreateRequest> = {}): ExportJobCreateRequest => ({
    name: 'stock',
    title: TITLE,
    query: { filter: { depositor: 1 }, sort: ['reference', 'ASC'] },
    format: 'csv',
    leaseOwner: 'gw-1',
    leaseMs: 60_000,
    ...over,
  });
  const create = async (login = 'alice', over: Partial<ExportJobCreateRequest> = {}) =>
    h.call<ExportJobDto>(AuthSubjects.exportJobCreate, await ctxOf(login), spec(over));
  const claim = (owner: string, leaseMs = 60_000) =>
    h.call<{ job: ExportJobDto | null }>(AuthSubjects.exportJobClaim, system, { leaseOwner: owner, leaseMs }).then((r) => r.job);
  const expire = (id: string) => db.system.query(`UPDATE export_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [id]);
  const ready = (id: string) => ({
    id,
    ready: { exportId: id, title: TITLE, fileName: 'stock-20261126.csv', rows: 7, expiresAt: '2026-12-03T09:00:00.000Z' },
  });
  const mailsOf = async (to: string, template: string) =>
    Number(
      (await db.system.query<{ n: string }>(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = $1 AND template = $2`, [to, template]))[0]
        .n,
    );

  it('records the job leased to the gateway that asked, with the caller context and query kept', async () => {
    const ctx = await ctxOf('alice');
    const job = await h.call<ExportJobDto>(AuthSubjects.exportJobCreate, ctx, spec({ dateFormat: 'two_columns' }));
    expect(job).toMatchObject({
      state: 'running',
      attempts: 1,
      leaseOwner: 'gw-1',
      name: 'stock',
      format: 'csv',
      dateFormat: 'two_columns',
      query: { filter: { depositor: 1 }, sort: ['reference', 'ASC'] },
      ctx: { requestId: ctx.requestId, roles: ['STOCK_USER'], scope: ctx.scope, user: { login: 'alice' } },
    });
    // A lease still running is nobody else's.
    expect(await claim('gw-2')).toBeNull();
  });

  it('refuses a malformed job, and one without a user', async () => {
    await expect(create('alice', { format: 'pdf' as never })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(create('alice', { name: '../x' })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(create('alice', { leaseMs: 0 })).rejects.toMatchObject({ key: 'validationFailed' });
    await expect(h.call(AuthSubjects.exportJobCreate, system, spec())).rejects.toMatchObject({ key: 'userNotFound' });
    await expect(h.call(AuthSubjects.exportJobRenew, system, { id: 'nope', leaseOwner: 'gw-1', leaseMs: 1000 })).rejects.toMatchObject({
      key: 'validationFailed',
    });
  });

  it('gives a job whose lease ran out to one of two gateways claiming at once, and the loser renews nothing', async () => {
    const job = await create();
    await expire(job.id);
    const [a, b] = await Promise.all([claim('gw-2'), claim('gw-3')]);
    const won = [a, b].filter(Boolean) as ExportJobDto[];
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id: job.id, state: 'running', attempts: 2 });
    const winner = won[0].leaseOwner!;
    const loser = winner === 'gw-2' ? 'gw-3' : 'gw-2';
    expect(await h.call(AuthSubjects.exportJobRenew, system, { id: job.id, leaseOwner: winner, leaseMs: 60_000 })).toEqual({ ok: true });
    expect(await h.call(AuthSubjects.exportJobRenew, system, { id: job.id, leaseOwner: loser, leaseMs: 60_000 })).toEqual({ ok: false });
    // The first gateway, presumed dead, has lost it too.
    expect(await h.call(AuthSubjects.exportJobRenew, system, { id: job.id, leaseOwner: 'gw-1', leaseMs: 60_000 })).toEqual({ ok: false });
  });

  it('takes over an expired lease again and again, and a renewed lease not at all', async () => {
    const job = await create();
    await h.call(AuthSubjects.exportJobRenew, system, { id: job.id, leaseOwner: 'gw-1', leaseMs: 60_000 });
    expect(await claim('gw-2')).toBeNull();
    await expire(job.id);
    expect((await claim('gw-2'))?.id).toBe(job.id);
    await expire(job.id);
    expect(await claim('gw-3')).toMatchObject({ id: job.id, leaseOwner: 'gw-3', attempts: 3 });
  });

  it('mails the link once, whoever completes the job and however often: done is final', async () => {
    const before = await mailsOf('alice.martin@demo-a.example', 'export-ready');
    const job = await create();
    await expire(job.id);
    expect((await claim('gw-2'))?.id).toBe(job.id);
    // The presumed-dead gateway and the new one both finish.
    const ends = await Promise.all([
      h.call<ExportJobEndedDto>(AuthSubjects.exportJobComplete, system, ready(job.id)),
      h.call<ExportJobEndedDto>(AuthSubjects.exportJobComplete, system, ready(job.id)),
    ]);
    expect(ends.map((e) => e.mailed).sort()).toEqual([false, true]);
    expect(await mailsOf('alice.martin@demo-a.example', 'export-ready')).toBe(before + 1);
    // Neither failing it, nor claiming it, nor renewing it brings it back.
    const failed = { id: job.id, failed: { title: TITLE, error: { key: 'unexpectedError' }, reference: 'r' } };
    expect(await h.call(AuthSubjects.exportJobFail, system, failed)).toEqual({ ok: true, mailed: false });
    await expire(job.id);
    expect(await claim('gw-4')).toBeNull();
    expect(await h.call(AuthSubjects.exportJobRenew, system, { id: job.id, leaseOwner: 'gw-2', leaseMs: 60_000 })).toEqual({ ok: false });
    const [row] = await db.system.query<{ state: string; finished_at: Date | null }>(
      `SELECT state, finished_at FROM export_jobs WHERE id = $1`,
      [job.id],
    );
    expect(row.state).toBe('done');
    expect(row.finished_at).not.toBeNull();
  });

  it('refuses to complete with another file than the job’s, and an unknown job', async () => {
    const job = await create();
    const other = ready(job.id);
    other.ready.exportId = randomUUID();
    await expect(h.call(AuthSubjects.exportJobComplete, system, other)).rejects.toMatchObject({ key: 'validationFailed' });
    const unknown = randomUUID();
    await expect(h.call(AuthSubjects.exportJobComplete, system, ready(unknown))).rejects.toMatchObject({ key: 'objectNotFound' });
  });

  it('mails a failure once, and drops without a mail the job of a user disabled since', async () => {
    const before = await mailsOf('bob.durand@demo-b.example', 'export-failed');
    const job = await create('bob');
    const failed = { id: job.id, failed: { title: TITLE, error: { key: 'exportTooLarge', params: { limit: 10 } }, reference: 'r' } };
    expect(await h.call(AuthSubjects.exportJobFail, system, failed)).toEqual({ ok: true, mailed: true });
    expect(await h.call(AuthSubjects.exportJobFail, system, failed)).toEqual({ ok: true, mailed: false });
    expect(await mailsOf('bob.durand@demo-b.example', 'export-failed')).toBe(before + 1);

    const dropped = await create('bob');
    await expire(dropped.id);
    await db.system.query(`UPDATE users SET disabled = true WHERE login = 'bob'`);
    try {
      expect(await claim('gw-2')).toBeNull();
    } finally {
      await db.system.query(`UPDATE users SET disabled = false WHERE login = 'bob'`);
    }
    const [row] = await db.system.query<{ state: string }>(`SELECT state FROM export_jobs WHERE id = $1`, [dropped.id]);
    expect(row.state).toBe('failed');
    expect(await mailsOf('bob.durand@demo-b.example', 'export-failed')).toBe(before + 1);
  });

  it('fails and mails a job taken over too many times (a gateway dies on it each time)', async () => {
    const before = await mailsOf('alice.martin@demo-a.example', 'export-failed');
    const job = await create();
    await db.system.query(`UPDATE export_jobs SET attempts = 5, lease_until = now() - interval '1 second' WHERE id = $1`, [job.id]);
    expect(await claim('gw-2')).toBeNull();
    expect(await mailsOf('alice.martin@demo-a.example', 'export-failed')).toBe(before + 1);
  });

  it('writes the mail in the transaction that ends the job: a commit that fails leaves neither, the retry both, once', async () => {
    const before = await mailsOf('alice.martin@demo-a.example', 'export-ready');
    const job = await create();
    // The database refuses the final commit itself (checked at COMMIT), after the job and the mail were written.
    await db.system.query(`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full at commit'; END $$`);
    await db.system.query(`CREATE CONSTRAINT TRIGGER refuse_commit AFTER UPDATE ON export_jobs DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION refuse_commit()`);
    try {
      await expect(h.call(AuthSubjects.exportJobComplete, system, ready(job.id))).rejects.toBeDefined();
    } finally {
      await db.system.query(`DROP TRIGGER refuse_commit ON export_jobs`);
      await db.system.query(`DROP FUNCTION refuse_commit()`);
    }
    expect(await mailsOf('alice.martin@demo-a.example', 'export-ready')).toBe(before);
    const [open] = await db.system.query<{ state: string }>(`SELECT state FROM export_jobs WHERE id = $1`, [job.id]);
    expect(open.state).toBe('running');
    // The gateway (or the one taking over) completes it again: one mail, waiting for the relay.
    expect(await h.call(AuthSubjects.exportJobComplete, system, ready(job.id))).toEqual({ ok: true, mailed: true });
    expect(await h.call(AuthSubjects.exportJobComplete, system, ready(job.id))).toEqual({ ok: true, mailed: false });
    expect(await mailsOf('alice.martin@demo-a.example', 'export-ready')).toBe(before + 1);
    const [mail] = await db.system.query<{ subject: string; next_attempt_at: Date | null; html: string }>(
      `SELECT subject, next_attempt_at, html FROM mail_outbox WHERE template = 'export-ready' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail.next_attempt_at).not.toBeNull();
    expect(mail.html).toContain(`/exports/${job.id}`);
  });

  it('deletes ended jobs past EXPORT_JOBS_RETENTION_DAYS (30 by default), never an open one or a recent one', async () => {
    const service = h.get(ExportJobsService);
    const [old, recent, open] = [await create(), await create(), await create()];
    for (const job of [old, recent])
      await h.call(AuthSubjects.exportJobFail, system, {
        id: job.id,
        failed: { title: TITLE, error: { key: 'unexpectedError' }, reference: 'r' },
      });
    await db.system.query(`UPDATE export_jobs SET finished_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    await db.system.query(`UPDATE export_jobs SET finished_at = now() - interval '29 days' WHERE id = $1`, [recent.id]);
    await db.system.query(`UPDATE export_jobs SET created_at = now() - interval '90 days' WHERE id = $1`, [open.id]);
    expect(exportJobsRetentionDays({})).toBe(30);
    expect(exportJobsRetentionDays({ EXPORT_JOBS_RETENTION_DAYS: '7' })).toBe(7);
    expect(exportJobsRetentionDays({ EXPORT_JOBS_RETENTION_DAYS: '0' })).toBe(30);
    expect(exportJobsRetentionDays({ EXPORT_JOBS_RETENTION_DAYS: 'soon' })).toBe(30);
    expect(await service.purge()).toBeGreaterThanOrEqual(1);
    const left = await db.system.query<{ id: string }>(`SELECT id FROM export_jobs WHERE id = ANY($1)`, [[old.id, recent.id, open.id]]);
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, open.id].sort());
    expect(await service.purge(new Date(), 28)).toBeGreaterThanOrEqual(1);
    expect((await db.system.query(`SELECT 1 FROM export_jobs WHERE id = $1`, [recent.id])).length).toBe(0);
  });
});
