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
 * A label request's claim on its shipment while it waits for the carrier, so that the job giving back
 * the shipments of dead requests (InterruptedLabelsJob) never takes one from a request still at work,
 * however slow its carrier or its machine. In the request's own process the claim is known
 * (claimedHere): the job there leaves the shipment alone. For the jobs of other copies, the shipment's
 * `updated_at` is renewed eight times per interrupted-labels delay (every 10 s by default): a renewal
 * late by most of the delay (an event loop held up on a loaded machine) still comes in time. A renewal
 * that fails (the database away) is not an error: the request itself then fails or records its answer,
 * and a claim let go only lets another copy's job release the shipment later.
 */
export function holdLabelClaim(db: Db, ctx: CallerContext, uuid: string): { release(): void } {
  const after = interruptedLabelsAfterMs();
  claimed.set(uuid, (claimed.get(uuid) ?? 0) + 1);
  const renewals =
    Number.isFinite(after) && after > 0
      ? setInterval(() => {
          db.scoped(ctx, (em) =>
            em.query(`UPDATE shipments SET updated_at = now() WHERE uuid = $1 AND status = $2`, [uuid, HubyStatus.WaitingForLabels]),
          ).catch(() => undefined);
        }, after / 8).unref()
      : undefined;
  return {
    release: () => {
      clearInterval(renewals);
      const holders = (claimed.get(uuid) ?? 1) - 1;
      if (holders > 0) claimed.set(uuid, holders);
      else claimed.delete(uuid);
    },
  };
}

/** The shipments this process's label requests are working on (holdLabelClaim), by uuid: how many requests. */
const claimed = new Map<string, number>();

/** The shipments this process is asking labels for: never given back by its own job, whatever their renewals. */
export function claimedHere(): string[] {
  return [...claimed.keys()];
}
