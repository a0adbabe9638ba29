import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { ColdChainService } from './cold-chain.service';

@Controller()
export class ColdChainController {
  constructor(private readonly coldChain: ColdChainService) {}

  /** A Pack and Go Tracer user of the order's depositor asks for its certificate (no fever right needed). */
  @Roles(Role.PGT_USER)
  @MessagePattern(TrackingSubjects.coldChainCertificate)
  certify(@Payload() m: BusRequest) {
    return this.coldChain.certify(m.ctx, m.data);
  }
}
