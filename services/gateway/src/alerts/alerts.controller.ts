import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ALERTS_LIST,
  AlertsSubjects,
  alertCriteriaInput,
  alertInput,
  parseBody,
  Role,
  type AlertDto,
  type AlertMailDto,
  type AlertMatchCount,
  type AlertTestSendResult,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { firstRow, ListQuery, listRequest, sendListPage } from '../http/list-query';

type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});
const FORM = { type: 'object', required: ['kind', 'title'], description: 'The alert form (alertInput, libs/contracts/src/alerts)' };

/**
 * My VIP and My DOC (spec §2, §3 Alert, §6): the caller's alerts ("Hello", react-admin resource
 * `alerts`), their form, the live matching count of the form, a test send and the mails sent.
 * ALERT_USER for all; informing the final recipient needs VIP Premium, a custom subject its right.
 */
@ApiTags('alerts')
@ApiBearerAuth()
@Controller('alerts')
export class AlertsController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ALERT_USER)
  @Get()
  @ApiOperation({
    summary: 'Hello: the caller’s alerts (everyone’s for ADMIN); filter screen = vip | doc, kind, frequency, enabled, q, depositor',
  })
  async list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, ALERTS_LIST, query);
    const page = await this.bus.request<ListPage<AlertDto>>(AlertsSubjects.list, ctx, request);
    return sendListPage('alerts', res, page, firstRow(request));
  }

  @Roles(Role.ALERT_USER)
  @Post('match-count')
  @HttpCode(200)
  @ApiOperation({ summary: 'How many orders of the last 3 months match the criteria (depositors outside the scope: unknownCode)' })
  @ApiBody({ schema: { type: 'object', description: 'The criteria of the form (alertCriteriaInput)' } })
  matchCount(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(alertCriteriaInput, body);
    return this.bus.request<AlertMatchCount>(AlertsSubjects.matchCount, ctx, object(body));
  }

  @Roles(Role.ALERT_USER)
  @Get(':id')
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AlertDto>(AlertsSubjects.get, ctx, { id });
  }

  @Roles(Role.ALERT_USER)
  @Post()
  @ApiOperation({ summary: 'A new alert; 403 vipPremiumRequired or customSubjectRequired without the right' })
  @ApiBody({ schema: FORM })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(alertInput, body);
    return this.bus.request<AlertDto>(AlertsSubjects.create, ctx, object(body));
  }

  @Roles(Role.ALERT_USER)
  @Put(':id')
  @ApiOperation({ summary: 'Edits an alert (the whole form)' })
  @ApiBody({ schema: FORM })
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<AlertDto>(AlertsSubjects.update, ctx, { id, alert: object(body) });
  }

  @Roles(Role.ALERT_USER)
  @Delete(':id')
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(AlertsSubjects.delete, ctx, { id });
  }

  @Roles(Role.ALERT_USER)
  @Post(':id/test-send')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends the alert now with its current matching orders, to its recipients or to the caller alone' })
  @ApiBody({ schema: { type: 'object', properties: { toSelfOnly: { type: 'boolean' } } } })
  async testSend(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    await this.visible(ctx, id);
    return this.bus.request<AlertTestSendResult>(AlertsSubjects.testSend, ctx, { id, toSelfOnly: object(body).toSelfOnly === true });
  }

  @Roles(Role.ALERT_USER)
  @Get(':id/mails')
  @ApiOperation({ summary: 'The mails the alert sent, newest first (at most 50)' })
  async mails(@Caller() ctx: CallerContext, @Param('id') id: string) {
    await this.visible(ctx, id);
    return this.bus.request<AlertMailDto[]>(AlertsSubjects.mails, ctx, { id });
  }

  /** Another's alert is "not found" before anything is sent or read (the delivery side checks again). */
  private visible(ctx: CallerContext, id: string): Promise<AlertDto> {
    return this.bus.request<AlertDto>(AlertsSubjects.get, ctx, { id });
  }
}
