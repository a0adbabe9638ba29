import { STATISTICS_GRAINS, type StatisticsDto, type StatisticsGrain } from '@portal/contracts';
import { api } from '../../core/api';
import { paramsFromSearch } from '../../reports/params';
import { exportFile, reportQuery, type ReportExportResult, type ReportParams } from '../../reports/reportsApi';

/** The statistics' parameters as the page keeps them (and its URL): the reports' period and depositors, and the grain. */
export interface StatisticsParams extends ReportParams {
  grain?: StatisticsGrain;
}

const ROUTE = '/admin/statistics';

/** ?range= | ?from=&to=, &depositorIds=, &grain= (anything malformed dropped). */
export function statisticsParamsFrom(search: URLSearchParams): StatisticsParams {
  const grain = search.get('grain');
  return {
    ...paramsFromSearch(search),
    ...((STATISTICS_GRAINS as readonly string[]).includes(grain ?? '') ? { grain: grain as StatisticsGrain } : {}),
  };
}

export function statisticsQuery(params: StatisticsParams): URLSearchParams {
  const query = reportQuery(params);
  if (params.grain && params.grain !== 'day') query.set('grain', params.grain);
  return query;
}

export const readStatistics = (params: StatisticsParams, signal?: AbortSignal) => {
  const query = statisticsQuery(params);
  return api<StatisticsDto>(query.size ? `${ROUTE}?${query}` : ROUTE, { signal });
};

export const exportStatistics = (format: 'csv' | 'xlsx', params: StatisticsParams): Promise<ReportExportResult> =>
  exportFile(`${ROUTE}/export`, statisticsQuery(params), format, 'statistiques');
