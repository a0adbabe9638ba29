import { HubyStatus, LABEL_REQUEST_TIMEOUT_MS, type CallerContext } from '@portal/contracts';
import type { Db } from '@portal/db';

/**
 * How long a shipment may wait for its labels without a sign of the request working on it before it is
 * taken as interrupted (its process died between asking the carrier and recording the answer):
 * HUBY_INTERRUPTED_LABELS_AFTER_MS, by default twice a label request's budget.
 */
export function interruptedLabelsAfterMs(): number {
  return Number(process.env.HUBY_INTERRUPTED_LABELS_AFTER_MS ?? 2 * LABEL_REQUEST_TIMEOUT_MS);
}

/**
 * A label request's claim on its shipment while it waits for the carrier: the shipment's `updated_at`
 * is renewed four times per interrupted-labels delay, so that the job giving back the shipments of dead
 * requests (InterruptedLabelsJob) never takes one from a request still at work, however slow its
 * carrier or its machine. A renewal that fails (the database away) is not an error: the request itself
 * then fails or records its answer, and a claim let go only lets the job release the shipment later.
 */
export function holdLabelClaim(db: Db, ctx: CallerContext, uuid: string): { release(): void } {
  const after = interruptedLabelsAfterMs();
  if (!Number.isFinite(after) || after <= 0) return { release: () => undefined };
  const timer = setInterval(() => {
    db.scoped(ctx, (em) =>
      em.query(`UPDATE shipments SET updated_at = now() WHERE uuid = $1 AND status = $2`, [uuid, HubyStatus.WaitingForLabels]),
    ).catch(() => undefined);
  }, after / 4);
  timer.unref();
  return { release: () => clearInterval(timer) };
}
