import { z } from 'zod';
import { defineList, listField } from '../lists/kit';
import { TRACKING_MAX_OFFSET, TRACKING_MAX_PAGE_SIZE } from './limits';
import { TRACER_ROUTE_STATUSES, TRACKING_STATUS_CODES } from './statuses';

/**
 * The tracker search (Pack and Go Tracer, Tracer Route): q is any reference's prefix; zip and town
 * match exactly, or as a prefix when they end with `*`; dateFrom/dateTo bound the order date; slip,
 * serial, lot, customer and article are prefixes. Keyset pages: `cursor` past the first 1,000 rows.
 */
export const ORDERS_LIST = defineList({
  resource: 'orders',
  filter: z.object({
    q: listField.prefix(64),
    zip: listField.text(21),
    town: listField.text(101),
    country: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string({ error: 'invalidFormat' })
        .regex(/^[A-Za-z]{2}$/, { error: 'invalidFormat' })
        .optional(),
    ),
    depositor: listField.ids(),
    dateFrom: listField.dayOrInstant(),
    dateTo: listField.dayOrInstant(),
    slip: listField.prefix(64),
    serial: listField.prefix(64),
    lot: listField.prefix(64),
    customer: listField.prefix(64),
    article: listField.prefix(64),
    status: listField.anyOf(TRACKING_STATUS_CODES),
    tracerStatus: listField.anyOf(TRACER_ROUTE_STATUSES),
  }),
  sorts: { createdAt: 'instant', reference: 'text' },
  defaultSort: ['createdAt', 'DESC'],
  maxPageSize: TRACKING_MAX_PAGE_SIZE,
  maxOffset: TRACKING_MAX_OFFSET,
});
