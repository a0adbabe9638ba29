import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSubjects, type BusRequest } from '@portal/contracts';
import { GeoService } from './geo.service';

@Controller()
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @MessagePattern(AdminSubjects.countries)
  countries(@Payload() m: BusRequest) {
    return this.geo.countries(m.ctx, m.data);
  }

  @MessagePattern(AdminSubjects.states)
  states(@Payload() m: BusRequest) {
    return this.geo.states(m.ctx, m.data);
  }
}
