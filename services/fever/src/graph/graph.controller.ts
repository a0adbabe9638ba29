import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { GraphService } from './graph.service';

@Controller()
export class GraphController {
  constructor(private readonly graphs: GraphService) {}

  @Roles(Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.graph)
  graph(@Payload() m: BusRequest) {
    return this.graphs.graph(m.ctx, m.data);
  }
}
