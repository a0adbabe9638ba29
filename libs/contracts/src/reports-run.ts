import type { DateRange } from './ranges';
import { healthSubject } from './subjects';
import type { Labels5 } from './tracking/labels';

/**
 * Running a report of the library (spec §2 /report/{id}, issue 17). The catalogue (REPORT_CATALOGUE,
 * owned by the reports service's issue) says for each id what it shows; these are the shapes the
 * gateway, the reports service and the web share.
 *
 * HTTP (gateway): GET /api/reports → ReportDefinitionDto[] the caller may open;
 * GET /api/reports/:id?range=|from=&to=&depositorIds=1,2 → ReportResultDto;
 * GET /api/reports/:id/export?format=csv|xlsx&… → the file (large ones by mail, export kit).
 */
export type ReportChart = 'bars' | 'line' | 'pie' | 'table';
export type ReportColumnType =
  'day' | 'month' | 'datetime' | 'text' | 'integer' | 'decimal' | 'money' | 'percent' | 'minutes' | 'hours' | 'days';

export interface ReportColumn {
  key: string;
  title: Labels5;
  type: ReportColumnType;
}

export interface ReportDefinitionDto {
  id: string;
  /** Spec §2 display number of the tile (01, 02, 11, M1, T1, U1, L1, S1, TS1, LA1, MVT1…). */
  displayNumber: string;
  title: Labels5;
  description: Labels5;
  chart: ReportChart;
  /** Any of these roles opens it (ADMIN always does). */
  roles: readonly string[];
  /** Shows money figures: needs the read-turnover right as well. */
  money: boolean;
  /** A preset profile of 1005 or 1010 (spec §2): the report it presets and the profile id. */
  presetOf?: string;
  profileId?: number;
  /** The columns it shows (money ones only for READ_TURNOVER), as the run answers them. */
  columns?: ReportColumn[];
  /** The stock as last reported: the period does not apply. */
  asOfNow?: boolean;
}

export interface ReportRunRequest {
  reportId: string;
  /** Depositors in the caller's scope (none: every depositor of the scope). */
  depositorIds?: number[];
  /** A §9 predefined range, or from/to days (YYYY-MM-DD, both inclusive, in the caller's time zone). */
  range?: DateRange;
  from?: string;
  to?: string;
}

export type ReportCell = string | number | null;

export interface ReportResultDto {
  reportId: string;
  from: string;
  to: string;
  depositorIds: number[];
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  /** What the chart draws: the category/x column and the value columns. */
  chart: { type: ReportChart; x: string; y: string[] };
  /** Totals row (same keys as rows), when the report has one: sums of the count and amount columns, null for rates and averages. */
  totals?: Record<string, ReportCell>;
  /** A detail report (movements) shows its first rows only: the export holds them all. */
  truncated?: boolean;
}

export const ReportsSubjects = {
  catalogue: 'reports.catalogue.list',
  run: 'reports.reports.run',
  /** The rows of a report for the export kit (CSV/XLSX, large ones by mail). */
  exportRows: 'reports.reports.export-rows',
  health: healthSubject('reports'),
} as const;
