import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { Role, TrackingSubjects, type CallerContext, type SearchProfileDto } from '@portal/contracts';
import { Caller } from '../http/caller';
import { SearchProfileBody } from './tracking.dto';

/** Saved tracker searches (react-admin resource `tracking-profiles`): own ones and those shared by coworkers of the same depositors. */
@ApiTags('tracking')
@ApiBearerAuth()
@Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
@Controller('tracking-profiles')
export class SearchProfilesController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiOperation({ summary: 'Own profiles first (default first), then shared ones' })
  list(@Caller() ctx: CallerContext) {
    return this.bus.request<SearchProfileDto[]>(TrackingSubjects.profilesList, ctx, {});
  }

  @Post()
  @ApiOperation({ summary: 'Saves a search { name, filter, shared, isDefault }' })
  create(@Caller() ctx: CallerContext, @Body() body: SearchProfileBody) {
    return this.bus.request<SearchProfileDto>(TrackingSubjects.profileSave, ctx, { ...body, id: undefined });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes one of the caller’s profiles; 404 profileNotFound otherwise' })
  update(@Caller() ctx: CallerContext, @Param('id') id: string, @Body() body: SearchProfileBody) {
    return this.bus.request<SearchProfileDto>(TrackingSubjects.profileSave, ctx, { ...body, id });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes one of the caller’s profiles; 404 profileNotFound otherwise' })
  delete(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<{ ok: true }>(TrackingSubjects.profileDelete, ctx, { id });
  }
}
