import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { ShipmentsService } from './shipments.service';

/** Spec §6: creating and changing Huby orders is the user right USER_CREATE_HUBY_ORDER. */
const WRITE = [Role.USER_CREATE_HUBY_ORDER];

/** Huby shipments (spec §2 /dashtower: DASHTOWER_USER reads; creating and changing needs USER_CREATE_HUBY_ORDER). */
@Controller()
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.shipmentsList)
  list(@Payload() m: BusRequest) {
    return this.shipments.list(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.shipmentsGet)
  get(@Payload() m: BusRequest) {
    return this.shipments.get(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.shipmentsHistory)
  history(@Payload() m: BusRequest) {
    return this.shipments.history(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.toursForShipment)
  tours(@Payload() m: BusRequest) {
    return this.shipments.toursFor(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.ratesForShipment)
  rates(@Payload() m: BusRequest) {
    return this.shipments.ratesFor(m.ctx, m.data);
  }

  @Roles(Role.DASHTOWER_USER)
  @MessagePattern(HubySubjects.packagingTypes)
  packagingTypes(@Payload() m: BusRequest) {
    return this.shipments.packagingTypes(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsCreate)
  create(@Payload() m: BusRequest) {
    return this.shipments.create(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsUpdate)
  update(@Payload() m: BusRequest) {
    return this.shipments.update(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsPatchOrder)
  patchOrder(@Payload() m: BusRequest) {
    return this.shipments.patchOrder(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsValidate)
  validate(@Payload() m: BusRequest) {
    return this.shipments.validate(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsCancel)
  cancel(@Payload() m: BusRequest) {
    return this.shipments.cancel(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsRestore)
  restore(@Payload() m: BusRequest) {
    return this.shipments.restore(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsRequestLabels)
  requestLabels(@Payload() m: BusRequest) {
    return this.shipments.requestLabels(m.ctx, m.data);
  }

  @Roles(...WRITE)
  @MessagePattern(HubySubjects.shipmentsDuplicate)
  duplicate(@Payload() m: BusRequest) {
    return this.shipments.duplicate(m.ctx, m.data);
  }
}
