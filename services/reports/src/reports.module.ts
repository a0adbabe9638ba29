import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/db';
import { HealthController } from './health/health.controller';
import { CreateReports1767000000000 } from './migrations/1767000000000-CreateReports';
import { ReportingProjection1767100000000 } from './migrations/1767100000000-ReportingProjection';
import { AlertMailOutcomes1767300000000 } from './migrations/1767300000000-AlertMailOutcomes';
import { ScopedReportAggregates1768000000000 } from './migrations/1768000000000-ScopedReportAggregates';
import { PortalUsage1769200000000 } from './migrations/1769200000000-PortalUsage';
import { ProjectionCatchUp } from './projection/catch-up';
import { ProjectionConsumer } from './projection/projection.consumer';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';
import { StatisticsController } from './statistics/statistics.controller';
import { StatisticsService } from './statistics/statistics.service';

/** The reports database's migrations, in order (the service and the benchmark run them). */
export const REPORTS_MIGRATIONS = [
  CreateReports1767000000000,
  ReportingProjection1767100000000,
  AlertMailOutcomes1767300000000,
  ScopedReportAggregates1768000000000,
  PortalUsage1769200000000,
];

/**
 * The reports library (spec §2 /report/{id}, issue 17): the catalogue (libs/contracts reports), and a
 * reporting projection fed by the owning services' events (orders, movements, stock lines, claims,
 * excursions, Huby shipments, alert mails) from which each report is computed; it never reads
 * another service's database. And the back office's statistics of the portal's use (issue 36).
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'reports', entities: [], migrations: REPORTS_MIGRATIONS })],
  controllers: [HealthController, ReportsController, StatisticsController, ProjectionConsumer],
  providers: [ReportsService, StatisticsService, ProjectionCatchUp],
})
export class ReportsServiceModule {}
