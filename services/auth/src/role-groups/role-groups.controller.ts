import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminUsersSubjects, Role, type BusRequest } from '@portal/contracts';
import { RoleGroupsService } from './role-groups.service';

/** Role groups and the rights catalogue: read by user administrators too, changed with ADMIN_GROUP. */
@Controller()
export class RoleGroupsController {
  constructor(private readonly groups: RoleGroupsService) {}

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @MessagePattern(AdminUsersSubjects.rights)
  rights() {
    return this.groups.rights();
  }

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @MessagePattern(AdminUsersSubjects.groupList)
  list(@Payload() m: BusRequest) {
    return this.groups.list(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_GROUP, Role.ADMIN_USERS)
  @MessagePattern(AdminUsersSubjects.groupGet)
  get(@Payload() m: BusRequest) {
    return this.groups.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_GROUP)
  @MessagePattern(AdminUsersSubjects.groupCreate)
  create(@Payload() m: BusRequest) {
    return this.groups.create(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_GROUP)
  @MessagePattern(AdminUsersSubjects.groupUpdate)
  update(@Payload() m: BusRequest) {
    return this.groups.update(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_GROUP)
  @MessagePattern(AdminUsersSubjects.groupDelete)
  remove(@Payload() m: BusRequest) {
    return this.groups.remove(m.ctx, m.data);
  }
}
