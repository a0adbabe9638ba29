import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/db';
import { HealthController } from './health/health.controller';
import { CreateReports1767000000000 } from './migrations/1767000000000-CreateReports';

/**
 * The reports library (spec §2 /report/{id}, issue 17): the catalogue, and a reporting projection
 * fed by the owning services' events (orders, movements, claims, excursions, shipments, alerts)
 * from which each report is computed; it never reads another service's database.
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'reports', entities: [], migrations: [CreateReports1767000000000] })],
  controllers: [HealthController],
  providers: [],
})
export class ReportsServiceModule {}
