export { ReportsServiceModule } from './reports.module';
export { seedReportsDemo } from './demo/seed';
