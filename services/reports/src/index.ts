export { ReportsServiceModule, REPORTS_MIGRATIONS } from './reports.module';
export { seedReportsDemo } from './demo/seed';
export { ProjectionCatchUp } from './projection/catch-up';
