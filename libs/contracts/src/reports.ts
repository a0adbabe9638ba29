import { REPORT_CATALOGUE } from './reports/catalogue';
import type { Labels5 } from './tracking/labels';

export * from './reports/catalogue';
export * from './reports/columns';

/**
 * A short title per report of the catalogue (REPORT_IDS), in the five languages, as the catalogue
 * (libs/contracts/src/reports/catalogue.ts) names them, so the dashboard and the reports module say
 * the same thing.
 */
export const REPORT_TITLES: Readonly<Record<string, Labels5>> = Object.fromEntries(REPORT_CATALOGUE.map((r) => [r.id, r.title]));

/** The title of a report in a short locale (fr, en, es, it, de), French when the locale is unknown; undefined for an unknown report. */
export function reportTitle(reportId: string, locale: string): string | undefined {
  const title = REPORT_TITLES[reportId];
  return title ? (title[locale as keyof Labels5] ?? title.fr) : undefined;
}
