import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { ToursService } from './tours.service';

/** The transport plan as Dashtower users read it (DASHTOWER_USER; the carriers list also for ADMIN_DASHTOWER_USER). */
@Controller()
export class ToursController {
  constructor(private readonly tours: ToursService) {}

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.toursList)
  list(@Payload() m: BusRequest) {
    return this.tours.list(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER)
  @MessagePattern(HubySubjects.carriersOfDepositor)
  carriers(@Payload() m: BusRequest) {
    return this.tours.carriersOf(m.ctx, m.data);
  }
}
