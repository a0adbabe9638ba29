import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StockSubjects, type BusRequest } from '@portal/contracts';
import { ReportsFeedService } from './reports-feed.service';

/** Pages of movements and stock lines for the reports projection (system callers only, checked by the service). */
@Controller()
export class ReportsFeedController {
  constructor(private readonly feed: ReportsFeedService) {}

  @MessagePattern(StockSubjects.movementPages)
  movements(@Payload() m: BusRequest) {
    return this.feed.movements(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.linePages)
  lines(@Payload() m: BusRequest) {
    return this.feed.lines(m.ctx, m.data);
  }
}
