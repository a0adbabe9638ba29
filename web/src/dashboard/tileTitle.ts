import { PORTAL_APPS, reportTitle, type Labels5, type ReportDefinitionDto } from '@portal/contracts';
import type { Tile } from './dashboardApi';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A report as lists and tiles name it: "M1 — Suivi des livraisons" by its display number and title
 * in the reports catalogue (GET /api/reports) when known, else "1005 — …" (libs/contracts REPORT_TITLES).
 */
export function reportName(id: string, locale: string, translate: Translate, reports?: readonly ReportDefinitionDto[] | null): string {
  const known = reports?.find((r) => r.id === id);
  if (known)
    return translate('dashboard.reportTitled', { id: known.displayNumber, title: known.title[locale as keyof Labels5] ?? known.title.fr });
  const title = reportTitle(id, locale);
  return title ? translate('dashboard.reportTitled', { id, title }) : translate('dashboard.report', { id });
}

/** The title a tile shows: its own configured title, else what it points to. */
export function tileTitle(tile: Tile, translate: Translate, locale = 'fr', reports?: readonly ReportDefinitionDto[] | null): string {
  if (tile.config?.title) return tile.config.title;
  if (tile.type === 'link') {
    const app = PORTAL_APPS.find((a) => a.id === tile.id_object);
    return app ? translate(app.labelKey) : tile.id_object;
  }
  if (tile.type === 'report') return reportName(tile.id_object, locale, translate, reports);
  return translate(`dashboard.sources.${tile.config?.source ?? tile.id_object}`, { _: tile.id_object });
}

/** Where a link or report tile leads. */
export function tileHref(tile: Tile): string | null {
  if (tile.type === 'link') return PORTAL_APPS.find((a) => a.id === tile.id_object)?.route ?? null;
  if (tile.type === 'report') return `/report/${encodeURIComponent(tile.id_object)}`;
  return null;
}
