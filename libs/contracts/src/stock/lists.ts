import { z } from 'zod';
import { defineList, listField } from '../lists/kit';
import { BLOCKING_CODES, MOVEMENT_TYPES } from './codes';
import { STOCK_LIMITS } from './limits';

export const STOCK_VIEWS = ['platform', 'reference'] as const;
export const EXPIRY_FILTERS = ['expired', 'soon'] as const;

/**
 * My Stocks, tabs Stock and Id. view: `platform` (default, one row per stock line) or `reference`
 * (totals over platforms and lots); reference and lot are prefixes; dateFrom/dateTo bound the entry date.
 */
const stockFilter = z.object({
  view: listField.oneOf(STOCK_VIEWS),
  reference: listField.prefix(),
  barcode: listField.text(),
  platform: listField.id(),
  depositor: listField.id(),
  lot: listField.prefix(),
  family: listField.text(),
  itemId: listField.id(),
  blockingCode: listField.anyOf(BLOCKING_CODES),
  expiry: listField.anyOf(EXPIRY_FILTERS),
  dateFrom: listField.dayOrInstant(),
  dateTo: listField.dayOrInstant(),
});

const quantitySorts = {
  quantityInStock: 'int',
  quantityReserved: 'int',
  quantityBlocked: 'int',
  quantityAvailable: 'int',
  quantityCrossDock: 'int',
  stockValue: 'number',
} as const;

export const STOCK_LINES_LIST = defineList({
  resource: 'stock',
  filter: stockFilter,
  sorts: {
    reference: 'text',
    depositorCode: 'text',
    platformId: 'int',
    lot: 'text',
    bestBefore: 'day',
    entryDate: 'day',
    blockingCode: 'text',
    family: 'text',
    barcode: 'text',
    unitPrice: 'number',
    ...quantitySorts,
  },
  defaultSort: ['reference', 'ASC'],
  maxPageSize: STOCK_LIMITS.maxPageSize,
  maxOffset: Number.MAX_SAFE_INTEGER,
});

export const STOCK_BY_REFERENCE_LIST = defineList({
  resource: 'stock',
  filter: stockFilter,
  sorts: { reference: 'text', depositorCode: 'text', family: 'text', bestBefore: 'day', platformCount: 'int', ...quantitySorts },
  defaultSort: ['reference', 'ASC'],
  maxPageSize: STOCK_LIMITS.maxPageSize,
  maxOffset: Number.MAX_SAFE_INTEGER,
});

/** My Stocks, tab Movements: dateFrom/dateTo default to the last 30 days, at most 366. */
export const MOVEMENTS_LIST = defineList({
  resource: 'movements',
  filter: z.object({
    dateFrom: listField.dayOrInstant(),
    dateTo: listField.dayOrInstant(),
    reference: listField.text(),
    lot: listField.text(),
    type: listField.anyOf(MOVEMENT_TYPES),
    platform: listField.id(),
    depositor: listField.id(),
    blockingCode: listField.anyOf(BLOCKING_CODES),
  }),
  sorts: { movedAt: 'instant', reference: 'text', depositorCode: 'text', platformId: 'int', type: 'text', quantity: 'int', lot: 'text' },
  defaultSort: ['movedAt', 'DESC'],
  maxPageSize: STOCK_LIMITS.maxPageSize,
  maxOffset: Number.MAX_SAFE_INTEGER,
});

/** My Items: reference prefix, barcode of the item or a packing level, family 1 or 2, label contains. */
export const ITEMS_LIST = defineList({
  resource: 'items',
  filter: z.object({
    reference: listField.prefix(),
    barcode: listField.text(),
    family: listField.text(),
    newProduct: listField.flag(),
    hazardous: listField.flag(),
    depositor: listField.id(),
    label: listField.text(255),
  }),
  sorts: {
    reference: 'text',
    label: 'text',
    barcode: 'text',
    depositorCode: 'text',
    family1: 'text',
    family2: 'text',
    newProduct: 'text',
    unCode: 'text',
  },
  defaultSort: ['reference', 'ASC'],
  maxPageSize: STOCK_LIMITS.maxPageSize,
  maxOffset: Number.MAX_SAFE_INTEGER,
});

/** The declaration a /stock request is read with: totals by reference (tab Id) or stock lines (tab Stock). */
export function stockListFor(request: unknown): typeof STOCK_LINES_LIST | typeof STOCK_BY_REFERENCE_LIST {
  const view = (request as { filter?: { view?: unknown } } | null | undefined)?.filter?.view;
  return view === 'reference' ? STOCK_BY_REFERENCE_LIST : STOCK_LINES_LIST;
}
