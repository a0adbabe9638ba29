import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { Role, TrackingSubjects, type CallerContext, type TrackingCarrierDto } from '@portal/contracts';
import { Caller } from '../http/caller';

export class CarrierBody {
  @ApiPropertyOptional({ example: 'DHL Express' }) @IsOptional() @IsString() @MaxLength(255) name?: string;

  @ApiProperty({
    nullable: true,
    example: 'https://www.dhl.com/fr-fr/home/suivi.html?tracking-id={trackingNumber}',
    description: 'https URL with {trackingNumber} outside the host; null or empty removes the link',
  })
  @IsOptional()
  @IsString()
  trackingUrlTemplate?: string | null;
}

/** Carrier settings kept by the tracking service: the public tracking page of each carrier. */
@ApiTags('tracking')
@ApiBearerAuth()
@Controller()
export class CarriersHttpController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER, Role.ADMIN_CARRIER)
  @Get('carriers')
  @ApiOperation({ summary: 'Carriers with the template of their public tracking page: [{ code, name, trackingUrlTemplate }]' })
  list(@Caller() ctx: CallerContext) {
    return this.bus.request<TrackingCarrierDto[]>(TrackingSubjects.carriersList, ctx, {});
  }

  @Roles(Role.ADMIN_CARRIER)
  @Put('admin/carriers/:code')
  @ApiOperation({
    summary:
      'Creates or changes a carrier (ADMIN_CARRIER); 400 invalidTrackingUrlTemplate when the template is not an https URL with {trackingNumber}',
  })
  save(@Caller() ctx: CallerContext, @Param('code') code: string, @Body() body: CarrierBody) {
    return this.bus.request<TrackingCarrierDto>(TrackingSubjects.carrierSave, ctx, { ...body, code });
  }
}
