import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MachineClient } from '@portal/auth';
import { FeverSubjects, type BusRequest } from '@portal/contracts';
import { ReadingsService } from './readings.service';

/** Probe gateways' batches over HTTP (API key of kind `probe`, resolved by the gateway). */
@Controller()
export class ReadingsController {
  constructor(private readonly readings: ReadingsService) {}

  @MachineClient('probe')
  @MessagePattern(FeverSubjects.ingest)
  ingest(@Payload() m: BusRequest) {
    return this.readings.ingest(m.ctx, m.data);
  }
}
