import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { CertificatesController } from './certificates/certificates.controller';
import { CertificatesRepository } from './certificates/certificates.repository';
import { CertificatesService } from './certificates/certificates.service';
import { ExcursionTracker } from './excursions/excursion-tracker';
import { ExcursionsController } from './excursions/excursions.controller';
import { ExcursionsService } from './excursions/excursions.service';
import { ExportController } from './export/export.controller';
import { ExportService } from './export/export.service';
import { GraphController } from './graph/graph.controller';
import { GraphService } from './graph/graph.service';
import { HealthController } from './health/health.controller';
import { CreateFever1767000000000 } from './migrations/1767000000000-CreateFever';
import { ApiKeyCache } from './mqtt/api-key-cache';
import { FeverMqttSubscriber } from './mqtt/mqtt.subscriber';
import { PlansController } from './plans/plans.controller';
import { PlansService } from './plans/plans.service';
import { ProbesController } from './probes/probes.controller';
import { ProbesService } from './probes/probes.service';
import { ReadingPartitions } from './readings/partitions';
import { ReadingsController } from './readings/readings.controller';
import { ReadingsService } from './readings/readings.service';
import { SilenceJob } from './silence/silence.job';
import { ZonesController } from './zones/zones.controller';
import { ZonesService } from './zones/zones.service';

/**
 * The fever service owns the temperature and humidity probes (spec §1 Fever, §3 Probe): the zones
 * of the platforms and their thresholds, the plans with the probes placed on them, the readings
 * (partitioned by month, rolled up per hour), silences and excursions, and the cold-chain
 * certificates of tracking's orders. Every table is depositor-scoped by row-level security.
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'fever', entities: [], migrations: [CreateFever1767000000000] })],
  controllers: [
    HealthController,
    CertificatesController,
    ReadingsController,
    ExcursionsController,
    ZonesController,
    PlansController,
    ProbesController,
    GraphController,
    ExportController,
  ],
  providers: [
    CertificatesRepository,
    CertificatesService,
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
    ReadingPartitions,
    ExcursionTracker,
    ReadingsService,
    ExcursionsService,
    SilenceJob,
    ApiKeyCache,
    FeverMqttSubscriber,
    ZonesService,
    PlansService,
    ProbesService,
    GraphService,
    ExportService,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
  ],
  exports: [ReadingsService],
})
export class FeverServiceModule {}
