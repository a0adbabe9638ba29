export { AuthServiceModule } from './auth.module';
export { seedAuthDemo, DEMO_USERS, DEMO_PASSWORD, DEMO_API_KEYS, DEMO_MASTER_PROFILES } from './demo/seed';
export { createApiKey } from './api-keys/api-keys.service';
export { SessionsService } from './sessions/sessions.service';
