import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ADMIN_IMPORT_ROLES, AdminImportSubjects, type BusRequest } from '@portal/contracts';
import { DepositorsImport } from './depositors-import';

const S = AdminImportSubjects.depositors;

/** The back office's depositor import (ADMIN_DEPOSITOR, as the depositors' form): simulate, read, import. */
@Controller()
export class DataImportController {
  constructor(private readonly depositors: DepositorsImport) {}

  @Roles(...ADMIN_IMPORT_ROLES.depositors)
  @MessagePattern(S.simulate)
  simulate(@Payload() m: BusRequest) {
    return this.depositors.runs.simulate(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.depositors)
  @MessagePattern(S.get)
  get(@Payload() m: BusRequest) {
    return this.depositors.runs.get(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.depositors)
  @MessagePattern(S.lines)
  lines(@Payload() m: BusRequest) {
    return this.depositors.runs.lines(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.depositors)
  @MessagePattern(S.apply)
  apply(@Payload() m: BusRequest) {
    return this.depositors.runs.apply(m.ctx, m.data);
  }
}
