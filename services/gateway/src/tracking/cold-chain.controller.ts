import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { Role, TrackingSubjects, type CallerContext, type ColdChainDocumentDto } from '@portal/contracts';
import { Caller } from '../http/caller';

/** The cold-chain certificate of a delivery (issue 16 item 5), kept with its documents. */
@ApiTags('tracking')
@ApiBearerAuth()
@Controller('orders')
export class ColdChainHttpController {
  constructor(private readonly bus: BusClient) {}

  @Roles(Role.PGT_USER)
  @Post(':id/documents/cold-chain')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Generates the order's cold-chain certificate from the probes of its zone (reception to shipping, provisional before shipping) and stores it as its COLD_CHAIN document, replacing the previous one; 422 coldChainNoProbes, 503 coldChainUnavailable",
  })
  certify(@Caller() ctx: CallerContext, @Param('id') id: string) {
    return this.bus.request<ColdChainDocumentDto>(TrackingSubjects.coldChainCertificate, ctx, { id }, 25_000);
  }
}
