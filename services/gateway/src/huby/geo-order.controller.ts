import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { GEO_ORDER_LIMITS, HubySubjects, Role, type CallerContext, type GeoAddressesDto } from '@portal/contracts';
import { Caller } from '../http/caller';
import { CountsAsSearch } from '../statistics/usage.interceptor';

/** Geo-order (spec §2 /geo-order, §7): the map's platforms and recipients, answered by the Huby service. */
@ApiTags('geo-order')
@ApiBearerAuth()
@Controller('geo-order')
export class GeoOrderController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.GEO_ORDER_USER)
  @CountsAsSearch()
  @Get('address/all')
  @ApiOperation({
    summary: `Spec §7: type shipper -> addressesPlatform, recipient -> addressesRecipient, each with lat/lon (null: off the map); limit default ${GEO_ORDER_LIMITS.addressListDefault}, at most ${GEO_ORDER_LIMITS.addressListMax}; search (prefix of name, code, postcode, town); uuid_address_shipper`,
  })
  @ApiQuery({ name: 'type', enum: ['shipper', 'recipient'], required: false })
  @ApiQuery({ name: 'limit', type: Number, required: false })
  @ApiQuery({ name: 'search', type: String, required: false })
  @ApiQuery({ name: 'uuid_address_shipper', type: String, required: false })
  addresses(@Caller() ctx: CallerContext, @Query() query: Record<string, unknown>) {
    return this.bus.request<GeoAddressesDto>(HubySubjects.geoOrderAddresses, ctx, query);
  }
}
