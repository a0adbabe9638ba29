import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS, type FieldErrorKey } from '../errors';
import { TrackingStatus } from '../tracking/statuses';
import { defineList, listField } from '../lists/kit';
import { formatIn } from '../time';

/**
 * Claims (spec §1 Claim, §2, §3, §4, §5, §8): a customer's claim about the preparation or the
 * delivery of one delivery of the tracker, saved as a draft, sent to the provider, processed by
 * the provider's claims desk (answer, attributable, notifiable), then closed after a confirmation.
 */
export const CLAIM_STATUSES = ['draft', 'sent', 'processed', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The three lists of spec §2: Current (sent or processed, waiting to be closed), Closed, Draft. */
export const CLAIM_TAB_NAMES = ['current', 'closed', 'draft'] as const;
export type ClaimTab = (typeof CLAIM_TAB_NAMES)[number];
export const CLAIM_TAB_STATUSES: Record<ClaimTab, readonly ClaimStatus[]> = {
  current: ['sent', 'processed'],
  closed: ['closed'],
  draft: ['draft'],
};

/** The moves of spec §4: saved as draft, sent, processed, then closed; nothing else. */
const CLAIM_MOVES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  draft: ['sent'],
  sent: ['processed'],
  processed: ['closed'],
  closed: [],
};
export const canMoveClaim = (from: ClaimStatus, to: ClaimStatus): boolean => CLAIM_MOVES[from].includes(to);

/** Spec §3 kind: making/preparation or delivery. */
export const CLAIM_KINDS = ['preparation', 'delivery'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** Spec §3 reasons, in the spec's order. */
export const CLAIM_REASONS = [
  'missing_product',
  'extra_quantity',
  'less_quantity',
  'damaged_product',
  'not_ordered_product',
  'missing_document',
  'document_error',
  'order_input_error',
  'other',
] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Spec §3 attachment types (invoice, PL, photo/picture, other); `pod` is the delivery's POD copied as evidence. */
export const CLAIM_ATTACHMENT_TYPES = ['invoice', 'pl', 'photo', 'other'] as const;
export type ClaimAttachmentType = (typeof CLAIM_ATTACHMENT_TYPES)[number] | 'pod';

/** Spec §9: a claim attachment is at most 4 MB. */
export const CLAIM_ATTACHMENT_MAX_BYTES = 4 * 1024 * 1024;
export const CLAIM_LIMITS = { maxLines: 200, maxAttachments: 20, maxQuantity: 1_000_000, maxPageSize: 5000, lookupMax: 20 } as const;

/**
 * A claim's dates, in the user's time zone: DD/MM/YYYY HH:mm as everywhere else in the portal (spec §9).
 * Spec §3 wrote DD/MM/YY HH:mm for claims; issue 36 asked for one format (« 03/12/2026 ») across modules.
 */
export const formatClaimDate = (value: Date | string | number | null | undefined, timeZone: string): string =>
  value === null || value === undefined || value === '' ? '' : formatIn(value, timeZone, 'dd/MM/yyyy HH:mm');

const quantity = f.integer(0, CLAIM_LIMITS.maxQuantity);

export const claimLineInput = z.object({
  reference: f.text(64).nonoptional({ error: FIELD_ERRORS.required }),
  label: f.text(200),
  lot: f.text(64),
  quantity_ordered: quantity,
  quantity_received: quantity,
  reason: f.oneOf(CLAIM_REASONS),
  comment: f.text(500, { multiline: true }),
});
export type ClaimLineInput = z.infer<typeof claimLineInput>;

/** What the customer fills in; kind and reason are required once the claim is sent (not for a draft). */
export const claimInput = z.object({
  number: f.text(64).nonoptional({ error: FIELD_ERRORS.required }),
  /** The delivery chosen when the number answers several (the tracker's id). */
  order_id: f.integer(1, Number.MAX_SAFE_INTEGER),
  customer_claim_number: f.text(64),
  kind: f.oneOf(CLAIM_KINDS),
  reason: f.oneOf(CLAIM_REASONS),
  comment: f.text(2000, { multiline: true }),
  lines: z.array(claimLineInput).max(CLAIM_LIMITS.maxLines, { error: FIELD_ERRORS.max }).default([]),
  packings_concerned: f.text(500),
  non_ordered_products: f.text(1000, { multiline: true }),
  final_customer: f.text(200),
  /** Create and send at once (the creation flow's "Envoyer"); otherwise a draft. */
  send: f.flag(),
});
export type ClaimInput = z.infer<typeof claimInput>;

/** What the line rules read, as the form holds a line (nulls) or the service parsed it (absent). */
interface ClaimLineFacts {
  quantity_ordered?: number | null;
  quantity_received?: number | null;
  reason?: ClaimReason | null;
  comment?: string | null;
}

/**
 * A line says something: a received quantity, a reason or a comment. One left empty is not a line of
 * the claim (the form does not send it, the service does not keep it).
 */
export function isClaimLine(line: ClaimLineFacts): boolean {
  return (line.quantity_received ?? null) !== null || !!line.reason || !!line.comment?.trim();
}

/**
 * The reasons the quantities contradict, by field (`lines.<i>.reason`): "missing product" or "less
 * quantity" with as many received as ordered or more, "extra quantity" with as many or fewer. The
 * form shows them as the user types, the service refuses them: one rule on both sides.
 */
export function claimLineProblems(lines: ClaimLineFacts[]): Record<string, FieldErrorKey> {
  const problems: Record<string, FieldErrorKey> = {};
  lines.forEach((l, i) => {
    const ordered = l.quantity_ordered ?? null;
    const received = l.quantity_received ?? null;
    if (ordered === null || received === null || !l.reason) return;
    const fewer = (l.reason === 'missing_product' || l.reason === 'less_quantity') && received >= ordered;
    const more = l.reason === 'extra_quantity' && received <= ordered;
    if (fewer || more) problems[`lines.${i}.reason`] = FIELD_ERRORS.contradictsQuantities;
  });
  return problems;
}

/** Whether a delivery has left the warehouse (shipped, or any later status but canceled): only then can it be claimed. */
export const claimableDelivery = (d: Pick<ClaimDeliveryCandidate, 'status' | 'shippedAt'>): boolean =>
  d.shippedAt !== null || d.status >= TrackingStatus.Shipped;

/** The provider's processing: an answer, and whether the claim is attributable (to the provider) and notifiable (to the carrier or insurer). */
export const claimProcessInput = z.object({
  answer: f.text(2000, { multiline: true }).nonoptional({ error: FIELD_ERRORS.required }),
  attributable: f.flag(),
  notifiable: f.flag(),
});
export type ClaimProcessInput = z.infer<typeof claimProcessInput>;

export interface ClaimLineDto {
  reference: string;
  label: string | null;
  lot: string | null;
  quantity_ordered: number | null;
  quantity_received: number | null;
  reason: ClaimReason | null;
  comment: string | null;
}

export interface ClaimAttachmentDto {
  id: string;
  type: ClaimAttachmentType;
  name: string;
  content_type: string;
  size: number;
  /** Copied from the delivery when the claim was created: read-only. */
  evidence: boolean;
  created_by: string | null;
  created_at: string;
}

/** A delivery a claim number answers (tracking's lookup), with the open claim someone else already filed on it. */
export interface ClaimDeliveryCandidate {
  id: number;
  reference: string;
  orderReference: string | null;
  customerReference: string | null;
  depositorId: number;
  depositorCode: string;
  status: number;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
  recipient: string | null;
  town: string | null;
  existingClaim?: { uuid: string; reference: string; creator: string | null; status: ClaimStatus } | null;
}

/**
 * The delivery's evidence as tracking holds it when the claim is created, copied into the claim so
 * it stands on its own: products (with lots and serial numbers), parcels with their shipped
 * weights, carrier events, and its proofs of delivery (stored again under the claim).
 */
export interface ClaimEvidenceDto {
  order: {
    id: number;
    reference: string;
    orderReference: string | null;
    customerReference: string | null;
    depositorId: number;
    depositorCode: string;
    platformId: number | null;
    activityCode: string | null;
    storeCode: string | null;
    status: number;
    carrierName: string | null;
    trackingNumbers: string[];
    weightKg: number | null;
    shippedAt: string | null;
    deliveredAt: string | null;
    recipient: string | null;
    town: string | null;
  };
  lines: {
    reference: string;
    label: string | null;
    quantityOrdered: number;
    quantitySent: number;
    lot: string | null;
    serials: string[];
  }[];
  parcels: { number: number; trackingNumber: string | null; weightKg: number | null; packaging: string | null; status: number }[];
  events: { at: string; type: string | null; carrierStatus: string | null; carrierName: string | null; note: string | null }[];
  pods: { name: string; contentType: string; size: number | null; key: string; createdAt: string }[];
}

export interface ClaimDto {
  id: string;
  uuid: string;
  reference: string;
  depositor_id: number;
  depositor_code: string;
  platform_id: number | null;
  activity_code: string | null;
  store_code: string | null;
  status: ClaimStatus;
  number: string;
  order_id: number;
  delivery_reference: string;
  order_reference: string | null;
  customer_claim_number: string | null;
  kind: ClaimKind | null;
  reason: ClaimReason | null;
  comment: string | null;
  lines: ClaimLineDto[];
  line_count: number;
  packings_concerned: string | null;
  non_ordered_products: string | null;
  final_customer: string | null;
  attributable: boolean | null;
  notifiable: boolean | null;
  answer: string | null;
  /** The delivery's evidence copied at creation (absent from list rows). */
  evidence?: Omit<ClaimEvidenceDto, 'pods'>;
  attachments?: ClaimAttachmentDto[];
  creator: string | null;
  creator_name: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  sent_at: string | null;
  sent_by: string | null;
  processed_at: string | null;
  processed_by: string | null;
  closed_at: string | null;
  closed_by: string | null;
}

export const ClaimsSubjects = {
  list: 'claims.claims.list',
  get: 'claims.claims.get',
  create: 'claims.claims.create',
  update: 'claims.claims.update',
  remove: 'claims.claims.delete',
  send: 'claims.claims.send',
  process: 'claims.claims.process',
  close: 'claims.claims.close',
  lookup: 'claims.claims.lookup',
  attach: 'claims.attachments.add',
  attachmentFile: 'claims.attachments.file',
  detach: 'claims.attachments.delete',
  health: 'claims.health.check',
  /** Tracking side: the deliveries a claim number answers in the caller's scope. */
  trackingLookup: 'tracking.claims.lookup',
  /** Tracking side: a delivery's evidence (products, lots and serials, parcels and weights, carrier events, PODs). */
  trackingEvidence: 'tracking.claims.evidence',
} as const;

export const ClaimsEvents = {
  /** Payload: ClaimStatusChangedEvent, for whoever follows claims (alerts). */
  statusChanged: 'claims.claim.status-changed',
} as const;

export interface ClaimStatusChangedEvent {
  uuid: string;
  reference: string;
  depositorId: number;
  deliveryReference: string;
  from: ClaimStatus | null;
  to: ClaimStatus;
  /** The claim's kind and reason (the reports count claims by reason; absent on events written before). */
  kind?: ClaimKind | null;
  reason?: ClaimReason | null;
  by: string | null;
  at: string;
}

/** Claims by tab; q is a prefix of the claim reference, the delivery or order number, or the customer claim number. */
export const CLAIMS_LIST = defineList({
  resource: 'claims',
  filter: z.object({
    tab: listField.oneOf(CLAIM_TAB_NAMES),
    q: listField.prefix(),
    depositor: listField.id(),
    status: listField.anyOf(CLAIM_STATUSES),
    kind: listField.oneOf(CLAIM_KINDS),
    reason: listField.anyOf(CLAIM_REASONS),
    createdFrom: listField.dayOrInstant(),
    createdTo: listField.dayOrInstant(),
  }),
  sorts: { createdAt: 'instant', updatedAt: 'instant', reference: 'text' },
  defaultSort: ['createdAt', 'DESC'],
  maxPageSize: CLAIM_LIMITS.maxPageSize,
  maxOffset: 100_000,
});
