import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { ReportsSubjects } from '@portal/contracts';
import { Db } from '@portal/db';

@Controller()
export class HealthController {
  constructor(@Inject(Db) private readonly db: Db) {}

  @Public()
  @MessagePattern(ReportsSubjects.health)
  async check() {
    return { service: 'reports', db: await this.db.ping() };
  }
}
