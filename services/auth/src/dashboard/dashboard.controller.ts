import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubjects, type BusRequest } from '@portal/contracts';
import { DashboardService, type TileInput } from './dashboard.service';

@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @MessagePattern(AuthSubjects.dashboardList)
  list(@Payload() m: BusRequest) {
    return this.dashboard.list(m.ctx);
  }

  @MessagePattern(AuthSubjects.dashboardSave)
  save(@Payload() m: BusRequest<{ items: (TileInput & { uuid: string })[] }>) {
    return this.dashboard.save(m.ctx, m.data.items);
  }

  @MessagePattern(AuthSubjects.dashboardCreate)
  create(@Payload() m: BusRequest<TileInput>) {
    return this.dashboard.create(m.ctx, m.data);
  }

  @MessagePattern(AuthSubjects.dashboardDelete)
  remove(@Payload() m: BusRequest<{ uuid: string }>) {
    return this.dashboard.remove(m.ctx, m.data.uuid);
  }

  @MessagePattern(AuthSubjects.dashboardApps)
  apps(@Payload() m: BusRequest) {
    return this.dashboard.apps(m.ctx);
  }
}
