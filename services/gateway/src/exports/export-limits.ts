import { EXPORT_LIMITS } from '@portal/contracts';

/**
 * The export limits in force: EXPORT_LIMITS (libs/contracts) unless the environment says otherwise.
 * A value that is not a positive integer stops the gateway at start rather than being ignored.
 */
export class ExportLimits {
  constructor(
    /** Rows answered at once; more go on in the background and are mailed. */
    readonly syncMaxRows: number = EXPORT_LIMITS.syncMaxRows,
    /** Rows in one file at most (exportTooLarge above). */
    readonly maxRows: number = EXPORT_LIMITS.maxRows,
    /** Days a mailed export stays downloadable. */
    readonly retentionDays: number = EXPORT_LIMITS.retentionDays,
    /** How long a gateway holds a background export's job without renewing it; then another one takes it over. */
    readonly jobLeaseMs: number = EXPORT_LIMITS.jobLeaseMs,
    /** How often every gateway looks for jobs whose lease ran out (their gateway died). */
    readonly jobsPollMs: number = EXPORT_LIMITS.jobsPollMs,
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ExportLimits {
    const read = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
      const raw = env[name]?.trim();
      if (!raw) return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 1 || value > max)
        throw new Error(`${name} must be an integer from 1 to ${max}, not "${raw}"`);
      return value;
    };
    return new ExportLimits(
      read('EXPORT_SYNC_MAX_ROWS', EXPORT_LIMITS.syncMaxRows, EXPORT_LIMITS.xlsxMaxRows),
      read('EXPORT_MAX_ROWS', EXPORT_LIMITS.maxRows, EXPORT_LIMITS.xlsxMaxRows),
      read('EXPORT_RETENTION_DAYS', EXPORT_LIMITS.retentionDays, 366),
      read('EXPORT_JOB_LEASE_MS', EXPORT_LIMITS.jobLeaseMs, 3_600_000),
      read('EXPORT_JOBS_POLL_MS', EXPORT_LIMITS.jobsPollMs, 3_600_000),
    );
  }

  get retentionMs(): number {
    return this.retentionDays * 86_400_000;
  }
}
