import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { HubySubjects } from '@portal/contracts';
import { Db } from '@portal/db';

@Controller()
export class HealthController {
  constructor(@Inject(Db) private readonly db: Db) {}

  @Public()
  @MessagePattern(HubySubjects.health)
  async check() {
    return { service: 'huby', db: await this.db.ping() };
  }
}
