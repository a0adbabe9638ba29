import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { loadSigningKey, TokenService } from '@portal/auth';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminReferenceHttpModule } from './admin-reference/admin-reference.module';
import { AlertsHttpModule } from './alerts/alerts.module';
import { AuditHttpModule } from './audit/audit.controller';
import { AuthController } from './auth/auth.controller';
import { ClaimsHttpModule } from './claims/claims.module';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardProfilesController } from './dashboard/profiles.controller';
import { DashboardTilesCache } from './dashboard/tiles-cache';
import { ExportsHttpModule } from './exports/exports.module';
import { FeverHttpModule } from './fever/fever.module';
import { FeverExcursionsController } from './fever/fever-excursions.controller';
import { FeverIngestController } from './fever/fever-ingest.controller';
import { HealthController } from './health/health.controller';
import { IntegrationsController } from './integrations/integrations.controller';
import { LiveHttpModule } from './live/live.controller';
import { WebhooksController } from './integrations/webhooks.controller';
import { RateLimitGuard, RateLimitModule } from './http/rate-limit';
import { SessionGuard } from './http/session.guard';
import { SessionCache } from './http/session-cache';
import { SessionResolver } from './http/session-resolver';
import { PublicTrackingHttpModule } from './public-tracking/public-tracking.module';
import { ReferenceHttpModule } from './reference/reference.module';
import { ReportsHttpModule } from './reports/reports.module';
import { HubyHttpModule } from './huby/huby.module';
import { StatisticsHttpModule } from './statistics/statistics.module';
import { UsageModule } from './statistics/usage.module';
import { StockHttpModule } from './stock/stock.module';
import { TrackingHttpModule } from './tracking/tracking.module';
import { TrackingTranslationsHttpModule } from './tracking-translations/tracking-translations.module';
import { UserController } from './user/user.controller';

/** Feature modules of the gateway's HTTP surface, added by each service's issue. */
const FEATURE_MODULES: (Type | DynamicModule)[] = [
  ReferenceHttpModule,
  ExportsHttpModule,
  TrackingHttpModule,
  StockHttpModule,
  HubyHttpModule,
  AlertsHttpModule,
  ClaimsHttpModule,
  FeverHttpModule,
  AuditHttpModule,
  AdminReferenceHttpModule,
  ReportsHttpModule,
  PublicTrackingHttpModule,
  LiveHttpModule,
  TrackingTranslationsHttpModule,
  StatisticsHttpModule,
];

/** The gateway: the only HTTP entry, spec §7 paths, session guard, rate limits. */
@Module({
  imports: [RateLimitModule, UsageModule, ...FEATURE_MODULES],
  // AdminUsersController drops cached sessions (SessionCache) when it deactivates or changes a user.
  controllers: [
    AuthController,
    UserController,
    DashboardProfilesController,
    DashboardController,
    HealthController,
    FeverIngestController,
    FeverExcursionsController,
    AdminUsersController,
    IntegrationsController,
    WebhooksController,
  ],
  providers: [
    SessionResolver,
    SessionCache,
    DashboardTilesCache,
    { provide: TokenService, useFactory: () => new TokenService(loadSigningKey()) },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
})
export class GatewayModule {}
