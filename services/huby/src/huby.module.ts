import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, laneLimits, OutboxRelay, ReferenceTables, type BusTransport } from '@portal/bus';
import { CarrierAccountSubjects, HubySubjects, systemContext } from '@portal/contracts';
import { DatabaseModule, Db } from '@portal/db';
import { Mailer } from '@portal/mail';
import { AddressesController } from './addresses/addresses.controller';
import { AddressesService } from './addresses/addresses.service';
import { Depositors } from './depositors/depositors';
import { HealthController } from './health/health.controller';
import { GeoOrderController } from './geo-order/geo-order.controller';
import { GeoOrderService } from './geo-order/geo-order.service';
import { CreateHuby1764800000000 } from './migrations/1764800000000-CreateHuby';
import { TransportPlan1764900000000 } from './migrations/1764900000000-TransportPlan';
import { PickupsAndRetention1765000000000 } from './migrations/1765000000000-PickupsAndRetention';
import { CarrierVouchers1765100000000 } from './migrations/1765100000000-CarrierVouchers';
import { CarrierTracking1765200000000 } from './migrations/1765200000000-CarrierTracking';
import { PickupConfirmation1765300000000 } from './migrations/1765300000000-PickupConfirmation';
import { Labels1765400000000 } from './migrations/1765400000000-Labels';
import { OrderImport1765700000000 } from './migrations/1765700000000-OrderImport';
import { FileStorage, LocalFileStorage } from '@portal/files';
import { ImportController } from './import/import.controller';
import { ImportSample } from './import/import-sample';
import { ImportService } from './import/import.service';
import { AddressesImport } from './addresses/addresses-import';
import { AddressesImportController } from './addresses/addresses-import.controller';
import { AddressListOrder1765800000000 } from './migrations/1765800000000-AddressListOrder';
import { ImportKinds1767300000000 } from './migrations/1767300000000-ImportKinds';
import { LoopOrders1765600000000 } from './migrations/1765600000000-LoopOrders';
import { LoopController } from './loop/loop.controller';
import { LoopService } from './loop/loop.service';
import { LoopSettledConsumer } from './loop/loop-settled.consumer';
import { LabelsController } from './labels/labels.controller';
import { LabelsService } from './labels/labels.service';
import { CarrierEventsJob } from './carriers/carrier-events.job';
import { InterruptedLabelsJob } from './shipments/interrupted-labels.job';
import { CarrierReportsConsumer } from './carriers/carrier-reports.consumer';
import { CarrierAdapters } from './carriers/carrier-adapter';
import { ConnectorTrackingJob } from './carriers/connector-tracking.job';
import { DemoCarrierFakes } from './carriers/demo-fakes';
import { carrierLineOptions } from './carriers/connectors/carrier-line';
import { connectorFor } from './carriers/connectors/connectors';
import { DemoCarrier, demoCarrierStepMs } from './carriers/demo-carrier';
import { PickupsController } from './pickups/pickups.controller';
import { PickupsService } from './pickups/pickups.service';
import { AddressRetention } from './retention/address-retention';
import { ToursController } from './tours/tours.controller';
import { TransportAdminController } from './tours/transport-admin.controller';
import { TransportPlanAdmin1767400000000 } from './migrations/1767400000000-TransportPlanAdmin';
import { CarrierLabels1767600000000 } from './migrations/1767600000000-CarrierLabels';
import { ConnectorTracking1767700000000 } from './migrations/1767700000000-ConnectorTracking';
import { ImportLeases1769150000000 } from './migrations/1769150000000-ImportLeases';
import { CarrierAccounts1767500000000 } from './migrations/1767500000000-CarrierAccounts';
import { CarrierAccountsController } from './carriers/accounts/carrier-accounts.controller';
import { CarrierHealthController } from './carriers/carrier-health.controller';
import { CarrierAccountsService } from './carriers/accounts/carrier-accounts.service';
import { ToursService } from './tours/tours.service';
import { ShipmentsController } from './shipments/shipments.controller';
import { ShipmentsService } from './shipments/shipments.service';

/**
 * The Huby service owns Dashtower: the shipper and recipient address books, the depositors' Huby
 * settings and packaging types, and the shipments with their status history. Queries are raw SQL
 * on the list kit; every table is depositor-scoped by row-level security.
 */
/**
 * What waits on a carrier's web service (labels, voids, pickups, the connection test): many at once
 * and a longer wait for a turn, since each turn mostly waits for the carrier, not the database.
 */
for (const subject of [
  HubySubjects.shipmentsRequestLabels,
  HubySubjects.shipmentsCancel,
  HubySubjects.pickupsCreate,
  CarrierAccountSubjects.test,
])
  laneLimits(subject, { concurrency: 32, maxWaitMs: 10_000 });

@Module({
  imports: [
    DatabaseModule.forService({
      service: 'huby',
      entities: [],
      migrations: [
        CreateHuby1764800000000,
        TransportPlan1764900000000,
        PickupsAndRetention1765000000000,
        CarrierVouchers1765100000000,
        CarrierTracking1765200000000,
        PickupConfirmation1765300000000,
        Labels1765400000000,
        OrderImport1765700000000,
        AddressListOrder1765800000000,
        ImportKinds1767300000000,
        TransportPlanAdmin1767400000000,
        CarrierAccounts1767500000000,
        CarrierLabels1767600000000,
        ConnectorTracking1767700000000,
        LoopOrders1765600000000,
        ImportLeases1769150000000,
      ],
    }),
  ],
  controllers: [
    AddressesImportController,
    ShipmentsController,
    LabelsController,
    AddressesController,
    GeoOrderController,
    ToursController,
    TransportAdminController,
    CarrierAccountsController,
    CarrierHealthController,
    PickupsController,
    ImportController,
    CarrierReportsConsumer,
    HealthController,
    LoopController,
    LoopSettledConsumer,
  ],
  providers: [
    ShipmentsService,
    LabelsService,
    AddressesService,
    GeoOrderService,
    Depositors,
    ToursService,
    ReferenceTables,
    CarrierAccountsService,
    PickupsService,
    AddressRetention,
    CarrierEventsJob,
    InterruptedLabelsJob,
    ConnectorTrackingJob,
    DemoCarrierFakes,
    ImportService,
    AddressesImport,
    ImportSample,
    { provide: FileStorage, useFactory: () => new LocalFileStorage() },
    LoopService,
    {
      // A tour's shipments go through its carrier account's connector; a tour without one through the demo carrier.
      provide: CarrierAdapters,
      useFactory: (db: Db, accounts: CarrierAccountsService) =>
        new CarrierAdapters(
          new DemoCarrier(
            async () =>
              Number(
                (await db.scopedQuery<{ n: string }>(systemContext('carrier-voucher'), `SELECT nextval('carrier_voucher_seq') AS n`))[0].n,
              ),
            demoCarrierStepMs(),
          ),
          accounts,
          (account, health) => connectorFor(account, { ...carrierLineOptions(), circuit: (state) => health.circuit(state) }),
        ),
      inject: [Db, CarrierAccountsService],
    },
    { provide: Mailer, useFactory: (db: Db) => new Mailer(db), inject: [Db] },
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class HubyServiceModule {}
