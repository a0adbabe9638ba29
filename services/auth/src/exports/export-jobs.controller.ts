import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthSubjects,
  type BusRequest,
  type ExportJobClaimRequest,
  type ExportJobCompleteRequest,
  type ExportJobCreateRequest,
  type ExportJobFailRequest,
  type ExportJobRenewRequest,
} from '@portal/contracts';
import { ExportJobsService } from './export-jobs.service';

/** The gateways' durable background exports: created by the one that answered 202, resumed by any. */
@Controller()
export class ExportJobsController {
  constructor(private readonly jobs: ExportJobsService) {}

  @MessagePattern(AuthSubjects.exportJobCreate)
  create(@Payload() m: BusRequest<ExportJobCreateRequest>) {
    return this.jobs.create(m.ctx, m.data);
  }

  @MessagePattern(AuthSubjects.exportJobClaim)
  claim(@Payload() m: BusRequest<ExportJobClaimRequest>) {
    return this.jobs.claim(m.data);
  }

  @MessagePattern(AuthSubjects.exportJobRenew)
  renew(@Payload() m: BusRequest<ExportJobRenewRequest>) {
    return this.jobs.renew(m.data);
  }

  @MessagePattern(AuthSubjects.exportJobComplete)
  complete(@Payload() m: BusRequest<ExportJobCompleteRequest>) {
    return this.jobs.complete(m.data);
  }

  @MessagePattern(AuthSubjects.exportJobFail)
  fail(@Payload() m: BusRequest<ExportJobFailRequest>) {
    return this.jobs.fail(m.data);
  }
}
