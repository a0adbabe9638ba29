import { z } from 'zod';
import { bodyField as f } from '../body';
import { FIELD_ERRORS } from '../errors';
import { defineList, listField } from '../lists/kit';
import { HUBY_LIMITS } from './limits';
import type { LoopErrorKey } from './loop-errors';

/**
 * Loop order entry (spec §1, §2, §5, §8): warehouse orders picked from the depositor's own stock on
 * one platform. Drafts are edited freely; a submitted order goes to the warehouse as a durable event
 * and comes back integrated (its quantities reserved on the platform's stock) or rejected with a reason.
 */
export const LoopStatus = { Draft: 'draft', Submitted: 'submitted', Integrated: 'integrated', Rejected: 'rejected' } as const;
export type LoopStatusCode = (typeof LoopStatus)[keyof typeof LoopStatus];
export const LOOP_STATUSES = ['draft', 'submitted', 'integrated', 'rejected'] as const;

/** The four lists of spec §2 and the status each shows ("in progress" is a submitted order not answered yet). */
export const LOOP_TAB_NAMES = ['drafts', 'progress', 'integrated', 'rejected'] as const;
export type LoopTab = (typeof LOOP_TAB_NAMES)[number];
export const LOOP_TAB_STATUS: Record<LoopTab, LoopStatusCode> = {
  drafts: 'draft',
  progress: 'submitted',
  integrated: 'integrated',
  rejected: 'rejected',
};

/** The moves of a Loop order: the user edits and submits drafts, the warehouse answers submitted ones. */
const LOOP_MOVES: Record<LoopStatusCode, readonly LoopStatusCode[]> = {
  draft: ['submitted'],
  submitted: ['integrated', 'rejected'],
  integrated: [],
  rejected: [],
};
export const canMoveLoop = (from: LoopStatusCode, to: LoopStatusCode): boolean => LOOP_MOVES[from].includes(to);

export const LOOP_LIMITS = { maxLines: 200, maxQuantity: 1_000_000, articleSearchLimit: 20 } as const;

/** Spec §5 Loop: quantity greater than 0 and not above the available quantity (the key of the first rule broken). */
export function loopQuantityProblem(quantity: unknown, available: number | undefined): LoopErrorKey | null {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0 || quantity > LOOP_LIMITS.maxQuantity)
    return 'loopInvalidQuantity';
  if (available !== undefined && quantity > available) return 'loopAvailableQuantityExceeded';
  return null;
}

/** A Loop order line as entered: an article of My Items and its quantity (checked by loopQuantityProblem, not here). */
const loopLineInput = z.object({
  reference: f.text(64).nonoptional({ error: FIELD_ERRORS.required }),
  quantity: z.unknown(),
});

/** The recipient: one of the depositor's address book, or a new one saved into it (the address form's fields). */
/** The article picker's question (GET /dashtower/loop/articles): checked at the gateway, again by Huby and the stock. */
export const loopArticlesQuery = z.object({
  depositor_id: f.integer(1, 2_147_483_647).nonoptional({ error: FIELD_ERRORS.required }),
  platform_id: f.integer(1, 2_147_483_647).nonoptional({ error: FIELD_ERRORS.required }),
  search: f.text(64),
});

export const loopPlatformsQuery = z.object({
  depositor_id: f.integer(1, 2_147_483_647).nonoptional({ error: FIELD_ERRORS.required }),
});

export const loopOrderInput = z.object({
  depositor_id: f.integer(1, 2_147_483_647).nonoptional({ error: FIELD_ERRORS.required }),
  platform_id: f.integer(1, 2_147_483_647).nonoptional({ error: FIELD_ERRORS.required }),
  customer_reference: f.text(64),
  comment: f.text(500, { multiline: true }),
  uuid_address_recipient: f.text(36),
  new_recipient: z.record(z.string(), z.unknown()).optional().nullable(),
  lines: z.array(loopLineInput).max(LOOP_LIMITS.maxLines, { error: FIELD_ERRORS.max }).default([]),
});
export type LoopOrderInput = z.infer<typeof loopOrderInput>;

export interface LoopLineDto {
  reference: string;
  label: string | null;
  quantity: number;
}

export interface LoopOrderDto {
  id: string;
  uuid: string;
  depositor_id: number;
  depositor_code: string;
  platform_id: number;
  reference: string;
  customer_reference: string | null;
  comment: string | null;
  status: LoopStatusCode;
  recipient_uuid: string | null;
  recipient: {
    company_name: string | null;
    contact_name: string | null;
    address1: string;
    zip: string;
    town: string;
    country: string;
  } | null;
  lines: LoopLineDto[];
  line_count: number;
  total_quantity: number;
  /** A rejected order's reason: a §8 key with its params. */
  reject_key: string | null;
  reject_params: Record<string, unknown> | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  settled_at: string | null;
}

/** An article of My Items with what the platform has available for it now. */
export interface LoopArticleDto {
  reference: string;
  label: string | null;
  barcode: string | null;
  available: number;
}

/** What the stock service answers for a depositor on a platform: referenced there, and available per reference. */
export interface LoopAvailabilityDto {
  referenced: boolean;
  available: Record<string, number>;
}

/**
 * A platform that can serve a depositor's Loop orders: the depositor has stock there (a platform
 * without is refused at submit, loopDepositorNotOnPlatform), with how many of its articles have a
 * quantity available now.
 */
export interface LoopPlatformDto {
  platform_id: number;
  available_articles: number;
}

/** Payload of LoopEvents.orderSubmitted. */
export interface LoopOrderSubmittedEvent {
  uuid: string;
  reference: string;
  depositorId: number;
  depositorCode: string;
  platformId: number;
  lines: { reference: string; quantity: number }[];
}

/** Payload of LoopEvents.orderSettled: the warehouse's answer. */
export interface LoopOrderSettledEvent {
  uuid: string;
  depositorId: number;
  outcome: 'integrated' | 'rejected';
  reason?: { key: string; params?: Record<string, unknown> };
}

export const LoopSubjects = {
  list: 'huby.loop.list',
  get: 'huby.loop.get',
  create: 'huby.loop.create',
  update: 'huby.loop.update',
  remove: 'huby.loop.delete',
  submit: 'huby.loop.submit',
  /** Articles of My Items for the picker, with the platform's available quantity (huby asks stock). */
  articles: 'huby.loop.articles',
  /** One line checked as it is entered: the available quantity now and the §8 key when it does not fit. */
  checkLine: 'huby.loop.check-line',
  /** The platforms that can serve a depositor (it has stock there), for the form's choice. */
  platforms: 'huby.loop.platforms',
  /** Stock side: the platforms where a depositor has stock, with its articles available there. */
  stockPlatforms: 'stock.loop.platforms',
  /** Stock side: My Items matching a search, with available quantities on a platform. */
  stockArticles: 'stock.loop.articles',
  /** Stock side: referenced on the platform, and available quantities of some references. */
  stockAvailability: 'stock.loop.availability',
} as const;

export const LoopEvents = {
  /** Huby → the warehouse (the stock service's demo consumer): a Loop order to integrate. */
  orderSubmitted: 'huby.loop-order.submitted',
  /** The warehouse → Huby: integrated (quantities reserved) or rejected with a reason. */
  orderSettled: 'stock.loop-order.settled',
} as const;

/** Loop orders by tab; q is a prefix of the reference or customer reference. */
export const LOOP_ORDERS_LIST = defineList({
  resource: 'dashtower/loop-orders',
  filter: z.object({
    tab: listField.oneOf(LOOP_TAB_NAMES),
    q: listField.prefix(),
    depositor: listField.id(),
    platform: listField.id(),
  }),
  sorts: { createdAt: 'instant', reference: 'text' },
  defaultSort: ['createdAt', 'DESC'],
  maxPageSize: HUBY_LIMITS.maxPageSize,
  maxOffset: 100_000,
});
