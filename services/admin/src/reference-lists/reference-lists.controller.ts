import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { AdminReferenceSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { ReferenceTables } from '@portal/bus';
import { ACTIVITIES, DEPOSITORS, PLATFORMS, STORES } from './tables';

/** Depositors (ADMIN_DEPOSITOR) and the provider's lists: platforms, activities, stores (ADMIN_LIST). */
@Controller()
export class ReferenceListsController {
  constructor(private readonly tables: ReferenceTables) {}

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.depositorsList)
  depositors(@Payload() m: BusRequest) {
    return this.tables.list(DEPOSITORS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.depositorGet)
  depositor(@Payload() m: BusRequest) {
    return this.tables.get(DEPOSITORS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.depositorCreate)
  createDepositor(@Payload() m: BusRequest) {
    return this.tables.create(DEPOSITORS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_DEPOSITOR)
  @MessagePattern(S.depositorUpdate)
  updateDepositor(@Payload() m: BusRequest) {
    return this.tables.update(DEPOSITORS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.platformsList)
  platforms(@Payload() m: BusRequest) {
    return this.tables.list(PLATFORMS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.platformGet)
  platform(@Payload() m: BusRequest) {
    return this.tables.get(PLATFORMS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.platformCreate)
  createPlatform(@Payload() m: BusRequest) {
    return this.tables.create(PLATFORMS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.platformUpdate)
  updatePlatform(@Payload() m: BusRequest) {
    return this.tables.update(PLATFORMS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.platformDelete)
  deletePlatform(@Payload() m: BusRequest) {
    return this.tables.remove(PLATFORMS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.activitiesList)
  activities(@Payload() m: BusRequest) {
    return this.tables.list(ACTIVITIES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.activityGet)
  activity(@Payload() m: BusRequest) {
    return this.tables.get(ACTIVITIES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.activityCreate)
  createActivity(@Payload() m: BusRequest) {
    return this.tables.create(ACTIVITIES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.activityUpdate)
  updateActivity(@Payload() m: BusRequest) {
    return this.tables.update(ACTIVITIES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.activityDelete)
  deleteActivity(@Payload() m: BusRequest) {
    return this.tables.remove(ACTIVITIES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.storesList)
  stores(@Payload() m: BusRequest) {
    return this.tables.list(STORES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.storeGet)
  store(@Payload() m: BusRequest) {
    return this.tables.get(STORES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.storeCreate)
  createStore(@Payload() m: BusRequest) {
    return this.tables.create(STORES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.storeUpdate)
  updateStore(@Payload() m: BusRequest) {
    return this.tables.update(STORES, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_LIST)
  @MessagePattern(S.storeDelete)
  deleteStore(@Payload() m: BusRequest) {
    return this.tables.remove(STORES, m.ctx, m.data);
  }
}
