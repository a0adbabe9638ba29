import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ADMIN_IMPORT_ROLES, AdminImportSubjects, type BusRequest } from '@portal/contracts';
import { UsersImport } from './users-import';

const S = AdminImportSubjects.users;

/** The back office's users import (ADMIN_USERS, within the importer's reach as in the users' form): simulate, read, import. */
@Controller()
export class UsersImportController {
  constructor(private readonly users: UsersImport) {}

  @Roles(...ADMIN_IMPORT_ROLES.users)
  @MessagePattern(S.simulate)
  simulate(@Payload() m: BusRequest) {
    return this.users.runs.simulate(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.users)
  @MessagePattern(S.get)
  get(@Payload() m: BusRequest) {
    return this.users.runs.get(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.users)
  @MessagePattern(S.lines)
  lines(@Payload() m: BusRequest) {
    return this.users.runs.lines(m.ctx, m.data);
  }

  @Roles(...ADMIN_IMPORT_ROLES.users)
  @MessagePattern(S.apply)
  apply(@Payload() m: BusRequest) {
    return this.users.runs.apply(m.ctx, m.data);
  }
}
