import { Inject, Injectable } from '@nestjs/common';
import { depositorScope, RECIPIENT_EVENT_TYPES, systemContext, type CallerContext } from '@portal/contracts';
import { Db } from '@portal/db';

/** A visible order's id and depositor, found by its public token. */
export interface TokenOrder {
  id: string;
  depositor_id: number;
}

/** The raw row of the public page: the columns it shows, nothing else. */
export interface PublicOrderRow {
  depositor_id: number;
  status: number;
  carrier_name: string | null;
  tracking_url_template: string | null;
  tracking_numbers: string[];
  promised_delivery_at: Date | null;
  delivered_at: Date | null;
  zip: string | null;
  town: string | null;
  history: { status: number; at: string }[];
  events: { type: string | null; carrierStatus: string | null; appointmentAt: string | null; at: string }[];
}

/** Never a stored token (they are 24 characters): what a malformed one is looked up as, the same statement. */
const NO_TOKEN = '';

const RECIPIENT_TYPES = RECIPIENT_EVENT_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * The public tracking page's reads. The token is looked up as the system (no caller has a scope
 * here) by the statement below alone, through its unique index: an unknown, a hidden and a
 * malformed token cost the same statement and find nothing. The page is then read under row-level
 * security with a scope of that order's depositor only, by the order's id and token.
 */
@Injectable()
export class PublicTrackingRepository {
  constructor(@Inject(Db) private readonly db: Db) {}

  async orderOf(token: string | null): Promise<TokenOrder | undefined> {
    const [row] = await this.db.scopedQuery<TokenOrder>(
      systemContext('public-tracking'),
      `SELECT o.id, o.depositor_id FROM orders o WHERE o.public_token = $1 AND o.hidden_at IS NULL`,
      [token ?? NO_TOKEN],
    );
    return row;
  }

  /**
   * What the page shows of the order: status, carrier and tracking numbers (with the carrier's page
   * template), promised and actual delivery dates, postcode and town; the tracking statuses of its
   * history (not the Tracer Route changes, whose comments are the staff's), and the events a
   * recipient is told about: a type of RECIPIENT_EVENT_TYPES, or a carrier's scan that moved no
   * status at that instant (that one is in the history already). No note, comment or name.
   */
  async page(order: TokenOrder, token: string): Promise<PublicOrderRow | undefined> {
    const [row] = await this.db.scopedQuery<PublicOrderRow>(
      this.orderScope(order),
      `SELECT o.depositor_id, o.status, COALESCE(o.carrier_name, c.name, o.carrier_code) AS carrier_name,
              c.tracking_url_template, o.tracking_numbers, o.promised_delivery_at, o.delivered_at, o.zip, o.town,
              (SELECT coalesce(json_agg(json_build_object('status', h.status, 'at', h.at) ORDER BY h.at DESC, h.id DESC), '[]')
                 FROM status_history h WHERE h.order_id = o.id AND h.tracer_status IS NULL) AS history,
              (SELECT coalesce(json_agg(json_build_object('type', e.type, 'carrierStatus', e.carrier_status,
                      'appointmentAt', e.appointment_at, 'at', e.event_at) ORDER BY e.event_at DESC, e.id DESC), '[]')
                 FROM tracer_events e
                WHERE e.order_id = o.id
                  AND (e.type IN (${RECIPIENT_TYPES})
                    OR (e.type IS NULL AND e.carrier_status IS NOT NULL AND NOT EXISTS (
                      SELECT 1 FROM status_history h WHERE h.order_id = o.id AND h.at = e.event_at AND h.tracer_status IS NULL)))) AS events
         FROM orders o LEFT JOIN carriers c ON c.code = o.carrier_code
        WHERE o.id = $1 AND o.public_token = $2 AND o.hidden_at IS NULL`,
      [order.id, token],
    );
    return row;
  }

  /** The tokens of these orders that are still visible, for a system caller's own scope. */
  links(ctx: CallerContext, orderIds: number[]): Promise<{ id: string; public_token: string }[]> {
    return this.db.scopedQuery(
      ctx,
      `SELECT o.id, o.public_token FROM orders o WHERE o.id = ANY($1::bigint[]) AND o.hidden_at IS NULL ORDER BY o.id`,
      [orderIds],
    );
  }

  /** The system, limited to the token's order: its depositor's rows only (row-level security), no role. */
  private orderScope(order: TokenOrder): CallerContext {
    return { ...systemContext(`public-tracking:${order.id}`), roles: [], scope: depositorScope([order.depositor_id]) };
  }
}
