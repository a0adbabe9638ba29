import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, StockSubjects, type BusRequest } from '@portal/contracts';
import { MovementsService } from './movements.service';

@Roles(Role.STOCK_USER)
@Controller()
export class MovementsController {
  constructor(private readonly movements: MovementsService) {}

  @MessagePattern(StockSubjects.movementsList)
  list(@Payload() m: BusRequest) {
    return this.movements.list(m.ctx, m.data);
  }

  @MessagePattern(StockSubjects.movementsGet)
  get(@Payload() m: BusRequest) {
    return this.movements.get(m.ctx, m.data);
  }
}
