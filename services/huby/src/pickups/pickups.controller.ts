import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { PickupsService } from './pickups.service';

/** Pickup requests (spec §2 pickup dialog): DASHTOWER_USER reads; asking one needs USER_CREATE_HUBY_ORDER. */
@Controller()
export class PickupsController {
  constructor(private readonly pickups: PickupsService) {}

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.pickupsList)
  list(@Payload() m: BusRequest) {
    return this.pickups.list(m.ctx);
  }

  @Roles(Role.USER_CREATE_HUBY_ORDER)
  @MessagePattern(HubySubjects.pickupsCreate)
  create(@Payload() m: BusRequest) {
    return this.pickups.create(m.ctx, m.data);
  }
}
