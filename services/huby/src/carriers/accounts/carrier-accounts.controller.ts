import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { CarrierAccountSubjects as S, Role, type BusRequest } from '@portal/contracts';
import { CarrierAccountsService } from './carrier-accounts.service';

/** A tour's carrier account (ADMIN_CARRIER, whole reach): read without its credentials, saved, tested. */
@Controller()
export class CarrierAccountsController {
  constructor(private readonly accounts: CarrierAccountsService) {}

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.get)
  get(@Payload() m: BusRequest) {
    return this.accounts.get(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.save)
  save(@Payload() m: BusRequest) {
    return this.accounts.save(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.test)
  test(@Payload() m: BusRequest) {
    return this.accounts.test(m.ctx, m.data);
  }
}
