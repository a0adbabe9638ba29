/**
 * CSV and XLSX exports of the portal's lists (tracker, stock, movements): spec §9 "Large exports are
 * sent by email". Small ones come back in the answer; larger ones go on in the gateway's background,
 * are kept in the file storage for their owner and mailed as a link to the web page `/exports/<id>`.
 */
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
