import { adminReach, type CallerContext } from '@portal/contracts';
import type { MailColumns } from '@portal/mail';

/**
 * The outbox columns of a mail this service sends for a caller: the depositors it belongs to, the
 * sender's own (none for the provider's staff and system jobs: such a mail is the provider's, shown
 * only to administrators who reach every depositor).
 */
export function mailOfCaller(ctx: CallerContext): MailColumns {
  const own = adminReach(ctx);
  return { depositor_ids: own.all ? [] : [...own.depositorIds].sort((a, b) => a - b) };
}
