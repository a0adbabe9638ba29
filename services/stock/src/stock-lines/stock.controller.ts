import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, StockSubjects, type BusRequest } from '@portal/contracts';
import { StockService } from './stock.service';

/** My Stocks tabs Id and Stock (spec §2: STOCK_USER; the deprecated STOCK_MANAGER grants nothing more). */
@Roles(Role.STOCK_USER)
@Controller()
export class StockController {
  constructor(private readonly stock: StockService) {}

  @MessagePattern(StockSubjects.stockList)
  list(@Payload() m: BusRequest) {
    return this.stock.list(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.stockGet)
  get(@Payload() m: BusRequest) {
    return this.stock.get(m.ctx, m.data);
  }
}
