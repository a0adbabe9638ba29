import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { SerialsService } from './serials.service';

@Controller()
export class SerialsController {
  constructor(private readonly serials: SerialsService) {}

  @Roles(Role.SERIAL_USER)
  @MessagePattern(TrackingSubjects.serials)
  search(@Payload() m: BusRequest) {
    return this.serials.search(m.ctx, m.data);
  }
}
