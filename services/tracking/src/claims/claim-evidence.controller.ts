import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ClaimsSubjects, Role, type BusRequest } from '@portal/contracts';
import { ClaimEvidenceService } from './claim-evidence.service';

/** Asked by the claims service with the creator's context: creating a claim is the right USER_CLAIM_CREATE (spec §6). */
@Controller()
export class ClaimEvidenceController {
  constructor(private readonly evidence: ClaimEvidenceService) {}

  @Roles(Role.USER_CLAIM_CREATE)
  @MessagePattern(ClaimsSubjects.trackingLookup)
  lookup(@Payload() m: BusRequest) {
    return this.evidence.lookup(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @MessagePattern(ClaimsSubjects.trackingEvidence)
  get(@Payload() m: BusRequest) {
    return this.evidence.evidence(m.ctx, m.data);
  }
}
