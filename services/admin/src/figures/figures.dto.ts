/** The dashboard chart sources this service counts (spec §2 dashboard chart tiles; CHART_SOURCES of service admin). */
export const FIGURE_SOURCES = ['depositor-activities', 'depositor-stores', 'platform-stores', 'announcements-by-type'] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

export type { FigurePoint, FiguresResponse } from '@portal/contracts';
