import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_LOGS_LIST,
  AdminReferenceSubjects as S,
  logAcknowledgeInput,
  parseBody,
  Role,
  type AdminLogDto,
  type CallerContext,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { ListQuery } from '../http/list-query';
import { listOf, type Json } from './admin-reference.dto';

/** The back office's logs (ADMIN_LOGS): severity, module, first and last occurrence, counter, acknowledgement. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/logs')
export class LogsController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_LOGS)
  @Get()
  @ApiOperation({
    summary:
      'Logs, last occurrence first; filter severity, module, q (message), acknowledged, lastFrom, lastTo (none to a depositor’s administrator: logs name no depositor)',
  })
  list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminLogDto>(this.bus, ctx, ADMIN_LOGS_LIST, S.logsList, query, res);
  }

  @Roles(Role.ADMIN_LOGS)
  @Post('acknowledge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Acknowledges logs { ids, comment } with the caller’s name and the date: { acknowledged: ids }' })
  acknowledge(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(logAcknowledgeInput, body);
    return this.bus.request<{ acknowledged: string[] }>(S.logsAcknowledge, ctx, body);
  }

  @Roles(Role.ADMIN_LOGS)
  @Get(':id')
  @ApiOperation({ summary: 'A log' })
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminLogDto>(S.logGet, ctx, { id });
  }
}
