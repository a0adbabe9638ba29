import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, StatisticsSubjects, type BusRequest } from '@portal/contracts';
import { StatisticsService } from './statistics.service';

/** The back office's statistics (ADMIN_STATISTICS), and the usage the gateways meter. */
@Controller()
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Roles(Role.ADMIN_STATISTICS)
  @MessagePattern(StatisticsSubjects.read)
  read(@Payload() m: BusRequest) {
    return this.statistics.read(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_STATISTICS)
  @MessagePattern(StatisticsSubjects.exportRows)
  exportRows(@Payload() m: BusRequest) {
    return this.statistics.exportRows(m.ctx, m.data);
  }

  @MessagePattern(StatisticsSubjects.record)
  record(@Payload() m: BusRequest) {
    return this.statistics.record(m.ctx, m.data);
  }
}
