import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineClient } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AppError, FEVER_MAX_BATCH, FeverSubjects, type CallerContext, type FeverIngestResult } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { Caller } from '../http/caller';

/** A batch crosses the bus in one message (NATS: 1 MB); FEVER_MAX_BATCH readings take about half of it. */
export const FEVER_READINGS_MAX_BYTES = 1_000_000;

/**
 * Probe gateways over HTTP (issue 16): `X-Api-Key` of kind probe, bound to depositors (and
 * platforms); body `{ readings: [{ mac, at, temperature, humidity?, voltage? }] }`. Each reading is
 * stored or refused on its own: probeUnknown, readingOutOfRange, readingBadTimestamp, validationFailed.
 * The MQTT path takes the same batches (services/fever/README.md).
 */
@ApiTags('fever')
@ApiHeader({ name: 'X-Api-Key', description: 'API key of kind probe, bound to depositors', required: true })
@MachineClient('probe')
@Controller('fever/readings')
export class FeverIngestController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: `A batch of at most ${FEVER_MAX_BATCH} readings: { accepted, duplicates, refused: [{ index, key, params }] }; idempotent per probe and instant`,
  })
  @ApiBody({ schema: { type: 'object', required: ['readings'] } })
  ingest(@Caller() ctx: CallerContext, @Body() body: object, @Req() req: FastifyRequest) {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > FEVER_READINGS_MAX_BYTES) throw new AppError('sizeLimitExceeded', 'batch too large', { limit: FEVER_READINGS_MAX_BYTES });
    return this.bus.request<FeverIngestResult>(FeverSubjects.ingest, ctx, body ?? {}, 60_000);
  }
}
