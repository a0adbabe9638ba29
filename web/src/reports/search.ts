import type { Labels5, ReportDefinitionDto } from '@portal/contracts';

/** Lower case, without accents: "Écarts" and "ecarts" match. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

export const titleOf = (report: Pick<ReportDefinitionDto, 'title'>, locale: string): string =>
  report.title[locale as keyof Labels5] ?? report.title.fr;

/**
 * The reports a quick-access query names (spec §2 "by number or title"): the display number typed
 * whole first ("M1"), then numbers starting with it ("M" → M1, M2), then the report id ("1005"),
 * then titles containing every word typed. An empty query names none.
 */
export function matchReports(reports: readonly ReportDefinitionDto[], query: string, locale: string): ReportDefinitionDto[] {
  const q = fold(query);
  if (!q) return [];
  const words = q.split(/\s+/);
  const rank = (r: ReportDefinitionDto): number => {
    const number = fold(r.displayNumber);
    if (number === q) return 0;
    if (r.id === q) return 1;
    if (number.startsWith(q)) return 2;
    const title = fold(titleOf(r, locale));
    if (words.every((w) => title.includes(w) || number === w)) return 3;
    return -1;
  };
  return reports
    .map((r) => ({ r, rank: rank(r) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || compareNumbers(a.r.displayNumber, b.r.displayNumber))
    .map((m) => m.r);
}

/** Display numbers in a natural order: 01 < 02 < 11 < L1 < M1 < M2 < M10 < S1 < TS1. */
export function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, 'fr', { numeric: true, sensitivity: 'base' });
}
