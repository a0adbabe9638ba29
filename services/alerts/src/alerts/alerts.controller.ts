import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AlertsSubjects, Role, type BusRequest } from '@portal/contracts';
import { AlertsService } from './alerts.service';
import { MatchCountService } from './match-count';

/** Spec §2, §6: My VIP and My DOC are ALERT_USER's (ADMIN has every right). */
@Controller()
export class AlertsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly matching: MatchCountService,
  ) {}

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.alerts.list(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.get)
  get(@Payload() m: BusRequest) {
    return this.alerts.get(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.create)
  create(@Payload() m: BusRequest) {
    return this.alerts.create(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.update)
  update(@Payload() m: BusRequest) {
    return this.alerts.update(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.delete)
  remove(@Payload() m: BusRequest) {
    return this.alerts.remove(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.matchCount)
  matchCount(@Payload() m: BusRequest) {
    return this.matching.count(m.ctx, m.data);
  }
}
