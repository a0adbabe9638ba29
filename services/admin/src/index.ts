export { AdminServiceModule } from './admin.module';
export { seedAdminDemo } from './demo/seed';
export { DEMO_DEPOSITOR_IDS } from './demo/demo-data';
