import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MachineClient } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { StockSubjects, type CallerContext, type FeedResult } from '@portal/contracts';
import { Caller } from '../http/caller';

/** A whole platform snapshot (50,000 lines) takes seconds: the default bus timeout would answer 503 mid-way. */
const FEED_TIMEOUT_MS = Number(process.env.FEED_TIMEOUT_MS ?? 120_000);

const KEY_HEADER = {
  name: 'X-Api-Key',
  description: 'API key of kind warehouse, bound to depositors (and optionally platforms)',
  required: true,
};

/**
 * The provider's warehouse system feeds My Stocks and My Items. Every answer is per line:
 * `{ accepted, duplicates?, refused: [{ line (0-based), key, field? }] }`; a line outside the key's
 * depositors or platforms is refused with depositorNotAllowed / platformNotAllowed.
 */
@ApiTags('feed')
@ApiHeader(KEY_HEADER)
@MachineClient('warehouse')
@Controller('feed/stock')
export class StockFeedController {
  constructor(private readonly bus: BusClient) {}

  @Post('snapshot')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The whole stock of one depositor on one platform, replacing the previous one atomically: { depositorId, platformId, takenAt?, lines: [...] } (at most 50,000 lines)',
  })
  @ApiBody({ schema: { type: 'object', required: ['depositorId', 'platformId', 'lines'] } })
  snapshot(@Caller() ctx: CallerContext, @Body() body: object) {
    return this.bus.request<FeedResult>(StockSubjects.feedSnapshot, ctx, body, FEED_TIMEOUT_MS);
  }

  @Post('movements')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Movements { movements: [{ id, depositorId, platformId, reference, movedAt, type, quantity, … }] }, idempotent by id',
  })
  @ApiBody({ schema: { type: 'object', required: ['movements'] } })
  movements(@Caller() ctx: CallerContext, @Body() body: object) {
    return this.bus.request<FeedResult>(StockSubjects.feedMovements, ctx, body, FEED_TIMEOUT_MS);
  }

  @Post('items')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Item sheets { items: [{ depositorId, reference, label, …, variants: { unit, box, carton, pallet } }] }, upserted',
  })
  @ApiBody({ schema: { type: 'object', required: ['items'] } })
  items(@Caller() ctx: CallerContext, @Body() body: object) {
    return this.bus.request<FeedResult>(StockSubjects.feedItems, ctx, body, FEED_TIMEOUT_MS);
  }
}
