import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MachineClient } from '@portal/auth';
import { TrackingSubjects, type BusRequest } from '@portal/contracts';
import { FeedService } from './feed.service';

/** The warehouse system's order feed (API key of kind `warehouse`). */
@Controller()
export class FeedController {
  constructor(private readonly feed: FeedService) {}

  @MachineClient('warehouse')
  @MessagePattern(TrackingSubjects.feedOrder)
  one(@Payload() m: BusRequest) {
    return this.feed.one(m.ctx, m.data);
  }

  @MachineClient('warehouse')
  @MessagePattern(TrackingSubjects.feedOrders)
  bulk(@Payload() m: BusRequest) {
    return this.feed.bulk(m.ctx, m.data);
  }
}
