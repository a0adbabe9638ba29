import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import {
  FEVER_PLAN_IMAGE_MAX_BYTES,
  FEVER_PLANS_LIST,
  FEVER_PROBES_LIST,
  FEVER_ZONES_LIST,
  FeverSubjects,
  feverPlanInput,
  feverProbeInput,
  feverZoneInput,
  parseBody,
  Role,
  type CallerContext,
  type DocumentFileDto,
  type FeverGraphDto,
  type FeverPlanDto,
  type FeverProbeDto,
  type FeverZoneDto,
  type ListPage,
} from '@portal/contracts';
import { FileStorage, JPEG, PNG } from '@portal/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExport } from '../exports/exports.dto';
import { ExportsService } from '../exports/exports.service';
import { Caller } from '../http/caller';
import { attachment } from '../http/files';
import { firstRow, listRequest, sendListPage } from '../http/list-query';
import { readRawUpload, withUpload } from '../http/raw-upload';
import { columnsSheet } from '../stock/export-file';
import { FEVER_EXPORT_COLUMNS, FEVER_EXPORT_TITLE, feverReadingPages, type FeverExportQuery } from './export-file';
import { FEVER_BODIES, FeverExportParams, FeverPeriodParams, FeverPlansQuery, FeverProbesQuery, FeverZonesQuery } from './fever.dto';

type Json = Record<string, unknown>;
const object = (body: unknown): Json => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : {});
const READ = [Role.FEVER_USER, Role.ADMIN_SONDE];

/** The plan image upload route: its body reaches the handler as the raw request stream (see useRawUploads). */
export const FEVER_PLAN_IMAGE_UPLOAD = /^\/api\/fever\/plans\/[^/]+\/image$/;

/**
 * Fever (spec §1, §2 temperature graph and 1-year export, §3 Probe, §6 FEVER_USER reads, ADMIN_SONDE
 * manages, §8 temperature export impossible, §9 ranges): zones and their thresholds, plans with their
 * image, probes with their live values placed on the plans, a probe's graph and its readings' export.
 */
@ApiTags('fever')
@ApiBearerAuth()
@Controller('fever')
export class FeverController {
  constructor(
    private readonly bus: BusClient,
    private readonly files: FileStorage,
    private readonly exports: ExportsService,
  ) {
    exports.register('fever', (ctx, query) => ({
      title: FEVER_EXPORT_TITLE,
      pages: feverReadingPages(bus, ctx, query as FeverExportQuery),
      sheet: columnsSheet(FEVER_EXPORT_COLUMNS, 'Releves'),
    }));
  }

  @Roles(...READ)
  @Get('zones')
  @ApiOperation({ summary: 'Zones of the platforms (cold rooms, ambient, docks) with their thresholds' })
  async zones(@Caller() ctx: CallerContext, @Query() query: FeverZonesQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, FEVER_ZONES_LIST, query);
    const page = await this.bus.request<ListPage<FeverZoneDto>>(FeverSubjects.zonesList, ctx, request);
    return sendListPage('fever/zones', res, page, firstRow(request));
  }

  @Roles(Role.ADMIN_SONDE)
  @Post('zones')
  @ApiOperation({ summary: 'Creates a zone (409 feverZoneCodeExists when its code is taken on that platform)' })
  @ApiBody({ schema: FEVER_BODIES.zoneCreate })
  createZone(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(feverZoneInput, body);
    return this.bus.request<FeverZoneDto>(FeverSubjects.zoneSave, ctx, { zone: object(body) });
  }

  @Roles(Role.ADMIN_SONDE)
  @Put('zones/:id')
  @ApiOperation({ summary: 'Edits a zone: code, label, thresholds (its depositor and platform stay)' })
  @ApiBody({ schema: FEVER_BODIES.zoneUpdate })
  updateZone(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<FeverZoneDto>(FeverSubjects.zoneSave, ctx, { id, zone: object(body) });
  }

  @Roles(Role.ADMIN_SONDE)
  @Delete('zones/:id')
  @ApiOperation({ summary: 'Deletes a zone without probes (409 feverZoneInUse otherwise)' })
  deleteZone(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(FeverSubjects.zoneDelete, ctx, { id });
  }

  @Roles(...READ)
  @Get('plans')
  @ApiOperation({ summary: 'Plans (an image of a building or a zone, its size in pixels)' })
  async plans(@Caller() ctx: CallerContext, @Query() query: FeverPlansQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, FEVER_PLANS_LIST, query);
    const page = await this.bus.request<ListPage<FeverPlanDto>>(FeverSubjects.plansList, ctx, request);
    return sendListPage('fever/plans', res, page, firstRow(request));
  }

  @Roles(...READ)
  @Get('plans/:id')
  @ApiOperation({ summary: 'A plan' })
  plan(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<FeverPlanDto>(FeverSubjects.planGet, ctx, { id });
  }

  @Roles(Role.ADMIN_SONDE)
  @Post('plans')
  @ApiOperation({ summary: 'Creates a plan (its image is uploaded apart)' })
  @ApiBody({ schema: FEVER_BODIES.planCreate })
  createPlan(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(feverPlanInput, body);
    return this.bus.request<FeverPlanDto>(FeverSubjects.planSave, ctx, { plan: object(body) });
  }

  @Roles(Role.ADMIN_SONDE)
  @Put('plans/:id')
  @ApiOperation({ summary: 'Renames a plan' })
  @ApiBody({ schema: FEVER_BODIES.planUpdate })
  updatePlan(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<FeverPlanDto>(FeverSubjects.planSave, ctx, { id, plan: object(body) });
  }

  @Roles(Role.ADMIN_SONDE)
  @Delete('plans/:id')
  @ApiOperation({ summary: 'Deletes a plan and its image; its probes stay, off any plan' })
  deletePlan(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(FeverSubjects.planDelete, ctx, { id });
  }

  @Roles(Role.ADMIN_SONDE)
  @Post('plans/:id/image')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Uploads the plan’s image (raw body): PNG or JPEG read from the bytes (415 unexpectedFileContent), at most 8 MB (413 sizeLimitExceeded); resized to 2,000 px on its longest side',
  })
  @ApiConsumes('application/octet-stream')
  async uploadImage(@Caller() ctx: CallerContext, @Param('id') id: string, @Req() req: FastifyRequest): Promise<FeverPlanDto> {
    // Another depositor's plan answers 404 before anything is read or stored.
    await this.bus.request<FeverPlanDto>(FeverSubjects.planGet, ctx, { id });
    const bytes = await readRawUpload(req, FEVER_PLAN_IMAGE_MAX_BYTES);
    const stored = await this.files.put(bytes, { folder: 'fever/uploads', maxBytes: FEVER_PLAN_IMAGE_MAX_BYTES, accept: [PNG, JPEG] });
    return withUpload(this.files, stored.key, () => this.bus.request<FeverPlanDto>(FeverSubjects.planImage, ctx, { id, key: stored.key }));
  }

  @Roles(...READ)
  @Get('plans/:id/image')
  @ApiOperation({ summary: 'The plan’s image (PNG or JPEG), 404 while none is uploaded' })
  async image(@Caller() ctx: CallerContext, @Param('id') id: string, @Res({ passthrough: true }) res: FastifyReply) {
    const file = await this.bus.request<DocumentFileDto>(FeverSubjects.planImageFile, ctx, { id });
    res.header('Cache-Control', 'private, max-age=60');
    return new StreamableFile(this.files.stream(file.key), {
      type: file.contentType,
      disposition: attachment(file.name).replace(/^attachment/, 'inline'),
    });
  }

  @Roles(...READ)
  @Get('probes')
  @ApiOperation({ summary: 'Probes with their live values (last reading, 24 h min/max/average, silent, in excursion)' })
  async probes(@Caller() ctx: CallerContext, @Query() query: FeverProbesQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const request = await listRequest(this.bus, ctx, FEVER_PROBES_LIST, query);
    const page = await this.bus.request<ListPage<FeverProbeDto>>(FeverSubjects.probesList, ctx, request);
    return sendListPage('fever/probes', res, page, firstRow(request));
  }

  @Roles(Role.ADMIN_SONDE)
  @Post('probes')
  @ApiOperation({ summary: 'Creates a probe in a zone; MAC normalised (409 probeMacExists when another probe has it)' })
  @ApiBody({ schema: FEVER_BODIES.probe })
  createProbe(@Caller() ctx: CallerContext, @Body() body: Json) {
    parseBody(feverProbeInput, body);
    return this.bus.request<FeverProbeDto>(FeverSubjects.probeSave, ctx, { probe: object(body) });
  }

  @Roles(...READ)
  @Get('probes/:id')
  @ApiOperation({ summary: 'A probe with its live values' })
  probe(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<FeverProbeDto>(FeverSubjects.probeGet, ctx, { id });
  }

  @Roles(Role.ADMIN_SONDE)
  @Put('probes/:id')
  @ApiOperation({ summary: 'Edits a probe (MAC, label, zone); moved to another platform, it leaves its plan' })
  @ApiBody({ schema: FEVER_BODIES.probe })
  updateProbe(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<FeverProbeDto>(FeverSubjects.probeSave, ctx, { id, probe: object(body) });
  }

  @Roles(Role.ADMIN_SONDE)
  @Delete('probes/:id')
  @ApiOperation({ summary: 'Deletes a probe with its readings' })
  deleteProbe(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(FeverSubjects.probeDelete, ctx, { id });
  }

  @Roles(Role.ADMIN_SONDE)
  @Put('probes/:id/place')
  @ApiOperation({
    summary: 'Drag and drop: the probe on a plan of its depositor and platform at x/y fractions (planId null: off the plan)',
  })
  @ApiBody({ schema: FEVER_BODIES.place })
  place(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: Json) {
    return this.bus.request<FeverProbeDto>(FeverSubjects.probePlace, ctx, { id, place: object(body) });
  }

  @Roles(...READ)
  @Get('probes/:id/graph')
  @ApiOperation({
    summary:
      'Temperature graph over a §9 range or from/to in the user’s time zone: every reading up to 7 days, the hourly roll-up beyond; min, max, average and the zone’s thresholds',
  })
  graph(@Caller() ctx: CallerContext, @Param('id') id: string, @Query() query: FeverPeriodParams) {
    return this.bus.request<FeverGraphDto>(FeverSubjects.graph, ctx, { id, range: query.range, from: query.from, to: query.to });
  }

  @Roles(...READ)
  @Get('probes/:id/export')
  @ApiExport(
    'One probe’s readings over at most a year (spec §9) as CSV or XLSX; 422 temperatureExportImpossible with params.reason rangeTooLong or noReadings',
  )
  export(
    @Caller() ctx: CallerContext,
    @Param('id') id: string,
    @Query() query: FeverExportParams,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const stored: FeverExportQuery = { id, range: query.range, from: query.from, to: query.to };
    return this.exports.run(ctx, res, { name: 'fever', query: stored, format: query.format ?? 'csv', dateFormat: query.dateFormat });
  }
}
