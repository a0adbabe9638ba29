import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AlertsSubjects, Role, type BusRequest } from '@portal/contracts';
import { DeliveryService } from './delivery.service';

@Controller()
export class DeliveryController {
  constructor(private readonly delivery: DeliveryService) {}

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.testSend)
  testSend(@Payload() m: BusRequest) {
    return this.delivery.testSend(m.ctx, m.data);
  }

  @Roles(Role.ALERT_USER)
  @MessagePattern(AlertsSubjects.mails)
  mails(@Payload() m: BusRequest) {
    return this.delivery.mails(m.ctx, m.data);
  }
}
