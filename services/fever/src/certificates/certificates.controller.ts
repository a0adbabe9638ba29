import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { FeverSubjects, Role, type BusRequest } from '@portal/contracts';
import { CertificatesService } from './certificates.service';

@Controller()
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  /** Tracking asks for an order it has shown to a Pack and Go Tracer user (or on shipping, as the system). */
  @Roles(Role.PGT_USER, Role.FEVER_USER, Role.ADMIN_SONDE)
  @MessagePattern(FeverSubjects.certificate)
  build(@Payload() m: BusRequest) {
    return this.certificates.build(m.ctx, m.data);
  }
}
