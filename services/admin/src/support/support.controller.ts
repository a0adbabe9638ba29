import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSubjects, type BusRequest } from '@portal/contracts';
import { SupportService } from './support.service';

@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @MessagePattern(AdminSubjects.problemReport)
  problemReport(@Payload() m: BusRequest) {
    return this.support.problemReport(m.ctx, m.data);
  }
}
