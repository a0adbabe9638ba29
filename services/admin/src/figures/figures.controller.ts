import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminSubjects, type BusRequest } from '@portal/contracts';
import { FiguresService } from './figures.service';

@Controller()
export class FiguresController {
  constructor(private readonly figures: FiguresService) {}

  @MessagePattern(AdminSubjects.figures)
  get(@Payload() m: BusRequest) {
    return this.figures.figures(m.ctx, m.data);
  }
}
