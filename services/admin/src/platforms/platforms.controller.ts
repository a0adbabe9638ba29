import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSubjects, type BusRequest } from '@portal/contracts';
import { PlatformsService } from './platforms.service';

@Controller()
export class PlatformsController {
  constructor(private readonly platforms: PlatformsService) {}

  @MessagePattern(AdminSubjects.platforms)
  list(@Payload() m: BusRequest) {
    return this.platforms.platforms(m.ctx);
  }
}
