export { ALERTS_MIGRATIONS, AlertsServiceModule } from './alerts.module';
export { seedAlertsDemo } from './demo/seed';
export { ProjectionCatchUp } from './projection/catch-up';
