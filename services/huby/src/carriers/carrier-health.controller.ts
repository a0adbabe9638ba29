import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { providerScope, requireWholeReach } from '@portal/bus';
import { CarrierHealthSubjects, Role, type BusRequest, type CarrierConnector, type CarrierHealthDto } from '@portal/contracts';
import { Db } from '@portal/db';
import { CarrierAdapters } from './carrier-adapter';

interface AccountRow {
  tour_id: number;
  tour_code: string;
  depositor_code: string | null;
  carrier_name: string;
  connector: Exclude<CarrierConnector, 'demo'>;
  environment: string;
}

/**
 * Carrier health (issue 37 item 4): every tour with a carrier account and its connector's last hour,
 * as this copy of the service measured it (ADMIN_CARRIER, whole reach, as the accounts).
 */
@Controller()
export class CarrierHealthController {
  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(CarrierAdapters) private readonly carriers: CarrierAdapters,
  ) {}

  @Roles(Role.ADMIN_CARRIER)
  @MessagePattern(CarrierHealthSubjects.list)
  async list(@Payload() m: BusRequest): Promise<CarrierHealthDto[]> {
    requireWholeReach(m.ctx);
    const rows = await this.db.scopedQuery<AccountRow>(
      providerScope(m.ctx),
      `SELECT a.tour_id, t.code AS tour_code, d.code AS depositor_code, c.name AS carrier_name, a.connector, a.environment
       FROM carrier_accounts a
         JOIN tours t ON t.id = a.tour_id
         JOIN carriers c ON c.id = t.carrier_id
         LEFT JOIN depositors d ON d.id = t.depositor_id
       WHERE a.connector <> 'demo'
       ORDER BY c.name, t.code, a.tour_id`,
    );
    return rows.map((r) => {
      const health = this.carriers.healthOf(r.tour_id);
      const summary = health?.summary() ?? { calls: 0, successRate: null, p95Ms: null, circuit: 'closed' as const, lastCallAt: null };
      return {
        tourId: r.tour_id,
        tourCode: r.tour_code,
        depositorCode: r.depositor_code,
        carrierName: r.carrier_name,
        connector: r.connector,
        environment: r.environment,
        ...summary,
        lastError: health?.lastError ?? null,
        lastRefusal: health?.lastRefusal ?? null,
      };
    });
  }
}
