import { z } from 'zod';
import { defineList, listField } from '../lists/kit';
import { HUBY_LIMITS } from './limits';
import { ADDRESS_BOOKS, ADDRESS_TYPES, HUBY_STATUS_CODES, HUBY_TAB_NAMES } from './statuses';

/**
 * Huby shipments by tab (waiting, ready, sent, canceled); q is a prefix of the reference, order or
 * delivery note number; recipient is a prefix of the recipient's name; dates bound the desired shipping day.
 */
export const SHIPMENTS_LIST = defineList({
  resource: 'dashtower/orders',
  filter: z.object({
    tab: listField.oneOf(HUBY_TAB_NAMES),
    status: listField.anyOf(HUBY_STATUS_CODES),
    q: listField.prefix(),
    recipient: listField.prefix(),
    carrier: listField.text(),
    tour: listField.text(),
    depositor: listField.id(),
    dateFrom: listField.day(),
    dateTo: listField.day(),
  }),
  sorts: { createdAt: 'instant', reference: 'text', shippingDate: 'day', status: 'int' },
  defaultSort: ['createdAt', 'DESC'],
  maxPageSize: HUBY_LIMITS.maxPageSize,
  maxOffset: 100_000,
});

/** The address books: book (shipper or recipient), q (prefix of code, name, zip or town), favourites first. */
export const ADDRESSES_LIST = defineList({
  resource: 'dashtower/addresses',
  filter: z.object({
    book: listField.oneOf(ADDRESS_BOOKS),
    q: listField.prefix(),
    type: listField.oneOf(ADDRESS_TYPES),
    country: listField.text(),
    favorite: listField.flag(),
    depositor: listField.id(),
    active: listField.flag(),
  }),
  sorts: { name: 'text', zip: 'text', town: 'text', updatedAt: 'instant' },
  defaultSort: ['name', 'ASC'],
  maxPageSize: HUBY_LIMITS.maxPageSize,
  maxOffset: 100_000,
});
