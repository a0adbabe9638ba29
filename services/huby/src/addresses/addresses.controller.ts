import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { AddressesService } from './addresses.service';

/** The shipper and recipient address books (spec §2 /dashtower: DASHTOWER_USER). */
@Roles(Role.DASHTOWER_USER)
@Controller()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @MessagePattern(HubySubjects.addressesList)
  list(@Payload() m: BusRequest) {
    return this.addresses.list(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesAll)
  all(@Payload() m: BusRequest) {
    return this.addresses.all(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesGet)
  get(@Payload() m: BusRequest) {
    return this.addresses.get(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesCheck)
  check(@Payload() m: BusRequest) {
    return this.addresses.check(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesCreate)
  create(@Payload() m: BusRequest) {
    return this.addresses.create(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesUpdate)
  update(@Payload() m: BusRequest) {
    return this.addresses.update(m.ctx, m.data);
  }

  @MessagePattern(HubySubjects.addressesDelete)
  remove(@Payload() m: BusRequest) {
    return this.addresses.remove(m.ctx, m.data);
  }
}
