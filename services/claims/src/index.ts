export { ClaimsServiceModule } from './claims.module';
export { seedClaimsDemo } from './demo/seed';
