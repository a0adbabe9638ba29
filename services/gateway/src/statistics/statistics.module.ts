import { Module } from '@nestjs/common';
import { ExportsHttpModule } from '../exports/exports.module';
import { StatisticsController } from './statistics.controller';

/** /api/admin/statistics and its export (ADMIN_STATISTICS), answered by the reports service. */
@Module({ imports: [ExportsHttpModule], controllers: [StatisticsController] })
export class StatisticsHttpModule {}
