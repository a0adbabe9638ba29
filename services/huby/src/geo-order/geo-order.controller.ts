import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { GeoOrderService } from './geo-order.service';

/** The Geo-order map's addresses (spec §2 /geo-order: GEO_ORDER_USER). */
@Roles(Role.GEO_ORDER_USER)
@Controller()
export class GeoOrderController {
  constructor(private readonly geoOrder: GeoOrderService) {}

  @MessagePattern(HubySubjects.geoOrderAddresses)
  all(@Payload() m: BusRequest) {
    return this.geoOrder.all(m.ctx, m.data);
  }
}
