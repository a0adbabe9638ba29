import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  Role,
  TrackingSubjects,
  type CallerContext,
  type DocumentFileDto,
  type OrderSearchPage,
  type OrderSummaryDto,
  type TracerStatusCountsDto,
} from '@portal/contracts';
import { FileStorage } from '@portal/files';
import type { FastifyReply } from 'fastify';
import JSZip from 'jszip';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { sendOrderPage } from './orders.controller';
import {
  CarrierInfoBody,
  MarkDeliveredBody,
  OrderIdsBody,
  OrdersQuery,
  searchRequest,
  TracerEventBody,
  TracerStatusBody,
} from './tracking.dto';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/** Tracer Route (spec §2): deliveries by Tracer Route status, status change, carrier information, bulk POD actions. */
@ApiTags('tracerroute')
@ApiBearerAuth()
@Controller('tracerroute')
export class TracerRouteHttpController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
  ) {}

  @Roles(Role.TRACERROUTE_USER)
  @CountsAsSearch()
  @Get()
  @ApiOperation({
    summary: 'Deliveries, same filter as /orders plus tracerStatus (LATE: open deliveries past their promised date); cursor pages',
  })
  async list(
    @Caller() ctx: CallerContext,
    @Query() query: OrdersQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<OrderSummaryDto[]> {
    return sendOrderPage(
      'tracerroute',
      res,
      await this.bus.request<OrderSearchPage>(TrackingSubjects.searchOrders, ctx, await searchRequest(this.bus, ctx, query)),
    );
  }

  @Roles(Role.TRACERROUTE_USER)
  @Get('counts')
  @ApiOperation({ summary: "Tab counts: the deliveries of the same filter in each Tracer Route status, within the caller's depositors" })
  async counts(@Caller() ctx: CallerContext, @Query() query: OrdersQuery): Promise<TracerStatusCountsDto> {
    return this.bus.request<TracerStatusCountsDto>(TrackingSubjects.tracerCounts, ctx, await searchRequest(this.bus, ctx, query));
  }

  @Roles(Role.TRACERROUTE_USER)
  @Put(':id/status')
  @ApiOperation({ summary: 'Manual Tracer Route status (not LATE, which is computed); 409 statusUpdateImpossible before shipping' })
  setStatus(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: TracerStatusBody) {
    return this.bus.request<{ ok: true }>(TrackingSubjects.tracerSetStatus, ctx, { ...body, id });
  }

  @Roles(Role.TRACERROUTE_USER)
  @Post(':id/events')
  @ApiOperation({ summary: 'A Tracer Route event: type, carrier, appointment and event dates, public and private notes' })
  addEvent(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: TracerEventBody) {
    return this.bus.request<{ id: number }>(TrackingSubjects.tracerAddEvent, ctx, { ...body, id });
  }

  @Roles(Role.TRACERROUTE_USER)
  @Put(':id/carrier')
  @ApiOperation({ summary: 'Carrier information entered by hand (carrier, tracking number)' })
  carrierInfo(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: CarrierInfoBody) {
    return this.bus.request<{ ok: true }>(TrackingSubjects.tracerCarrierInfo, ctx, { ...body, id });
  }

  @Roles(Role.USER_BULK_POD)
  @Post('pods/zip')
  @HttpCode(200)
  @ApiOperation({ summary: 'The PODs of several deliveries as one zip archive (USER_BULK_POD); 404 documentNotFound when none' })
  async podsZip(@Caller() ctx: CallerContext, @Body() body: OrderIdsBody) {
    const pods = await this.bus.request<(DocumentFileDto & { reference: string })[]>(TrackingSubjects.tracerPodFiles, ctx, {
      ids: body.ids,
    });
    const zip = new JSZip();
    const used = new Set<string>();
    for (const pod of pods) {
      let name = `${pod.reference}/${pod.name}`;
      for (let n = 2; used.has(name); n++) name = `${pod.reference}/${n}-${pod.name}`;
      used.add(name);
      zip.file(name, await this.files.read(pod.key));
    }
    return new StreamableFile(new Readable().wrap(zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true })), {
      type: 'application/zip',
      disposition: attachment(`pods-${new Date().toISOString().slice(0, 10)}.zip`),
    });
  }

  @Roles(Role.USER_BULK_POD)
  @Post('delivered')
  @HttpCode(200)
  @ApiOperation({ summary: 'Marks several deliveries delivered: { updated: ids, failed: [{ id, key }] }' })
  markDelivered(@Caller() ctx: CallerContext, @Body() body: MarkDeliveredBody) {
    return this.bus.request(TrackingSubjects.tracerMarkDelivered, ctx, body);
  }
}
