import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReportsSubjects, type BusRequest } from '@portal/contracts';
import { ReportsService } from './reports.service';

/** The reports library (spec §2 /report/{id}): the catalogue the caller may open, a report's figures, its rows for the export kit. */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(ReportsSubjects.catalogue)
  catalogue(@Payload() m: BusRequest) {
    return this.reports.catalogue(m.ctx);
  }

  @MessagePattern(ReportsSubjects.run)
  run(@Payload() m: BusRequest) {
    return this.reports.run(m.ctx, m.data);
  }

  @MessagePattern(ReportsSubjects.exportRows)
  exportRows(@Payload() m: BusRequest) {
    return this.reports.exportRows(m.ctx, m.data);
  }
}
