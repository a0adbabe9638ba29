/**
 * CSV and XLSX exports of the portal's lists (tracker, stock, movements): spec §9 "Large exports are
 * sent by email". Small ones come back in the answer; larger ones go on in the gateway's background,
 * are kept in the file storage for their owner and mailed as a link to the web page `/exports/<id>`.
 */
import type { CallerContext } from './context';
import type { ErrorKey } from './errors';
import type { Labels5 } from './tracking/labels';

/** Defaults of the export limits; the gateway reads the environment variables named below over them. */
export const EXPORT_LIMITS = {
  /** Up to this many rows the file comes back in the answer; more go on in the background (EXPORT_SYNC_MAX_ROWS). */
  syncMaxRows: 5000,
  /** Rows in one file at most; more answers, or mails, exportTooLarge with `params.limit` (EXPORT_MAX_ROWS). */
  maxRows: 200_000,
  /** Days a mailed export stays downloadable (EXPORT_RETENTION_DAYS). */
  retentionDays: 7,
  /** An XLSX sheet holds 1,048,576 rows, the header row included: no limit may go past this. */
  xlsxMaxRows: 1_048_575,
  /** Background exports one gateway produces at once; the others wait their turn. */
  backgroundConcurrency: 2,
  /** A background export's lease, renewed by its gateway every third of it (EXPORT_JOB_LEASE_MS). */
  jobLeaseMs: 15_000,
  /** How often each gateway takes over jobs whose lease ran out (EXPORT_JOBS_POLL_MS). */
  jobsPollMs: 5_000,
} as const;

export type ExportFileFormat = 'csv' | 'xlsx';

/** HTTP 202 answer of an export that goes on in the background: the masked address the link is mailed to. */
export interface ExportQueuedDto {
  queued: true;
  email: string;
}

/** `auth.export.mail-ready`: mails the caller the link of their finished export, in their language. */
export interface ExportReadyMailRequest {
  /** Id of the file, the last part of the link `/exports/<id>`. */
  exportId: string;
  /** What was exported (Pack and Go Tracer, stock, movements), in the five languages. */
  title: Labels5;
  fileName: string;
  rows: number;
  /** ISO date after which the link no longer works. */
  expiresAt: string;
}

/** `auth.export.mail-failed`: mails the caller that their export stopped, and why (the error key's meaning). */
export interface ExportFailedMailRequest {
  title: Labels5;
  error: { key: ErrorKey; params?: Record<string, unknown> };
  /** The request id, for support. */
  reference: string;
}

/** What the auth service answers once the mail is recorded (the masked recipient). */
export interface ExportMailSentDto {
  ok: true;
  email: string;
}

/** `a***e@example.com`: enough for users to recognise their address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}*` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

/**
 * A background export as a durable job held by the auth service (issue 19: it survives the gateway
 * that started it). `queued`/`running` jobs whose lease has run out are taken over by any gateway,
 * which reads the list again from the first page; `done` and `failed` are final.
 */
export type ExportJobState = 'queued' | 'running' | 'done' | 'failed';

/** What a gateway needs to produce the file again, from the start, with the caller's context at the time. */
export interface ExportJobSpec {
  /** The export kind the gateways know (`orders`, `stock`, `movements`, `claims`): see ExportKinds. */
  name: string;
  title: Labels5;
  /** The list's validated request (filter, sort), as the kind's factory reads it. */
  query: unknown;
  format: ExportFileFormat;
  /** The export date format asked for; absent: the user's setting. */
  dateFormat?: string;
}

export interface ExportJobDto extends ExportJobSpec {
  id: string;
  state: ExportJobState;
  attempts: number;
  leaseOwner: string | null;
  leaseUntil: string | null;
  /** The caller's context when the export was asked (roles, scope, locale, time zone, request id). */
  ctx: CallerContext;
}

/** `auth.export-job.create`: the caller's job, leased at once to the gateway that asks. */
export interface ExportJobCreateRequest extends ExportJobSpec {
  leaseOwner: string;
  leaseMs: number;
}

/** `auth.export-job.claim`: the oldest job whose lease ran out, leased to this gateway: `{ job }`, null when none. */
export interface ExportJobClaimRequest {
  leaseOwner: string;
  leaseMs: number;
}

/** `auth.export-job.renew`: extends the lease while the file is written; `ok: false` once the job was taken over or ended. */
export interface ExportJobRenewRequest {
  id: string;
  leaseOwner: string;
  leaseMs: number;
}

/** `auth.export-job.complete`: marks the job done and mails the link, once per job whoever asks again. */
export interface ExportJobCompleteRequest {
  id: string;
  ready: ExportReadyMailRequest;
}

/** `auth.export-job.fail`: marks the job failed and mails why, once per job. */
export interface ExportJobFailRequest {
  id: string;
  failed: ExportFailedMailRequest;
}

/** The answer of complete and fail: `mailed` false when the job had already ended (nothing sent again). */
export interface ExportJobEndedDto {
  ok: true;
  mailed: boolean;
}
