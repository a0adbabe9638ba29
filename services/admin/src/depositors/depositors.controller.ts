import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminSubjects, Role, type BusRequest } from '@portal/contracts';
import { DepositorsService } from './depositors.service';

@Controller()
export class DepositorsController {
  constructor(private readonly depositors: DepositorsService) {}

  @MessagePattern(AdminSubjects.depositors)
  list(@Payload() m: BusRequest) {
    return this.depositors.depositors(m.ctx);
  }

  // ADMIN_LIST picks the depositor of the activities and stores it edits; a depositor's administrator gets theirs only.
  @Roles(Role.ADMIN_DEPOSITOR, Role.ADMIN_USERS, Role.ADMIN_LIST)
  @MessagePattern(AdminSubjects.depositorsAdmin)
  listAdministered(@Payload() m: BusRequest) {
    return this.depositors.administeredDepositors(m.ctx);
  }

  @MessagePattern(AdminSubjects.depositorsByIds)
  byIds(@Payload() m: BusRequest) {
    return this.depositors.depositorsByIds(m.ctx, m.data);
  }

  @MessagePattern(AdminSubjects.activities)
  activities(@Payload() m: BusRequest) {
    return this.depositors.activities(m.ctx, m.data);
  }

  @MessagePattern(AdminSubjects.stores)
  stores(@Payload() m: BusRequest) {
    return this.depositors.stores(m.ctx, m.data);
  }
}
