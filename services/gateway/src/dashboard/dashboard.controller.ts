import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BusClient } from '@portal/bus';
import {
  AdminSubjects,
  AuthSubjects,
  CHART_SOURCES,
  StockSubjects,
  TrackingSubjects,
  readableChartSource,
  type CallerContext,
  type ChartSourceService,
  type DashboardTileDto,
  type FiguresResponse,
} from '@portal/contracts';
import { Caller } from '../http/caller';
import { CreateTileBody, SaveTilesBody } from './dashboard.dto';
import { DashboardTilesCache } from './tiles-cache';

/** Where each service answers the figures of its chart sources. */
const FIGURES_SUBJECT: Record<ChartSourceService, string> = {
  admin: AdminSubjects.figures,
  tracking: TrackingSubjects.figures,
  stock: StockSubjects.figures,
};

/** Spec §7 dashboard calls, verbatim paths. */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly bus: BusClient,
    private readonly cache: DashboardTilesCache,
  ) {}

  @Get('list')
  @ApiOperation({ summary: "The caller's pinned tiles, in order; tiles of what the caller can no longer open are left out" })
  list(@Caller() ctx: CallerContext) {
    return this.cache.tiles(ctx, () => this.bus.request<DashboardTileDto[]>(AuthSubjects.dashboardList, ctx, {}));
  }

  @Post('list')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Saves order, size and configuration of tiles, all or none; 404 objectNotFound, 403 permissionDenied for a chart source the caller may not read',
  })
  save(@Caller() ctx: CallerContext, @Body() body: SaveTilesBody) {
    return this.cache.changing(ctx, () => this.bus.request<DashboardTileDto[]>(AuthSubjects.dashboardSave, ctx, body));
  }

  @Post('create')
  @ApiOperation({
    summary: 'Pins a tile (default 1x1, appended); 403 permissionDenied for an application, report or chart source the caller may not open',
  })
  create(@Caller() ctx: CallerContext, @Body() body: CreateTileBody) {
    return this.cache.changing(ctx, () => this.bus.request<DashboardTileDto>(AuthSubjects.dashboardCreate, ctx, body));
  }

  @Get('figures/:source')
  @ApiOperation({
    summary: `Chart series { source, series: [{ label, value }] } of the caller's depositors, computed by the service owning the data: ${CHART_SOURCES.map((s) => s.id).join(', ')}; 400 validationFailed for an unknown source, 403 permissionDenied for a source the caller's roles do not read`,
  })
  figures(@Caller() ctx: CallerContext, @Param('source') source: string) {
    const { service } = readableChartSource(ctx.roles, { source });
    return this.bus.request<FiguresResponse>(FIGURES_SUBJECT[service], ctx, { source });
  }

  @Get('personnal/apps')
  @ApiOperation({ summary: "The application tiles of spec §2 the caller's roles allow" })
  apps(@Caller() ctx: CallerContext) {
    return this.bus.request(AuthSubjects.dashboardApps, ctx, {});
  }

  @Delete(':uuid')
  @ApiOperation({ summary: "Removes one of the caller's tiles" })
  remove(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    return this.cache.changing(ctx, () => this.bus.request(AuthSubjects.dashboardDelete, ctx, { uuid }));
  }
}
