import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { StockSubjects } from '@portal/contracts';
import { Db } from '@portal/db';

@Controller()
export class HealthController {
  constructor(@Inject(Db) private readonly db: Db) {}

  @Public()
  @MessagePattern(StockSubjects.health)
  async check() {
    return { service: 'stock', db: await this.db.ping() };
  }
}
