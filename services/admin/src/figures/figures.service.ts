import { Injectable } from '@nestjs/common';
import { requestedChartSource, type CallerContext } from '@portal/contracts';
import type { FigurePoint, FigureSource, FiguresResponse } from './figures.dto';
import { FiguresRepository } from './figures.repository';

@Injectable()
export class FiguresService {
  constructor(private readonly repository: FiguresRepository) {}

  async figures(ctx: CallerContext, data: unknown, now = new Date()): Promise<FiguresResponse> {
    const source = requestedChartSource('admin', ctx.roles, data) as FigureSource;
    return { source, series: await this.series(ctx, source, now) };
  }

  private series(ctx: CallerContext, source: FigureSource, now: Date): Promise<FigurePoint[]> {
    switch (source) {
      case 'depositor-activities':
        return this.repository.activitiesPerDepositor(ctx);
      case 'depositor-stores':
        return this.repository.storesPerDepositor(ctx);
      case 'platform-stores':
        return this.repository.storesPerPlatform(ctx);
      case 'announcements-by-type':
        return this.repository.activeAnnouncementsPerType(ctx, now);
    }
  }
}
