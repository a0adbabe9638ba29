import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminUsersSubjects, Role, type BusRequest } from '@portal/contracts';
import { AdminUsersService } from './admin-users.service';

/** User administration (ADMIN_USERS): who may touch whom is the service's (manager.ts). */
@Roles(Role.ADMIN_USERS)
@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @MessagePattern(AdminUsersSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.users.list(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.get)
  get(@Payload() m: BusRequest) {
    return this.users.get(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.create)
  create(@Payload() m: BusRequest) {
    return this.users.create(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.update)
  update(@Payload() m: BusRequest) {
    return this.users.update(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.setAccess)
  setAccess(@Payload() m: BusRequest) {
    return this.users.setAccess(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.deactivate)
  deactivate(@Payload() m: BusRequest) {
    return this.users.deactivate(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.reactivate)
  reactivate(@Payload() m: BusRequest) {
    return this.users.reactivate(m.ctx, m.data);
  }

  @MessagePattern(AdminUsersSubjects.options)
  options(@Payload() m: BusRequest) {
    return this.users.options(m.ctx, m.data);
  }
}
