import type { MatchedOrder, Occurrence } from './matching';
import type { MailOrder } from './compose';

/** A row of the `alert_orders` projection, as the delivery selects it. */
export interface ProjectedOrder extends MatchedOrder {
  orderId: number;
  depositorCode: string;
  orderReference: string | null;
  customerReference: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  status: number;
  promisedShippingAt: Date | null;
}

/** The select list that reads `alert_orders o` as a ProjectedOrder. */
export const PROJECTED_ORDER = `o.order_id::int AS "orderId", o.depositor_id AS "depositorId", o.depositor_code AS "depositorCode",
  o.activity_code AS "activityCode", o.store_code AS "storeCode", o.carrier_code AS "carrierCode", o.tour_code AS "tourCode",
  o.customer_code AS "customerCode", o.article_codes AS "articleCodes", o.reference, o.order_reference AS "orderReference",
  o.customer_reference AS "customerReference", o.recipient_name AS "recipientName", o.recipient_email AS "recipientEmail",
  o.status, o.promised_shipping_at AS "promisedShippingAt"`;

/** An order as a mail lists it, with what happened to it. */
export function mailOrder(o: Omit<ProjectedOrder, 'status' | 'promisedShippingAt'>, occurrence: Occurrence | null): MailOrder {
  return {
    orderId: o.orderId,
    depositorId: o.depositorId,
    depositorCode: o.depositorCode,
    reference: o.reference,
    orderReference: o.orderReference,
    customerReference: o.customerReference,
    recipientName: o.recipientName,
    recipientEmail: o.recipientEmail,
    occurrence,
  };
}
