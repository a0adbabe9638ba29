import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { LoopSubjects, Role, type BusRequest } from '@portal/contracts';
import { LoopStockService } from './loop-stock.service';

/** Loop order entry's questions to the stock, asked by the Huby service with the caller's context. */
@Controller()
export class LoopStockController {
  constructor(private readonly stock: LoopStockService) {}

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.stockArticles)
  articles(@Payload() m: BusRequest) {
    return this.stock.articles(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.stockPlatforms)
  platforms(@Payload() m: BusRequest) {
    return this.stock.platforms(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.stockAvailability)
  availability(@Payload() m: BusRequest) {
    return this.stock.availability(m.ctx, m.data);
  }
}
