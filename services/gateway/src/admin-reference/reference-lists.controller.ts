import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_ACTIVITIES_LIST,
  ADMIN_DEPOSITORS_LIST,
  ADMIN_PLATFORMS_LIST,
  ADMIN_STORES_LIST,
  activityInput,
  AdminReferenceSubjects as S,
  depositorInput,
  parseBody,
  platformInput,
  Role,
  storeInput,
  type AdminActivityDto,
  type AdminDepositorDto,
  type AdminPlatformDto,
  type AdminStoreDto,
  type CallerContext,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller';
import { ListQuery } from '../http/list-query';
import { listOf, object, type Json } from './admin-reference.dto';

/**
 * The back office's depositors (ADMIN_DEPOSITOR: code unique, label, action_delay_on_address) and
 * the provider's lists (ADMIN_LIST: platforms, activities and stores, codes unique per depositor), in
 * the administrator's reach: a depositor's administrator works on their own depositors' rows only
 * (another's answers 404) and reads the shared platforms without changing them (403).
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
export class ReferenceListsController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_DEPOSITOR)
  @Get('depositors')
  @ApiOperation({ summary: 'The depositors in the caller’s reach, with counts of activities and stores; filter q (code or label)' })
  depositors(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminDepositorDto>(this.bus, ctx, ADMIN_DEPOSITORS_LIST, S.depositorsList, query, res);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Get('depositors/:id')
  @ApiOperation({ summary: 'A depositor in the caller’s reach; 404 objectNotFound otherwise' })
  depositor(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminDepositorDto>(S.depositorGet, ctx, { id });
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Post('depositors')
  @ApiOperation({
    summary:
      'Creates a depositor: code (A-Z, 0-9, - and _), label, action_delay_on_address; 409 depositorCodeAlreadyExists; 403 permissionDenied to a depositor’s administrator',
  })
  createDepositor(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(depositorInput, body);
    return this.bus.request<AdminDepositorDto>(S.depositorCreate, ctx, body);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @Put('depositors/:id')
  @ApiOperation({ summary: 'Edits a depositor in the caller’s reach (404 objectNotFound otherwise); 409 depositorCodeAlreadyExists' })
  updateDepositor(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(depositorInput, object(body));
    return this.bus.request<AdminDepositorDto>(S.depositorUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_LIST)
  @Get('platforms')
  @ApiOperation({ summary: 'The provider’s platforms with their count of stores; filter q (code, label or town)' })
  platforms(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminPlatformDto>(this.bus, ctx, ADMIN_PLATFORMS_LIST, S.platformsList, query, res);
  }

  @Roles(Role.ADMIN_LIST)
  @Get('platforms/:id')
  @ApiOperation({ summary: 'A platform' })
  platform(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminPlatformDto>(S.platformGet, ctx, { id });
  }

  @Roles(Role.ADMIN_LIST)
  @Post('platforms')
  @ApiOperation({
    summary: 'Creates a platform: code, label, town; 409 platformCodeAlreadyExists; 403 permissionDenied to a depositor’s administrator',
  })
  createPlatform(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(platformInput, body);
    return this.bus.request<AdminPlatformDto>(S.platformCreate, ctx, body);
  }

  @Roles(Role.ADMIN_LIST)
  @Put('platforms/:id')
  @ApiOperation({ summary: 'Edits a platform; 409 platformCodeAlreadyExists; 403 permissionDenied to a depositor’s administrator' })
  updatePlatform(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(platformInput, object(body));
    return this.bus.request<AdminPlatformDto>(S.platformUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_LIST)
  @Delete('platforms/:id')
  @ApiOperation({
    summary: 'Deletes a platform without stores; 409 platformInUse otherwise; 403 permissionDenied to a depositor’s administrator',
  })
  deletePlatform(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.platformDelete, ctx, { id });
  }

  @Roles(Role.ADMIN_LIST)
  @Get('activities')
  @ApiOperation({ summary: 'The activities of the depositors in the caller’s reach; filter q, depositorId' })
  activities(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminActivityDto>(this.bus, ctx, ADMIN_ACTIVITIES_LIST, S.activitiesList, query, res);
  }

  @Roles(Role.ADMIN_LIST)
  @Get('activities/:id')
  @ApiOperation({ summary: 'An activity' })
  activity(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminActivityDto>(S.activityGet, ctx, { id });
  }

  @Roles(Role.ADMIN_LIST)
  @Post('activities')
  @ApiOperation({
    summary:
      'Creates an activity of a depositor in the caller’s reach (else 400 depositorId unknownCode); 409 activityCodeAlreadyExists (per depositor)',
  })
  createActivity(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(activityInput, body);
    return this.bus.request<AdminActivityDto>(S.activityCreate, ctx, body);
  }

  @Roles(Role.ADMIN_LIST)
  @Put('activities/:id')
  @ApiOperation({ summary: 'Edits an activity; 409 activityCodeAlreadyExists' })
  updateActivity(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(activityInput, object(body));
    return this.bus.request<AdminActivityDto>(S.activityUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_LIST)
  @Delete('activities/:id')
  @ApiOperation({ summary: 'Deletes an activity' })
  deleteActivity(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.activityDelete, ctx, { id });
  }

  @Roles(Role.ADMIN_LIST)
  @Get('stores')
  @ApiOperation({ summary: 'The stores of the depositors in the caller’s reach; filter q, depositorId, platformId' })
  stores(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminStoreDto>(this.bus, ctx, ADMIN_STORES_LIST, S.storesList, query, res);
  }

  @Roles(Role.ADMIN_LIST)
  @Get('stores/:id')
  @ApiOperation({ summary: 'A store' })
  store(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminStoreDto>(S.storeGet, ctx, { id });
  }

  @Roles(Role.ADMIN_LIST)
  @Post('stores')
  @ApiOperation({
    summary:
      'Creates a store of a depositor in the caller’s reach (else 400 depositorId unknownCode), optionally on a platform; 409 storeCodeAlreadyExists (per depositor)',
  })
  createStore(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(storeInput, body);
    return this.bus.request<AdminStoreDto>(S.storeCreate, ctx, body);
  }

  @Roles(Role.ADMIN_LIST)
  @Put('stores/:id')
  @ApiOperation({ summary: 'Edits a store; 409 storeCodeAlreadyExists' })
  updateStore(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(storeInput, object(body));
    return this.bus.request<AdminStoreDto>(S.storeUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_LIST)
  @Delete('stores/:id')
  @ApiOperation({ summary: 'Deletes a store' })
  deleteStore(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(S.storeDelete, ctx, { id });
  }
}
