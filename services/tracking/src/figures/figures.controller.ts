import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TrackingSubjects, type BusRequest } from '@portal/contracts';
import { FiguresService } from './figures.service';

/** Dashboard charts of deliveries (roles per source: CHART_SOURCES, checked by the service). */
@Controller()
export class FiguresController {
  constructor(private readonly figures: FiguresService) {}

  @MessagePattern(TrackingSubjects.figures)
  get(@Payload() m: BusRequest) {
    return this.figures.figures(m.ctx, m.data);
  }
}
