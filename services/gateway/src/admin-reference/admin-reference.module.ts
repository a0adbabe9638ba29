import { Module } from '@nestjs/common';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { AnnouncementsController } from './announcements.controller';
import { DataImportController } from './data-import.controller';
import { LogosController } from './logos.controller';
import { LogsController } from './logs.controller';
import { ReferenceListsController } from './reference-lists.controller';
import { TemplatesController } from './templates.controller';

/**
 * HTTP side of the back office's reference data (issue 18 item 2), answered by the admin service:
 * /api/admin/depositors, platforms, activities, stores, email-templates, logs, announcements, and
 * the logos (/api/logo for the caller's own depositor), and the data import (/api/admin/imports/:kind).
 */
@Module({
  controllers: [
    ReferenceListsController,
    TemplatesController,
    LogsController,
    AnnouncementsController,
    LogosController,
    DataImportController,
  ],
  providers: [{ provide: FileStorage, useFactory: () => new LocalFileStorage() }],
})
export class AdminReferenceHttpModule {}
