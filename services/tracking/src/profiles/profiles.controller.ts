import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { ProfilesService } from './profiles.service';

@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.profilesList)
  list(@Payload() m: BusRequest) {
    return this.profiles.list(m.ctx);
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.profileSave)
  save(@Payload() m: BusRequest) {
    return this.profiles.save(m.ctx, m.data);
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.profileDelete)
  delete(@Payload() m: BusRequest) {
    return this.profiles.delete(m.ctx, m.data);
  }
}
