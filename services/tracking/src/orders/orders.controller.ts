import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.searchOrders)
  search(@Payload() m: BusRequest) {
    return this.orders.search(m.ctx, m.data);
  }

  @Roles(Role.USER_DELETE_TRACKING_LINE)
  @MessagePattern(TrackingSubjects.deleteOrder)
  hide(@Payload() m: BusRequest) {
    return this.orders.hide(m.ctx, m.data);
  }

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER, Role.SERIAL_USER)
  @MessagePattern(TrackingSubjects.orderDetail)
  detail(@Payload() m: BusRequest) {
    return this.orders.detail(m.ctx, m.data);
  }
}
