import { Controller, Get, Module, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AUDIT_LIST, AuditSubjects, Role, type AuditEntryDto, type CallerContext, type ListPage } from '@portal/contracts';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { firstRow, listRequest, ListQuery, sendListPage } from '../http/list-query';

export class AuditListQuery extends ListQuery {
  @ApiPropertyOptional({
    description:
      'JSON object. Keys: service, entity, entityId, action, actor (login prefix), depositor, from, to (days in the user’s time zone, or instants)',
    example: '{"entity":"alert"}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  override filter?: string = undefined;
}

/**
 * The audit trail: every change by any user in any service, with who, when, before and after
 * (the provider's administrators), and the changes a user's colleagues made to their depositors'
 * data (Settings).
 */
@ApiTags('audit')
@ApiBearerAuth()
@Controller()
export class AuditController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_LOGS)
  @Get('admin/audit')
  @ApiOperation({ summary: 'Every change in the scope (who, when, what, before and after), newest first; keyset pages' })
  async list(@Caller() ctx: CallerContext, @Query() query: AuditListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, AUDIT_LIST, query);
    const page = await this.bus.request<ListPage<AuditEntryDto>>(AuditSubjects.list, ctx, request);
    return sendListPage('audit', res, page, firstRow(request));
  }

  @Get('settings/activity')
  @ApiOperation({ summary: "The changes the caller's colleagues made to their depositors' data, newest first" })
  async colleagues(@Caller() ctx: CallerContext, @Query() query: AuditListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, AUDIT_LIST, query);
    const page = await this.bus.request<ListPage<AuditEntryDto>>(AuditSubjects.colleagues, ctx, request);
    return sendListPage('audit', res, page, firstRow(request));
  }
}

@Module({ controllers: [AuditController] })
export class AuditHttpModule {}
