import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { ExportService } from './export.service';

@Controller()
export class ExportController {
  constructor(private readonly exports: ExportService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.exportRows)
  rows(@Payload() m: BusRequest) {
    return this.exports.rows(m.ctx, m.data);
  }
}
