import type { DateRange } from './ranges';

/**
 * The back office's statistics (spec §6 "plus statistics", issue 36 item 6): how each depositor uses
 * the portal over time. Usage the gateway sees (active users, sign-ins, searches, exports) is metered
 * there and recorded by the reports service; what the owning services already tell on the bus
 * (labels, alert mails, claims) is read from the reports' projection.
 */
export const STATISTICS_METRICS = ['activeUsers', 'signIns', 'searches', 'exports', 'labels', 'alertMails', 'claims'] as const;
export type StatisticsMetric = (typeof STATISTICS_METRICS)[number];

/** The width of one point of the charts: a day, a week (ISO, from Monday) or a month. */
export const STATISTICS_GRAINS = ['day', 'week', 'month'] as const;
export type StatisticsGrain = (typeof STATISTICS_GRAINS)[number];

/** A day grain over more days than this is refused (the chart would be unreadable): a week or month grain reads up to the reports' 731 days. */
export const STATISTICS_MAX_DAY_POINTS = 186;

export type StatisticsFigures = Record<StatisticsMetric, number>;

export interface StatisticsRequest {
  range?: DateRange;
  from?: string;
  to?: string;
  grain?: StatisticsGrain;
  depositorIds?: number[];
}

/** GET /api/admin/statistics. Active users are distinct users over each period (one user of several depositors counts once in a sum). */
export interface StatisticsDto {
  from: string;
  to: string;
  grain: StatisticsGrain;
  /** The days of usage are the provider's (Europe/Paris); labels, mails and claims fall in the caller's time zone. */
  timeZone: string;
  /** Every period of the range, in order, zeros included: the first day of each. */
  series: ({ period: string } & StatisticsFigures)[];
  /** Each depositor of the selection with any use over the whole range, most active first (code and name added by the gateway). */
  depositors: ({ depositorId: number; code?: string; label?: string } & StatisticsFigures)[];
  totals: StatisticsFigures;
  /** The depositors the caller may choose (those it administers), by code: added by the gateway. */
  choices?: { id: number; code: string; label: string }[];
}

/** What one gateway counted for one user and day since its last flush. */
export interface UsageEntry {
  /** The provider's day (Europe/Paris), YYYY-MM-DD. */
  day: string;
  userId: number;
  /** The user's depositors (the scope); a user of every depositor (the provider's staff) is not counted. */
  depositorIds: number[];
  signIns: number;
  searches: number;
  exports: number;
}

/** The day usage is counted in: the provider's. */
export const USAGE_TIME_ZONE = 'Europe/Paris';

export const StatisticsSubjects = {
  /** The statistics of a period (ADMIN_STATISTICS). */
  read: 'reports.statistics.read',
  /** One row per period and depositor, for the export kit. */
  exportRows: 'reports.statistics.export-rows',
  /** A gateway's usage counts since its last flush ({ entries: UsageEntry[] }); system callers only. */
  record: 'reports.usage.record',
} as const;
