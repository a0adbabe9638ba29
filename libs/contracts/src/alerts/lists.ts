import { z } from 'zod';
import { defineList, listField } from '../lists/kit';
import { ALERT_FREQUENCIES, ALERT_KINDS, ALERT_LIMITS } from './alerts';

/**
 * Hello: the caller's alerts (an ADMIN sees everyone's). screen = vip or doc narrows to the kinds
 * of that screen; q is a prefix of the title.
 */
export const ALERTS_LIST = defineList({
  resource: 'alerts',
  filter: z.object({
    screen: listField.oneOf(['vip', 'doc'] as const),
    kind: listField.anyOf(ALERT_KINDS),
    frequency: listField.anyOf(ALERT_FREQUENCIES),
    enabled: listField.flag(),
    q: listField.prefix(),
    depositor: listField.ids(),
  }),
  sorts: { title: 'text', updatedAt: 'instant', createdAt: 'instant' },
  defaultSort: ['updatedAt', 'DESC'],
  maxPageSize: ALERT_LIMITS.maxPageSize,
  maxOffset: 10_000,
});
