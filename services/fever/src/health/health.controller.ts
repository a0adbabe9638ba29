import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { FeverSubjects } from '@portal/contracts';
import { Db } from '@portal/db';

@Controller()
export class HealthController {
  constructor(@Inject(Db) private readonly db: Db) {}

  @Public()
  @MessagePattern(FeverSubjects.health)
  async check() {
    return { service: 'fever', db: await this.db.ping() };
  }
}
