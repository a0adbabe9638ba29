import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ReferenceTables } from '@portal/bus';
import { Role, TransportAdminSubjects as S, type BusRequest } from '@portal/contracts';
import { CARRIERS, TOURS } from './transport-tables';

/** The transport plan's back office: carriers (ADMIN_CARRIER) and tours (ADMIN_TOUR), on the shared reference-table mechanism. */
@Controller()
export class TransportAdminController {
  constructor(private readonly tables: ReferenceTables) {}

  // Tour planners (ADMIN_TOUR) read the carriers to choose one; only ADMIN_CARRIER changes them.
  @Roles(Role.ADMIN_CARRIER, Role.ADMIN_TOUR)
  @MessagePattern(S.carriersList)
  carriers(@Payload() m: BusRequest) {
    return this.tables.list(CARRIERS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.carrierGet)
  carrier(@Payload() m: BusRequest) {
    return this.tables.get(CARRIERS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.carrierCreate)
  createCarrier(@Payload() m: BusRequest) {
    return this.tables.create(CARRIERS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(S.carrierUpdate)
  updateCarrier(@Payload() m: BusRequest) {
    return this.tables.update(CARRIERS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TOUR)
  @MessagePattern(S.toursList)
  tours(@Payload() m: BusRequest) {
    return this.tables.list(TOURS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TOUR)
  @MessagePattern(S.tourGet)
  tour(@Payload() m: BusRequest) {
    return this.tables.get(TOURS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TOUR)
  @MessagePattern(S.tourCreate)
  createTour(@Payload() m: BusRequest) {
    return this.tables.create(TOURS, m.ctx, m.data);
  }

  @Roles(Role.ADMIN_TOUR)
  @MessagePattern(S.tourUpdate)
  updateTour(@Payload() m: BusRequest) {
    return this.tables.update(TOURS, m.ctx, m.data);
  }
}
