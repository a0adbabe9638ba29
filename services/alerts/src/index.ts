export { AlertsServiceModule } from './alerts.module';
export { seedAlertsDemo } from './demo/seed';
