import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  FEVER_EXCURSIONS_LIST,
  FeverSubjects,
  Role,
  type CallerContext,
  type FeverExcursionDto,
  type FeverExcursionsRequest,
  type ListPage,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { firstRow, ListQuery, listRequest, sendListPage } from '../http/list-query';

/** A probe's excursions outside its zone's thresholds (its page): FEVER_USER or ADMIN_SONDE of its depositors. */
@ApiTags('fever')
@ApiBearerAuth()
@Controller('fever/probes')
export class FeverExcursionsController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @Get(':id/excursions')
  @ApiOperation({ summary: 'Excursions of a probe (start, end, duration, peak); filter kind, ongoing, startedFrom, startedTo' })
  async list(
    @Caller() ctx: CallerContext,
    @Param('id') id: string,
    @Query() query: ListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const list = await listRequest(this.bus, ctx, FEVER_EXCURSIONS_LIST, query);
    const page = await this.bus.request<ListPage<FeverExcursionDto>, FeverExcursionsRequest>(FeverSubjects.excursionsList, ctx, {
      probeId: id,
      list,
    });
    return sendListPage(FEVER_EXCURSIONS_LIST.resource, res, page, firstRow(list));
  }
}
