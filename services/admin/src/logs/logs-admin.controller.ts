import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminReferenceSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { LogsAdminService } from './logs-admin.service';

/** The back office's logs: ADMIN_LOGS. */
@Controller()
export class LogsAdminController {
  constructor(private readonly logs: LogsAdminService) {}

  @Roles(Role.ADMIN_LOGS)
  @MessagePattern(S.logsList)
  list(@Payload() m: BusRequest) {
    return this.logs.list(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LOGS)
  @MessagePattern(S.logGet)
  get(@Payload() m: BusRequest) {
    return this.logs.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LOGS)
  @MessagePattern(S.logsAcknowledge)
  acknowledge(@Payload() m: BusRequest) {
    return this.logs.acknowledge(m.ctx, m.data);
  }
}
