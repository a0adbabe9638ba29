import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BusClient } from '@portal/bus';
import { DashboardProfileSubjects, type CallerContext, type DashboardProfileDto, type DashboardProfilesDto } from '@portal/contracts';
import { Caller } from '../http/caller';
import { CreateDashboardProfileBody, UpdateDashboardProfileBody } from './dashboard.dto';
import { DashboardTilesCache } from './tiles-cache';

/** Dashboard profiles (spec §3): the caller's tile sets, the current one, and the masters to copy. */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller('dashboard/profiles')
export class DashboardProfilesController {
  constructor(
    private readonly bus: BusClient,
    private readonly cache: DashboardTilesCache,
  ) {}

  @Get()
  @ApiOperation({ summary: "The caller's dashboard profiles (the current one flagged) and the master profiles they may copy" })
  list(@Caller() ctx: CallerContext) {
    return this.bus.request<DashboardProfilesDto>(DashboardProfileSubjects.list, ctx, {});
  }

  @Post()
  @ApiOperation({
    summary:
      "Makes a profile, empty or a copy of one of the caller's or of a master (only the tiles the caller may pin), and switches to it; 404 objectNotFound for another user's profile",
  })
  create(@Caller() ctx: CallerContext, @Body() body: CreateDashboardProfileBody) {
    return this.cache.changing(ctx, () => this.bus.request<DashboardProfileDto>(DashboardProfileSubjects.create, ctx, body));
  }

  @Put(':id')
  @ApiOperation({ summary: "Renames one of the caller's profiles, or publishes it as a master (403 permissionDenied without ADMIN_USERS)" })
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: UpdateDashboardProfileBody) {
    return this.bus.request<DashboardProfileDto>(DashboardProfileSubjects.update, ctx, { ...body, id });
  }

  @Post(':id/current')
  @HttpCode(200)
  @ApiOperation({ summary: "Switches the dashboard to one of the caller's profiles" })
  switchTo(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.cache.changing(ctx, () => this.bus.request<DashboardProfilesDto>(DashboardProfileSubjects.switch, ctx, { id }));
  }

  @Delete(':id')
  @ApiOperation({ summary: "Deletes one of the caller's profiles with its tiles; 409 lastDashboardProfile for the last one" })
  remove(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.cache.changing(ctx, () => this.bus.request<DashboardProfilesDto>(DashboardProfileSubjects.delete, ctx, { id }));
  }
}
