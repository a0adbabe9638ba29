import { DATE_RANGES, type DateRange } from '@portal/contracts';
import type { ReportParams } from './reportsApi';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The run parameters a page URL holds (?range= | ?from=&to=, &depositorIds=1,2); anything malformed is dropped. */
export function paramsFromSearch(search: URLSearchParams): ReportParams {
  const params: ReportParams = {};
  const range = search.get('range');
  if (range && (DATE_RANGES as readonly string[]).includes(range)) params.range = range as DateRange;
  else {
    const from = search.get('from');
    const to = search.get('to');
    if (from && DAY.test(from)) params.from = from;
    if (to && DAY.test(to)) params.to = to;
  }
  const ids = (search.get('depositorIds') ?? '')
    .split(',')
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);
  if (ids.length) params.depositorIds = [...new Set(ids)];
  return params;
}

/** Two days the user typed: both set, valid and in order. */
export function customDaysValid(from: string, to: string): boolean {
  return DAY.test(from) && DAY.test(to) && from <= to;
}
