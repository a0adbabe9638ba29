import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { CertificatesController } from './certificates/certificates.controller';
import { CertificatesRepository } from './certificates/certificates.repository';
import { CertificatesService } from './certificates/certificates.service';
import { HealthController } from './health/health.controller';
import { CreateFever1767000000000 } from './migrations/1767000000000-CreateFever';

/**
 * The fever service owns the temperature and humidity probes (spec §1 Fever, §3 Probe): the zones
 * of the platforms and their thresholds, the plans with the probes placed on them, the readings
 * (partitioned by month, rolled up per hour), silences and excursions, and the cold-chain
 * certificates of tracking's orders. Every table is depositor-scoped by row-level security.
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'fever', entities: [], migrations: [CreateFever1767000000000] })],
  controllers: [HealthController, CertificatesController],
  providers: [
    CertificatesRepository,
    CertificatesService,
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class FeverServiceModule {}
