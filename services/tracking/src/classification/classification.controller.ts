import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { ClassificationService } from './classification.service';

@Controller()
export class ClassificationController {
  constructor(private readonly classification: ClassificationService) {}

  @Roles(Role.USER_MANUAL_DELIVERED_STATUS)
  @MessagePattern(TrackingSubjects.classify)
  classify(@Payload() m: BusRequest) {
    return this.classification.classify(m.ctx, m.data);
  }
}
