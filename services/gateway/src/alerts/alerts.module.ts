import { Module } from '@nestjs/common';
import { AlertsController } from './alerts.controller';

/** HTTP side of the alerts service: My VIP and My DOC (/api/alerts). */
@Module({ controllers: [AlertsController] })
export class AlertsHttpModule {}
