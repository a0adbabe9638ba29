import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MachineClient } from '@portal/auth';
import { StockSubjects, type BusRequest } from '@portal/contracts';
import { FeedService } from './feed.service';

/** The provider's warehouse system pushes stock, movements and items with an API key of kind `warehouse`. */
@MachineClient('warehouse')
@Controller()
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  @MessagePattern(StockSubjects.feedSnapshot)
  snapshot(@Payload() m: BusRequest) {
    return this.feed.snapshot(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.feedMovements)
  movements(@Payload() m: BusRequest) {
    return this.feed.movements(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.feedItems)
  items(@Payload() m: BusRequest) {
    return this.feed.items(m.ctx, m.data);
  }
}
