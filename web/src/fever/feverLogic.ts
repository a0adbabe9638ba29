import { feverProbeState, type DateRange, type FeverExcursionDto, type FeverProbeDto, type FeverProbeState } from '@portal/contracts';

/** A graph's or an export's period: a §9 range, or custom days (YYYY-MM-DD in the user's time zone). */
export interface Period {
  range?: DateRange;
  from?: string;
  to?: string;
}

/** The ranges the probe page offers, shortest first (a graph of a day reads every reading, a year the hourly roll-up). */
export const GRAPH_RANGES: DateRange[] = [
  'today',
  'yesterday',
  'week',
  'lastWeek',
  'rolling30',
  'month',
  'lastMonth',
  'rolling90',
  'last3Months',
  'year',
  'lastYear',
];

export { feverProbeState };

/** Marker colours by state, readable on both themes (the plan image is light whatever the theme). */
export const STATE_COLOURS: Record<FeverProbeState, string> = { ok: '#2e7d32', excursion: '#c62828', silent: '#616161' };

/** A position dropped on the plan as fractions of the image (0..1, clamped), from the pointer and the image's box. */
export function dropPosition(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): { x: number; y: number } | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000;
  return { x: clamp((clientX - box.left) / box.width), y: clamp((clientY - box.top) / box.height) };
}

/** A temperature as people read it: "5,5 °C" in French; an em dash without a value. */
export function formatTemperature(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} °C`;
}

/** A relative humidity as people read it: "82,5 %" in French. */
export function formatHumidity(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} %`;
}

/** How long an excursion lasted (or has lasted so far): "2 h 05", "45 min". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;
}

/** An excursion's duration in minutes: ended ones as the server says, one in progress up to now. */
export function excursionMinutes(e: FeverExcursionDto, now: number = Date.now()): number {
  if (e.durationMinutes !== null) return e.durationMinutes;
  return (now - Date.parse(e.startedAt)) / 60_000;
}

/** Probes to draw on a plan, and those of the plan's platform and depositor not placed yet (to drag on it). */
export function probesOfPlan(
  probes: FeverProbeDto[],
  plan: { id: number; platformId: number; depositorId: number },
): { placed: FeverProbeDto[]; unplaced: FeverProbeDto[] } {
  return {
    placed: probes.filter((p) => p.planId === plan.id && p.x !== null && p.y !== null),
    unplaced: probes.filter((p) => p.planId === null && p.platformId === plan.platformId && p.depositorId === plan.depositorId),
  };
}

/** The period as the API wants it: a range alone, or both custom days once both are valid. */
export function periodOf(range: DateRange | '', from: string, to: string): Period | null {
  if (range) return { range };
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(from) && day.test(to) && from <= to ? { from, to } : null;
}
