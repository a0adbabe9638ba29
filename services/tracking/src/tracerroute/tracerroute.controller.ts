import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { TracerRouteService } from './tracerroute.service';

@Controller()
export class TracerRouteController {
  constructor(private readonly tracer: TracerRouteService) {}

  @Roles(Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.tracerSetStatus)
  setStatus(@Payload() m: BusRequest) {
    return this.tracer.setStatus(m.ctx, m.data);
  }

  @Roles(Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.tracerCounts)
  counts(@Payload() m: BusRequest) {
    return this.tracer.counts(m.ctx, m.data);
  }

  @Roles(Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.tracerAddEvent)
  addEvent(@Payload() m: BusRequest) {
    return this.tracer.addEvent(m.ctx, m.data);
  }

  @Roles(Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.tracerCarrierInfo)
  carrierInfo(@Payload() m: BusRequest) {
    return this.tracer.carrierInfo(m.ctx, m.data);
  }

  @Roles(Role.USER_BULK_POD)
  @MessagePattern(TrackingSubjects.tracerPodFiles)
  podFiles(@Payload() m: BusRequest) {
    return this.tracer.podFiles(m.ctx, m.data);
  }

  @Roles(Role.USER_BULK_POD)
  @MessagePattern(TrackingSubjects.tracerMarkDelivered)
  markDelivered(@Payload() m: BusRequest) {
    return this.tracer.markDelivered(m.ctx, m.data);
  }
}
