import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { CarriersService } from './carriers.service';

@Controller()
export class CarriersController {
  constructor(private readonly carriers: CarriersService) {}

  /** Read by whoever sees deliveries (to link tracking numbers) and by the carrier administrators. */
  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER, Role.ADMIN_CARRIER)
  @MessagePattern(TrackingSubjects.carriersList)
  list(@Payload() m: BusRequest) {
    return this.carriers.list(m.ctx);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(TrackingSubjects.carrierSave)
  save(@Payload() m: BusRequest) {
    return this.carriers.save(m.ctx, m.data);
  }
}
