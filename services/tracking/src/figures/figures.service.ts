import { Injectable } from '@nestjs/common';
import { addDays, dayIn, dayStart, knownTimeZone, requestedChartSource, type CallerContext, type FiguresResponse } from '@portal/contracts';
import { FiguresRepository } from './figures.repository';

/** How far back the anomaly chart looks. */
export const ANOMALY_DAYS = 30;

/**
 * Operational charts of the caller's deliveries (spec §2 dashboard chart tiles): late deliveries
 * and anomalies per carrier, this week's deliveries by status. Scoped like the tracker search.
 */
@Injectable()
export class FiguresService {
  constructor(private readonly repository: FiguresRepository) {}

  async figures(ctx: CallerContext, data: unknown, now = new Date()): Promise<FiguresResponse> {
    const source = requestedChartSource('tracking', ctx.roles, data);
    switch (source) {
      case 'late-deliveries':
        return { source, series: await this.repository.lateByCarrier(ctx, now) };
      case 'anomalies-by-carrier':
        return { source, series: await this.repository.anomaliesByCarrier(ctx, new Date(now.getTime() - ANOMALY_DAYS * 86_400_000), now) };
      default: {
        const { from, to } = currentWeek(ctx.timezone, now);
        return { source, series: await this.repository.deliveriesByStatus(ctx, from, to, now) };
      }
    }
  }
}

/** Monday 00:00 to the next Monday 00:00 of the week holding `now`, in the caller's time zone. */
export function currentWeek(timezone: string, now: Date): { from: Date; to: Date } {
  const zone = knownTimeZone(timezone);
  const today = dayIn(zone, now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return { from: dayStart(monday, zone)!, to: dayStart(addDays(monday, 7), zone)! };
}
