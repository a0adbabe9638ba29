import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_ANNOUNCEMENTS_LIST,
  AdminReferenceSubjects as S,
  announcementInput,
  parseBody,
  Role,
  type AdminAnnouncementDto,
  type CallerContext,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { ListQuery } from '../http/list-query';
import { listOf, object, type Json } from './admin-reference.dto';

/** Announcements in the back office (ADMIN_ANNOUNCEMENT): message per language, type, priority, timeout, lifetime range, audience. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/announcements')
export class AnnouncementsController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @Get()
  @ApiOperation({ summary: 'Every announcement with its state (live, future, ended); filter type, state' })
  list(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminAnnouncementDto>(this.bus, ctx, ADMIN_ANNOUNCEMENTS_LIST, S.announcementsList, query, res);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @Get(':id')
  @ApiOperation({ summary: 'An announcement' })
  get(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminAnnouncementDto>(S.announcementGet, ctx, { id });
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @Post()
  @ApiOperation({
    summary: 'Creates an announcement: message { fr (required), en, es, it, de }, type, timeout (ms), priority, startsAt, endsAt, roles',
  })
  create(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(announcementInput, body);
    return this.bus.request<AdminAnnouncementDto>(S.announcementCreate, ctx, body);
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @Put(':id')
  @ApiOperation({ summary: 'Edits an announcement' })
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(announcementInput, object(body));
    return this.bus.request<AdminAnnouncementDto>(S.announcementUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_ANNOUNCEMENT)
  @Delete(':id')
  @ApiOperation({ summary: 'Deletes an announcement' })
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.announcementDelete, ctx, { id });
  }
}
