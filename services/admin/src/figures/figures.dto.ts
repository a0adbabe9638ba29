import { IsIn, IsNotEmpty } from 'class-validator';

/** The dashboard chart sources this service can count (spec §2 dashboard chart tiles). */
export const FIGURE_SOURCES = ['depositor-activities', 'depositor-stores', 'platform-stores', 'announcements-by-type'] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

export class FiguresQuery {
  @IsNotEmpty()
  @IsIn(FIGURE_SOURCES)
  source!: FigureSource;
}

export interface FigurePoint {
  label: string;
  value: number;
}

export interface FiguresResponse {
  source: FigureSource;
  series: FigurePoint[];
}
