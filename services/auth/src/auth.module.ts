import { Module } from '@nestjs/common';
import { loadSigningKey, TokenService } from '@portal/auth';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { Mailer, MailRelay } from '@portal/mail';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersRepository } from './admin-users/admin-users.repository';
import { AdminUsersService } from './admin-users/admin-users.service';
import { BackOffice } from './admin-users/back-office';
import { UsersImport } from './admin-users/users-import';
import { UsersImportController } from './admin-users/users-import.controller';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardTile } from './dashboard/dashboard-tile.entity';
import { DashboardService } from './dashboard/dashboard.service';
import { DashboardProfilesController } from './dashboard/dashboard-profiles.controller';
import { DashboardProfilesService } from './dashboard/dashboard-profiles.service';
import { ExportJobsController } from './exports/export-jobs.controller';
import { EXPORT_MAIL_RELAY, ExportJobsService } from './exports/export-jobs.service';
import { ExportMailsController } from './exports/export-mails.controller';
import { ExportMailsService } from './exports/export-mails.service';
import { HealthController } from './health/health.controller';
import { CreateAuth1763780000000 } from './migrations/1763780000000-CreateAuth';
import { CreateApiKeys1763800000000 } from './migrations/1763800000000-CreateApiKeys';
import { FilterPlatforms1764500000000 } from './migrations/1764500000000-FilterPlatforms';
import { ExportJobs1765000000000 } from './migrations/1765000000000-ExportJobs';
import { AdminUsers1766600000000 } from './migrations/1766600000000-AdminUsers';
import { ExportMailsAndRetention1767900000002 } from './migrations/1767900000002-ExportMailsAndRetention';
import { DashboardProfiles1767100000000 } from './migrations/1767100000000-DashboardProfiles';
import { DashboardTilesInProfiles1767950000000 } from './migrations/1767950000000-DashboardTilesInProfiles';
import { DataImport1768000000000 } from './migrations/1768000000000-DataImport';
import { ImportLeases1769150000000 } from './migrations/1769150000000-ImportLeases';
import { ClientApiKeys1768200000000 } from './migrations/1768200000000-ClientApiKeys';
import { PasswordReset } from './passwords/password-reset.entity';
import { PasswordsController } from './passwords/passwords.controller';
import { PasswordsService } from './passwords/passwords.service';
import { RoleGroupsController } from './role-groups/role-groups.controller';
import { RoleGroupsService } from './role-groups/role-groups.service';
import { Session } from './sessions/session.entity';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsRepository } from './sessions/sessions.repository';
import { ScopeCodes } from './sessions/scope-codes';
import { SessionsService } from './sessions/sessions.service';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';
import { RoleGroup, User } from './users/user.entity';
import { UsersRepository } from './users/users.repository';

/** The auth database's migrations, in order (the service and the first-administrator command run them). */
export const AUTH_MIGRATIONS = [
  CreateAuth1763780000000,
  CreateApiKeys1763800000000,
  FilterPlatforms1764500000000,
  ExportJobs1765000000000,
  AdminUsers1766600000000,
  ExportMailsAndRetention1767900000002,
  DashboardProfiles1767100000000,
  DashboardTilesInProfiles1767950000000,
  DataImport1768000000000,
  ClientApiKeys1768200000000,
  ImportLeases1769150000000,
];

/** The auth service: users, credentials, sessions, roles and scopes, user settings, dashboard tiles, user imports. */
@Module({
  imports: [
    DatabaseModule.forService({
      service: 'auth',
      entities: [User, RoleGroup, Session, PasswordReset, DashboardTile],
      migrations: AUTH_MIGRATIONS,
    }),
  ],
  controllers: [
    ApiKeysController,
    SessionsController,
    PasswordsController,
    SettingsController,
    DashboardController,
    DashboardProfilesController,
    ExportMailsController,
    ExportJobsController,
    AdminUsersController,
    UsersImportController,
    RoleGroupsController,
    HealthController,
  ],
  providers: [
    UsersImport,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    UsersRepository,
    SessionsRepository,
    SessionsService,
    ScopeCodes,
    PasswordsService,
    SettingsService,
    DashboardService,
    DashboardProfilesService,
    ApiKeysService,
    ExportMailsService,
    ExportJobsService,
    AdminUsersRepository,
    AdminUsersService,
    BackOffice,
    RoleGroupsService,
    { provide: TokenService, useFactory: () => new TokenService(loadSigningKey()) },
    { provide: Mailer, useFactory: (db: Db) => new Mailer(db), inject: [Db] },
    // Sends the mails written in a transaction (the background exports' ones), with retries.
    { provide: MailRelay, useFactory: (db: Db, mailer: Mailer) => new MailRelay(db, mailer, EXPORT_MAIL_RELAY), inject: [Db, Mailer] },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class AuthServiceModule {}
