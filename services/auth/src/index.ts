export { AuthServiceModule } from './auth.module';
export { seedAuthDemo, DEMO_USERS, DEMO_PASSWORD } from './demo/seed';
export { SessionsService } from './sessions/sessions.service';
