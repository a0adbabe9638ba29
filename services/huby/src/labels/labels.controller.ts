import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { LabelsService } from './labels.service';

/** Spec §2, §6: Dashtower users print their shipments' labels (and say when they are printed). */
const PRINT = [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER];

@Controller()
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Roles(...PRINT)
  @MessagePattern(HubySubjects.labelsOf)
  labelsOf(@Payload() m: BusRequest) {
    return this.labels.labelsOf(m.ctx, m.data);
  }

  @Roles(...PRINT)
  @MessagePattern(HubySubjects.labelsAutoprint)
  autoprint(@Payload() m: BusRequest) {
    return this.labels.autoprint(m.ctx, m.data);
  }

  @Roles(...PRINT)
  @MessagePattern(HubySubjects.shipmentsPrinted)
  printed(@Payload() m: BusRequest) {
    return this.labels.printed(m.ctx, m.data);
  }

  @Roles(...PRINT)
  @MessagePattern(HubySubjects.transportDocument)
  transportDocument(@Payload() m: BusRequest) {
    return this.labels.transportDocument(m.ctx, m.data);
  }
}
