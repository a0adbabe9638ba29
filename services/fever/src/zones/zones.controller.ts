import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { ZonesService } from './zones.service';

/** Spec §6: FEVER_USER reads its depositors' zones, ADMIN_SONDE manages them. */
@Controller()
export class ZonesController {
  constructor(private readonly zones: ZonesService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.zonesList)
  list(@Payload() m: BusRequest) {
    return this.zones.list(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.zoneSave)
  save(@Payload() m: BusRequest) {
    return this.zones.save(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.zoneDelete)
  remove(@Payload() m: BusRequest) {
    return this.zones.remove(m.ctx, m.data);
  }
}
