import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { SnapshotsService } from './snapshots.service';

@Controller()
export class SnapshotsController {
  constructor(private readonly snapshots: SnapshotsService) {}

  /** The alerts projection's catch-up; the service refuses any caller but the system itself. */
  @Roles(Role.ADMIN)
  @MessagePattern(TrackingSubjects.orderSnapshots)
  page(@Payload() m: BusRequest) {
    return this.snapshots.page(m.ctx, m.data);
  }
}
