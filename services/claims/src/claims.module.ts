import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { Mailer } from '@portal/mail';
import { AttachmentsService } from './attachments/attachments.service';
import { ClaimMails } from './claims/claim-mails';
import { ClaimMoves } from './claims/claim-moves';
import { ClaimsController } from './claims/claims.controller';
import { ClaimsService } from './claims/claims.service';
import { HealthController } from './health/health.controller';
import { CreateClaims1766000000000 } from './migrations/1766000000000-CreateClaims';

/**
 * The claims service owns the customers' claims (spec §1 Claim): their lines, the evidence copied
 * from the delivery, the attachments and the mails to their creators. It asks tracking for the
 * deliveries over the bus; every table is depositor-scoped by row-level security.
 */
@Module({
  imports: [DatabaseModule.forService({ service: 'claims', entities: [], migrations: [CreateClaims1766000000000] })],
  controllers: [ClaimsController, HealthController],
  providers: [
    ClaimsService,
    ClaimMoves,
    ClaimMails,
    AttachmentsService,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    { provide: Mailer, useFactory: (db: Db) => new Mailer(db), inject: [Db] },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class ClaimsServiceModule {}
