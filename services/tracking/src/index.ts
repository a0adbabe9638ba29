export { TrackingServiceModule } from './tracking.module';
export { TRACKING_MIGRATIONS } from './migrations';
export { seedTrackingDemo } from './demo/seed';
export { DEMO_CARRIER_SECRETS, setCarrierSecret } from './demo/carrier-secrets';
export { sign as signCarrierWebhook } from './webhooks/webhooks.service';
