import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { PlansService } from './plans.service';

/** Spec §6: FEVER_USER reads its depositors' plans and their images, ADMIN_SONDE manages them. */
@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.plansList)
  list(@Payload() m: BusRequest) {
    return this.plans.list(m.ctx, m.data);
  }

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.planGet)
  get(@Payload() m: BusRequest) {
    return this.plans.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.planSave)
  save(@Payload() m: BusRequest) {
    return this.plans.save(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.planDelete)
  remove(@Payload() m: BusRequest) {
    return this.plans.remove(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.planImage)
  image(@Payload() m: BusRequest) {
    return this.plans.image(m.ctx, m.data);
  }

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.planImageFile)
  imageFile(@Payload() m: BusRequest) {
    return this.plans.imageFile(m.ctx, m.data);
  }
}
