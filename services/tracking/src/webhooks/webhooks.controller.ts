import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MachineClient } from '@portal/auth';
import { TrackingSubjects, type BusRequest } from '@portal/contracts';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MachineClient('carrier')
  @MessagePattern(TrackingSubjects.carrierWebhook)
  receive(@Payload() m: BusRequest) {
    return this.webhooks.receive(m.ctx, m.data);
  }
}
