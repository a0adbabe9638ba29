import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { ProbesService } from './probes.service';

/** Spec §6: FEVER_USER reads its depositors' probes and their live values, ADMIN_SONDE manages and places them. */
@Controller()
export class ProbesController {
  constructor(private readonly probes: ProbesService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.probesList)
  list(@Payload() m: BusRequest) {
    return this.probes.list(m.ctx, m.data);
  }

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.probeGet)
  get(@Payload() m: BusRequest) {
    return this.probes.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.probeSave)
  save(@Payload() m: BusRequest) {
    return this.probes.save(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.probeDelete)
  remove(@Payload() m: BusRequest) {
    return this.probes.remove(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.probePlace)
  place(@Payload() m: BusRequest) {
    return this.probes.place(m.ctx, m.data);
  }
}
