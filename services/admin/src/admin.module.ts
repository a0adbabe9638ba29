import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { Mailer } from '@portal/mail';
import { Announcement, AnnouncementHidden } from './announcements/announcement.entity';
import { AnnouncementsAdminController } from './announcements/announcements-admin.controller';
import { AnnouncementsAdminService } from './announcements/announcements-admin.service';
import { AnnouncementsController } from './announcements/announcements.controller';
import { AnnouncementsRepository } from './announcements/announcements.repository';
import { AnnouncementsService } from './announcements/announcements.service';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { DataImportController } from './data-import/data-import.controller';
import { DepositorsImport } from './data-import/depositors-import';
import { Activity } from './depositors/activity.entity';
import { Depositor } from './depositors/depositor.entity';
import { DepositorsController } from './depositors/depositors.controller';
import { DepositorsRepository } from './depositors/depositors.repository';
import { DepositorsService } from './depositors/depositors.service';
import { Store } from './depositors/store.entity';
import { EmailTemplate } from './email-templates/email-template.entity';
import { EmailTemplatesController } from './email-templates/email-templates.controller';
import { EmailTemplatesRepository } from './email-templates/email-templates.repository';
import { EmailTemplatesService } from './email-templates/email-templates.service';
import { TemplatesAdminController } from './email-templates/templates-admin.controller';
import { TemplatesAdminService } from './email-templates/templates-admin.service';
import { FiguresController } from './figures/figures.controller';
import { FiguresRepository } from './figures/figures.repository';
import { FiguresService } from './figures/figures.service';
import { GeoController } from './geo/geo.controller';
import { GeoService } from './geo/geo.service';
import { HealthController } from './health/health.controller';
import { LogEntry } from './logs/log.entity';
import { LogosController } from './logos/logos.controller';
import { LogosService } from './logos/logos.service';
import { LogsAdminController } from './logs/logs-admin.controller';
import { LogsAdminService } from './logs/logs-admin.service';
import { LogsRepository } from './logs/logs.repository';
import { SecurityLogConsumer } from './logs/security-log.consumer';
import { SecurityLogService } from './logs/security-log.service';
import { MailOutboxController } from './mail-outbox/mail-outbox.controller';
import { MailOutboxRepository } from './mail-outbox/mail-outbox.repository';
import { MailOutboxService } from './mail-outbox/mail-outbox.service';
import { CreateAdmin1763790000000 } from './migrations/1763790000000-CreateAdmin';
import { RefreshDepositorPolicies1764200000000 } from './migrations/1764200000000-RefreshDepositorPolicies';
import { AnnouncementAudience1765500000000 } from './migrations/1765500000000-AnnouncementAudience';
import { AlertEmailTemplates1766100000000 } from './migrations/1766100000000-AlertEmailTemplates';
import { AuditTrail1767200000000 } from './migrations/1767200000000-AuditTrail';
import { AdminReference1766900000000 } from './migrations/1766900000000-AdminReference';
import { DataImport1767300000000 } from './migrations/1767300000000-DataImport';
import { ImportLeases1769150000000 } from './migrations/1769150000000-ImportLeases';
import { LogMessageKeys1769210000000 } from './migrations/1769210000000-LogMessageKeys';
import { MailOutboxDepositors1768100000000 } from './migrations/1768100000000-MailOutboxDepositors';
import { AlertTemplatesTrackingLink1768600000000 } from './migrations/1768600000000-AlertTemplatesTrackingLink';
import { Platform } from './platforms/platform.entity';
import { PlatformsController } from './platforms/platforms.controller';
import { PlatformsRepository } from './platforms/platforms.repository';
import { PlatformsService } from './platforms/platforms.service';
import { ReferenceListsController } from './reference-lists/reference-lists.controller';
import { ReferenceTables } from '@portal/bus';
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_MAILBOX } from './support/support.dto';
import { SupportController } from './support/support.controller';
import { SupportService } from './support/support.service';
import { TrackingTranslations1769000000000 } from './migrations/1769000000000-TrackingTranslations';
import { TrackingTranslationsController } from './tracking-translations/tracking-translations.controller';
import { TrackingTranslationsService } from './tracking-translations/tracking-translations.service';

/**
 * The admin service owns the reference data: depositors with their activities and stores,
 * platforms, countries and states, announcements, email templates, back-office logs and the
 * support mailbox, and their back office (issue 18: reference lists, templates with preview, logos,
 * logs acknowledgement, announcements; every change on the outbox). Guards and the error filter come from the hosting root (BusModule + RpcRolesGuard).
 */
@Module({
  imports: [
    DatabaseModule.forService({
      service: 'admin',
      entities: [Platform, Depositor, Activity, Store, Announcement, AnnouncementHidden, EmailTemplate, LogEntry],
      migrations: [
        CreateAdmin1763790000000,
        RefreshDepositorPolicies1764200000000,
        AnnouncementAudience1765500000000,
        AlertEmailTemplates1766100000000,
        AuditTrail1767200000000,
        AdminReference1766900000000,
        DataImport1767300000000,
        MailOutboxDepositors1768100000000,
        AlertTemplatesTrackingLink1768600000000,
        TrackingTranslations1769000000000,
        ImportLeases1769150000000,
        LogMessageKeys1769210000000,
      ],
    }),
  ],
  controllers: [
    DataImportController,
    GeoController,
    DepositorsController,
    PlatformsController,
    AnnouncementsController,
    FiguresController,
    EmailTemplatesController,
    SupportController,
    MailOutboxController,
    HealthController,
    SecurityLogConsumer,
    AuditController,
    ReferenceListsController,
    TemplatesAdminController,
    LogosController,
    LogsAdminController,
    AnnouncementsAdminController,
    TrackingTranslationsController,
  ],
  providers: [
    DepositorsImport,
    GeoService,
    DepositorsRepository,
    DepositorsService,
    PlatformsRepository,
    PlatformsService,
    AnnouncementsRepository,
    AnnouncementsService,
    FiguresRepository,
    FiguresService,
    EmailTemplatesRepository,
    EmailTemplatesService,
    SupportService,
    MailOutboxRepository,
    MailOutboxService,
    LogsRepository,
    SecurityLogService,
    AuditService,
    ReferenceTables,
    TemplatesAdminService,
    LogosService,
    LogsAdminService,
    AnnouncementsAdminService,
    TrackingTranslationsService,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    { provide: SUPPORT_MAILBOX, useFactory: () => process.env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL },
    { provide: Mailer, useFactory: (db: Db) => new Mailer(db), inject: [Db] },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class AdminServiceModule {}
