import { z } from 'zod';
import { defineList, listField } from '../lists/kit';

export const FEVER_EXCURSION_KINDS = ['high', 'low', 'humidity'] as const;

/** The excursions of one probe (its page): by kind, in progress or not; newest first. */
export const FEVER_EXCURSIONS_LIST = defineList({
  resource: 'fever-excursions',
  filter: z.object({
    kind: listField.anyOf(FEVER_EXCURSION_KINDS),
    ongoing: listField.flag(),
    startedFrom: listField.dayOrInstant(),
    startedTo: listField.dayOrInstant(),
  }),
  sorts: { startedAt: 'instant', peak: 'number' },
  defaultSort: ['startedAt', 'DESC'],
  maxPageSize: 500,
  maxOffset: 100_000,
});

/** The request of FeverSubjects.excursionsList: the probe and a list request of FEVER_EXCURSIONS_LIST. */
export interface FeverExcursionsRequest {
  probeId: number | string;
  list?: unknown;
}
