import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ADMIN_IMPORT_ROLES, AdminImportSubjects, type BusRequest } from '@portal/contracts';
import { AddressesImport } from './addresses-import';

const S = AdminImportSubjects.addresses;
const ROLES = ADMIN_IMPORT_ROLES.addresses;

/** The back office's address import (ADMIN_DASHTOWER_USER or "import all"): simulate, read, import. */
@Controller()
export class AddressesImportController {
  constructor(private readonly imports: AddressesImport) {}

  @Roles(...ROLES)
  @MessagePattern(S.simulate)
  simulate(@Payload() m: BusRequest) {
    return this.imports.runs.simulate(m.ctx, m.data);
  }

  @Roles(...ROLES)
  @MessagePattern(S.get)
  get(@Payload() m: BusRequest) {
    return this.imports.runs.get(m.ctx, m.data);
  }

  @Roles(...ROLES)
  @MessagePattern(S.lines)
  lines(@Payload() m: BusRequest) {
    return this.imports.runs.lines(m.ctx, m.data);
  }

  @Roles(...ROLES)
  @MessagePattern(S.apply)
  apply(@Payload() m: BusRequest) {
    return this.imports.runs.apply(m.ctx, m.data);
  }
}
