import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  ADMIN_CARRIERS_LIST,
  ADMIN_TOURS_LIST,
  carrierAccountInput,
  CarrierAccountSubjects,
  CarrierHealthSubjects,
  type CarrierHealthDto,
  CONNECTION_TEST_TIMEOUT_MS,
  carrierInput,
  parseBody,
  Role,
  tourInput,
  TransportAdminSubjects as S,
  type AdminCarrierDto,
  type AdminTourDto,
  type CallerContext,
  type CarrierAccountDto,
  type ConnectionTestDto,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { listOf, object, type Json } from '../admin-reference/admin-reference.dto';
import { Caller } from '../http/caller';
import { ListQuery } from '../http/list-query';

/**
 * The transport plan's back office (spec §2 admin pages, §3 Tour and Carrier), answered by Huby: the
 * provider's carriers (ADMIN_CARRIER), shared by every depositor, read by a depositor's own
 * administrator and changed only by one who reaches every depositor (403 permissionDenied); the
 * depositors' tours (ADMIN_TOUR) in the administrator's reach (another depositor's answers 404).
 * Neither is deleted: `active` false deactivates. Every change is in the audit trail.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/transport')
export class TransportAdminController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.ADMIN_CARRIER, Role.ADMIN_TOUR)
  @Get('carriers')
  @ApiOperation({
    summary:
      'The provider’s carriers with their count of tours (also to ADMIN_TOUR, to choose a tour’s carrier); filter q (ref or name), kind, active',
  })
  carriers(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminCarrierDto>(this.bus, ctx, ADMIN_CARRIERS_LIST, S.carriersList, query, res);
  }

  @Roles(Role.ADMIN_CARRIER)
  @Get('carriers/:id')
  @ApiOperation({ summary: 'A carrier with its rules and settings; 404 objectNotFound' })
  carrier(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminCarrierDto>(S.carrierGet, ctx, { id });
  }

  @Roles(Role.ADMIN_CARRIER)
  @Post('carriers')
  @ApiOperation({
    summary:
      'Creates a carrier: ref, name, kind, shipping window, insurance threshold, pickup e-mail, settings, active; 409 carrierRefAlreadyExists; 403 permissionDenied to a depositor’s administrator',
  })
  createCarrier(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(carrierInput, body);
    return this.bus.request<AdminCarrierDto>(S.carrierCreate, ctx, body);
  }

  @Roles(Role.ADMIN_CARRIER)
  @Put('carriers/:id')
  @ApiOperation({
    summary: 'Edits or deactivates a carrier; 409 carrierRefAlreadyExists; 403 permissionDenied to a depositor’s administrator',
  })
  updateCarrier(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(carrierInput, object(body));
    return this.bus.request<AdminCarrierDto>(S.carrierUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_TOUR)
  @Get('tours')
  @ApiOperation({ summary: 'The tours of the depositors in the caller’s reach; filter q, depositorId, carrierId, tourType, active' })
  tours(@Caller() ctx: CallerContext, @Query() query: ListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    return listOf<AdminTourDto>(this.bus, ctx, ADMIN_TOURS_LIST, S.toursList, query, res);
  }

  @Roles(Role.ADMIN_TOUR)
  @Get('tours/:id')
  @ApiOperation({ summary: 'A tour in the caller’s reach with every spec §3 field; 404 objectNotFound otherwise' })
  tour(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<AdminTourDto>(S.tourGet, ctx, { id });
  }

  @Roles(Role.ADMIN_TOUR)
  @Post('tours')
  @ApiOperation({
    summary:
      'Creates a tour: depositor, code, carrier, account number, transport code, type, mode, the 13 flags, limits, general codes; 409 tourCodeAlreadyExists; 400 validationFailed (unknownCode for a depositor outside the reach or an unknown carrier)',
  })
  createTour(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(tourInput, body);
    return this.bus.request<AdminTourDto>(S.tourCreate, ctx, body);
  }

  @Roles(Role.ADMIN_TOUR)
  @Put('tours/:id')
  @ApiOperation({ summary: 'Edits or deactivates a tour in the caller’s reach (404 objectNotFound otherwise); 409 tourCodeAlreadyExists' })
  updateTour(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(tourInput, object(body));
    return this.bus.request<AdminTourDto>(S.tourUpdate, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_CARRIER)
  @Get('tours/:id/account')
  @ApiOperation({
    summary:
      'The tour’s carrier account: connector, environment, contract data, and which credentials are set (never their values); 403 permissionDenied to a depositor’s administrator',
  })
  account(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<CarrierAccountDto>(CarrierAccountSubjects.get, ctx, { id });
  }

  @Roles(Role.ADMIN_CARRIER)
  @Put('tours/:id/account')
  @ApiOperation({
    summary:
      'Saves the tour’s carrier account; credentials are write-only (absent or empty: kept, null: removed), sealed with AES-256-GCM; 400 validationFailed names what the connector still needs',
  })
  saveAccount(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    parseBody(carrierAccountInput, object(body));
    return this.bus.request<CarrierAccountDto>(CarrierAccountSubjects.save, ctx, { id, values: object(body) });
  }

  @Roles(Role.ADMIN_CARRIER)
  @Get('carrier-health')
  @ApiOperation({
    summary:
      'Per tour with a carrier account: its connector’s calls over the last hour (count, share answered, p95 time), circuit state, last outage and last refusal, as the Huby service measured them; 403 permissionDenied to a depositor’s administrator',
  })
  carrierHealth(@Caller() ctx: CallerContext) {
    return this.bus.request<CarrierHealthDto[]>(CarrierHealthSubjects.list, ctx, {});
  }

  @Roles(Role.ADMIN_CARRIER)
  @Post('tours/:id/account/test')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Tests the saved account against the carrier (its authentication or a harmless read): ok, or the failure (authRefused, unreachable, timeout, unexpectedAnswer, incomplete) with the carrier’s code and message',
  })
  testAccount(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<ConnectionTestDto>(CarrierAccountSubjects.test, ctx, { id }, CONNECTION_TEST_TIMEOUT_MS + 2_000);
  }
}
