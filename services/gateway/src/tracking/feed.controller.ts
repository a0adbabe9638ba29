import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineClient } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AppError, CARRIER_SIGNATURE_HEADER, TrackingSubjects, type CallerContext, type FeedResultDto } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';

/**
 * The warehouse system's order feed: each order `{ reference, depositorId, depositorCode, createdAt,
 * customerReference?, …, lines?, parcels?, documents?, statuses? }` is upserted by depositor and
 * reference; a replayed message changes nothing. Absent fields keep their stored value.
 */
@ApiTags('feed')
@ApiHeader({ name: 'X-Api-Key', description: 'API key of kind warehouse, bound to depositors', required: true })
@MachineClient('warehouse')
@Controller('feed/tracking')
export class TrackingFeedController {
  constructor(private readonly bus: BusClient) {}

  @Post('orders')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One order: { applied, unchanged, rejected }; 400 validationFailed with fields, 404 outside the key’s depositors',
  })
  @ApiBody({ schema: { type: 'object', required: ['reference', 'depositorId', 'depositorCode', 'createdAt'] } })
  one(@Caller() ctx: CallerContext, @Body() body: object) {
    return this.bus.request<FeedResultDto>(TrackingSubjects.feedOrder, ctx, body, 30_000);
  }

  @Post('orders/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary: '{ orders: [...] } up to 5,000 per call (and 5 MB): { applied, unchanged, rejected: [{ index, reference, key, fields }] }',
  })
  @ApiBody({ schema: { type: 'object', required: ['orders'] } })
  bulk(@Caller() ctx: CallerContext, @Body() body: object) {
    return this.bus.request<FeedResultDto>(TrackingSubjects.feedOrders, ctx, body, 120_000);
  }
}

/**
 * Carrier webhooks: `X-Api-Key` (kind carrier) and `X-Signature: sha256=<hex HMAC-SHA256 of the raw
 * body with the carrier's secret>`. Body `{ events: [{ id, trackingNumber, status?, eventType?, at,
 * appointmentAt?, note? }] }`; all or nothing.
 */
@ApiTags('feed')
@ApiHeader({ name: 'X-Api-Key', description: 'API key of kind carrier', required: true })
@ApiHeader({ name: 'X-Signature', description: 'sha256=<hex HMAC-SHA256 of the raw body>', required: true })
@MachineClient('carrier')
@Controller('webhooks/carriers')
export class CarrierWebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Post(':carrier')
  @HttpCode(200)
  @ApiOperation({
    summary: '{ received, applied }; 401 invalidSignature, 400 malformedWebhook, 422 unknownTrackingNumber, 404 unknownCarrier',
  })
  receive(@Caller() ctx: CallerContext, @Param('carrier') carrier: string, @Req() req: FastifyRequest & { rawBody?: Buffer }) {
    if (!req.rawBody) throw new AppError('malformedWebhook', 'no body');
    const signature = String(req.headers[CARRIER_SIGNATURE_HEADER] ?? '');
    return this.bus.request<{ received: number; applied: number }>(TrackingSubjects.carrierWebhook, ctx, {
      carrier,
      signature,
      body: req.rawBody.toString('utf8'),
    });
  }
}
