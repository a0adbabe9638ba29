import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DashboardProfileSubjects,
  type BusRequest,
  type CreateDashboardProfileInput,
  type UpdateDashboardProfileInput,
} from '@portal/contracts';
import { DashboardProfilesService } from './dashboard-profiles.service';

/** Dashboard profiles (spec §3): the caller's own tile sets and the masters they may copy. */
@Controller()
export class DashboardProfilesController {
  constructor(private readonly profiles: DashboardProfilesService) {}

  @MessagePattern(DashboardProfileSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.profiles.list(m.ctx);
  }

  @MessagePattern(DashboardProfileSubjects.create)
  create(@Payload() m: BusRequest<CreateDashboardProfileInput>) {
    return this.profiles.create(m.ctx, m.data);
  }

  @MessagePattern(DashboardProfileSubjects.update)
  update(@Payload() m: BusRequest<UpdateDashboardProfileInput & { id: number }>) {
    return this.profiles.update(m.ctx, m.data?.id, m.data);
  }

  @MessagePattern(DashboardProfileSubjects.switch)
  switchTo(@Payload() m: BusRequest<{ id: number }>) {
    return this.profiles.switchTo(m.ctx, m.data?.id);
  }

  @MessagePattern(DashboardProfileSubjects.delete)
  remove(@Payload() m: BusRequest<{ id: number }>) {
    return this.profiles.remove(m.ctx, m.data?.id);
  }
}
