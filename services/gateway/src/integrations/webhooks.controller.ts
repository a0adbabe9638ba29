import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOG_PAGE,
  WEBHOOK_MANAGERS,
  WebhookSubjects,
  type CallerContext,
  type WebhookDeliveryDetailDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryPage,
  type WebhookEndpointDto,
  type WebhookSecretDto,
} from '@portal/contracts';
import { Caller } from '../http/caller';

const ENDPOINT_BODY = {
  schema: {
    type: 'object',
    required: ['url', 'depositorIds', 'eventTypes'],
    properties: {
      url: { type: 'string', maxLength: 2000, description: 'https (plain http only to the hosts the provider allows)' },
      description: { type: 'string', maxLength: 200 },
      depositorIds: { type: 'array', items: { type: 'integer' } },
      eventTypes: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } },
    },
    example: {
      url: 'https://erp.example.com/hooks/portal',
      description: 'ERP DEMO-A',
      depositorIds: [1],
      eventTypes: ['order.status_changed', 'order.delivered'],
    },
  },
};
const REFUSALS =
  '400 validationFailed, webhookHttpsRequired (not https) or webhookAddressRefused (an internal address), 403 permissionDenied for a depositor beyond the caller';

/**
 * Settings > Intégrations, webhooks (issue 35 item 2): the signed webhook endpoints of the caller's
 * depositors and their delivery log, answered by the alerts service. An endpoint beyond the caller's
 * reach is 404 objectNotFound on every route.
 */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('settings/webhooks')
export class WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Roles(...WEBHOOK_MANAGERS)
  @Get()
  @ApiOperation({ summary: 'The webhook endpoints of the depositors the caller administers, newest first; never their secret' })
  list(@Caller() ctx: CallerContext) {
    return this.bus.request<WebhookEndpointDto[]>(WebhookSubjects.list, ctx, {});
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post()
  @ApiOperation({ summary: `Subscribes an endpoint; its secret (whsec_…) is in this answer only. ${REFUSALS}, 409 webhookEndpointLimit` })
  @ApiBody(ENDPOINT_BODY)
  create(@Caller() ctx: CallerContext, @Body() body: unknown) {
    return this.bus.request<WebhookSecretDto>(WebhookSubjects.create, ctx, body ?? {});
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Put(':id')
  @ApiOperation({ summary: `Changes an endpoint's address, description, depositors and events. ${REFUSALS}` })
  @ApiBody(ENDPOINT_BODY)
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: unknown) {
    return this.bus.request<WebhookEndpointDto>(WebhookSubjects.update, ctx, { id, body: body ?? {} });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes an endpoint and its delivery log' })
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<WebhookEndpointDto>(WebhookSubjects.remove, ctx, { id });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post(':id/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new secret, in this answer only; the previous one keeps signing beside it for 24 hours' })
  rotate(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<WebhookSecretDto>(WebhookSubjects.rotate, ctx, { id });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enables an endpoint again (one disabled by hand or after a day of failures); its waiting deliveries resume' })
  enable(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<WebhookEndpointDto>(WebhookSubjects.enable, ctx, { id });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables an endpoint: events are no longer queued for it, waiting deliveries stay' })
  disable(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<WebhookEndpointDto>(WebhookSubjects.disable, ctx, { id });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queues a webhook.test message to the endpoint, signed and logged like the others' })
  test(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<WebhookDeliveryDto>(WebhookSubjects.test, ctx, { id });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Get(':id/deliveries')
  @ApiOperation({
    summary: `The endpoint's deliveries, newest first, ${WEBHOOK_LOG_PAGE} a page; \`next\` is the cursor of the older page`,
  })
  @ApiQuery({ name: 'status', required: false, enum: ['pending', 'delivered', 'failed'] })
  @ApiQuery({ name: 'before', required: false, description: 'The `next` of the previous page' })
  deliveries(@Caller() ctx: CallerContext, @Param('id') id: string, @Query('status') status?: string, @Query('before') before?: string) {
    return this.bus.request<WebhookDeliveryPage>(WebhookSubjects.deliveries, ctx, { id, status, before });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Get(':id/deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery: its payload and every attempt (status, duration, excerpt of the answer)' })
  delivery(@Caller() ctx: CallerContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.bus.request<WebhookDeliveryDetailDto>(WebhookSubjects.delivery, ctx, { id, deliveryId });
  }

  @Roles(...WEBHOOK_MANAGERS)
  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @ApiOperation({ summary: '"Renvoyer": one more attempt now, even of a delivered message (same webhook-id)' })
  redeliver(@Caller() ctx: CallerContext, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.bus.request<WebhookDeliveryDto>(WebhookSubjects.redeliver, ctx, { id, deliveryId });
  }
}
