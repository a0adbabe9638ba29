import type { Provider } from '@nestjs/common';
import { WebhookAddressGuard } from './webhook-address';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookQueue } from './webhook-queue';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Signed webhooks (issue 35 item 2): wired into the alerts service's module. */
export const WEBHOOK_CONTROLLERS = [WebhooksController, WebhookEventsConsumer];

export const WEBHOOK_PROVIDERS: Provider[] = [
  { provide: WebhookSecrets, useFactory: () => new WebhookSecrets() },
  WebhookAddressGuard,
  WebhookSender,
  WebhookQueue,
  WebhooksService,
];
