import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { WEBHOOK_MANAGERS, WebhookSubjects, type BusRequest } from '@portal/contracts';
import { WebhooksService } from './webhooks.service';

type ById = BusRequest<{ id?: unknown; deliveryId?: unknown; status?: unknown; before?: unknown; body?: unknown }>;

/** Settings > Intégrations, webhooks: the API keys' managers (issue 35). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.webhooks.list(m.ctx);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.create)
  create(@Payload() m: BusRequest<unknown>) {
    return this.webhooks.create(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.update)
  update(@Payload() m: ById) {
    return this.webhooks.update(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.remove)
  remove(@Payload() m: ById) {
    return this.webhooks.remove(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.rotate)
  rotate(@Payload() m: ById) {
    return this.webhooks.rotate(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.enable)
  enable(@Payload() m: ById) {
    return this.webhooks.enable(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.disable)
  disable(@Payload() m: ById) {
    return this.webhooks.disable(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.test)
  test(@Payload() m: ById) {
    return this.webhooks.test(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.deliveries)
  deliveries(@Payload() m: ById) {
    return this.webhooks.deliveries(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.delivery)
  delivery(@Payload() m: ById) {
    return this.webhooks.delivery(m.ctx, m.data);
  }

  @Roles(...WEBHOOK_MANAGERS)
  @MessagePattern(WebhookSubjects.redeliver)
  redeliver(@Payload() m: ById) {
    return this.webhooks.redeliver(m.ctx, m.data);
  }
}
