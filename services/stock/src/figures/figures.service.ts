import { Injectable } from '@nestjs/common';
import { requestedChartSource, type CallerContext, type FiguresResponse } from '@portal/contracts';
import { FiguresRepository } from './figures.repository';

/** Dashboard charts of the caller's stock (spec §2 chart tiles): the blocked quantities per blocking code. */
@Injectable()
export class FiguresService {
  constructor(private readonly repository: FiguresRepository) {}

  async figures(ctx: CallerContext, data: unknown): Promise<FiguresResponse> {
    const source = requestedChartSource('stock', ctx.roles, data);
    return { source, series: await this.repository.blockedByCode(ctx) };
  }
}
