import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { Role, TrackingSubjects, type CallerContext, type SerialSearchPage } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { decodeListQuery } from '../http/list-query';
import { SerialsQuery } from './tracking.dto';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/** Serial Tracker as the react-admin resource `serials`: the orders, dates and recipients of a serial or lot number. */
@ApiTags('serials')
@ApiBearerAuth()
@Controller('serials')
export class SerialsHttpController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.SERIAL_USER)
  @CountsAsSearch()
  @Get()
  @ApiOperation({
    summary: 'filter={"serial":"…"} or {"lot":"…"} (prefix); at most 200 rows, newest first; Content-Range gives the total of matches',
  })
  async list(@Caller() ctx: CallerContext, @Query() query: SerialsQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const { items: hits, total } = await this.bus.request<SerialSearchPage>(
      TrackingSubjects.serials,
      ctx,
      decodeListQuery(query).filter ?? {},
    );
    // The total counts every match, beyond the rows answered: the web says "the first 200 of N".
    res.header('Content-Range', `serials 0-${Math.max(hits.length - 1, 0)}/${total}`);
    res.header('Access-Control-Expose-Headers', 'Content-Range');
    return hits.map((h, i) => ({ id: `${h.orderId}-${h.serial ?? h.lot ?? i}`, ...h }));
  }
}
