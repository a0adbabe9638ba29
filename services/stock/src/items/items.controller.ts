import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, StockSubjects, type BusRequest } from '@portal/contracts';
import { ItemsService } from './items.service';

/** My Items (spec §2: ITEM_USER). */
@Roles(Role.ITEM_USER)
@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(StockSubjects.itemsList)
  list(@Payload() m: BusRequest) {
    return this.items.list(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.itemsGet)
  get(@Payload() m: BusRequest) {
    return this.items.get(m.ctx, m.data);
  }
}
