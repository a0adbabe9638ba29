import { systemContext } from '@portal/contracts';
import type { Db } from '@portal/db';

const SYSTEM = systemContext('webhooks');

/** An attempt's outcome as the delivery's row and the attempts' log record it. */
export interface Outcome {
  id: string;
  /** The lease the claim set (text, to the microsecond): the row is still this worker's while it is unchanged. */
  lease: string;
  status: 'delivered' | 'pending' | 'failed';
  /** Until the next attempt (ms), when pending. */
  wait: number;
  status_code: number | null;
  duration_ms: number;
  response: string | null;
}

/**
 * The outcomes of a group of attempts and their log lines in one statement (one commit). A row is
 * written only while it is pending under the lease its attempt was claimed with: one whose lease ran
 * out and that another copy claimed again is that copy's. Answers, for each outcome, whether it was written.
 */
export async function writeOutcomes(db: Db, outcomes: Outcome[]): Promise<boolean[]> {
  const written = await db.scopedQuery<{ id: string }>(
    SYSTEM,
    `WITH o AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS o(id uuid, lease timestamptz, status text, wait float8, status_code int,
                                                        duration_ms int, response text)),
     d AS (
       UPDATE webhook_deliveries w SET status = o.status, attempts = w.attempts + 1, tries = w.tries + 1, lease_until = NULL,
              next_attempt_at = now() + o.wait * interval '1 millisecond', last_attempt_at = now(),
              last_status_code = o.status_code, last_duration_ms = o.duration_ms, last_response = o.response
         FROM o
        WHERE w.id = o.id AND w.status = 'pending' AND w.lease_until = o.lease
       RETURNING w.id, w.depositor_id, o.status_code, o.duration_ms, o.response)
     INSERT INTO webhook_attempts (delivery_id, depositor_id, status_code, duration_ms, response)
     SELECT id, depositor_id, status_code, duration_ms, response FROM d RETURNING delivery_id AS id`,
    [JSON.stringify(outcomes)],
  );
  const ids = new Set(written.map((w) => w.id));
  return outcomes.map((o) => ids.has(o.id));
}

/** Claimed rows never attempted (a stopping worker's) are due again at once, unless no longer under their lease. */
export async function releaseLeases(db: Db, rows: { id: string; lease: string }[]): Promise<void> {
  if (!rows.length) return;
  await db.scopedQuery(
    SYSTEM,
    `UPDATE webhook_deliveries w SET lease_until = NULL
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, lease timestamptz)
      WHERE w.id = r.id AND w.status = 'pending' AND w.lease_until = r.lease`,
    [JSON.stringify(rows.map(({ id, lease }) => ({ id, lease })))],
  );
}
