import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { ExcursionsService } from './excursions.service';

@Controller()
export class ExcursionsController {
  constructor(private readonly excursions: ExcursionsService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.excursionsList)
  list(@Payload() m: BusRequest) {
    return this.excursions.list(m.ctx, m.data);
  }
}
