import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminReferenceSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { LogosService } from './logos.service';

/** Logos: ADMIN_DEPOSITOR for any depositor, USER_CHANGE_OWN_LOGO for the caller's own; every user reads theirs. */
@Controller()
export class LogosController {
  constructor(private readonly logos: LogosService) {}

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.logoSet)
  set(@Payload() m: BusRequest) {
    return this.logos.set(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.logoRemove)
  remove(@Payload() m: BusRequest) {
    return this.logos.remove(m.ctx, m.data);
  }

  @Roles(Role.USER_CHANGE_OWN_LOGO)
  @MessagePattern(S.logoSetOwn)
  setOwn(@Payload() m: BusRequest) {
    return this.logos.setOwn(m.ctx, m.data);
  }

  @MessagePattern(S.logoOf)
  of(@Payload() m: BusRequest) {
    return this.logos.of(m.ctx, m.data);
  }
}
