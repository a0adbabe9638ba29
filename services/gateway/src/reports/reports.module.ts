import { Module } from '@nestjs/common';
import { ExportsHttpModule } from '../exports/exports.module';
import { ReportsController } from './reports.controller';

/** HTTP side of the reports service: /api/reports (catalogue), /api/reports/:id (figures), /api/reports/:id/export. */
@Module({ imports: [ExportsHttpModule], controllers: [ReportsController] })
export class ReportsHttpModule {}
