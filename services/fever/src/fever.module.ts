import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { ExportController } from './export/export.controller';
import { ExportService } from './export/export.service';
import { GraphController } from './graph/graph.controller';
import { GraphService } from './graph/graph.service';
import { HealthController } from './health/health.controller';
import { CreateFever1767000000000 } from './migrations/1767000000000-CreateFever';
import { PlansController } from './plans/plans.controller';
import { PlansService } from './plans/plans.service';
import { ProbesController } from './probes/probes.controller';
import { ProbesService } from './probes/probes.service';
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
  controllers: [HealthController, ZonesController, PlansController, ProbesController, GraphController, ExportController],
  providers: [
    ZonesService,
    PlansService,
    ProbesService,
    GraphService,
    ExportService,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class FeverServiceModule {}
