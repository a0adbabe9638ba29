import { Module } from '@nestjs/common';
import { BUS_TRANSPORT, OutboxRelay, type BusTransport } from '@portal/bus';
import { DatabaseModule, Db } from '@portal/db';
import { DepositorDirectory } from './depositors/depositor-directory';
import { FeedController } from './feed/feed.controller';
import { FeedRepository } from './feed/feed.repository';
import { FeedService } from './feed/feed.service';
import { FiguresController } from './figures/figures.controller';
import { FiguresRepository } from './figures/figures.repository';
import { FiguresService } from './figures/figures.service';
import { HealthController } from './health/health.controller';
import { ItemsController } from './items/items.controller';
import { ItemsRepository } from './items/items.repository';
import { ItemsService } from './items/items.service';
import { CreateStock1764100000000 } from './migrations/1764100000000-CreateStock';
import { RefreshDepositorPolicies1764200000000 } from './migrations/1764200000000-RefreshDepositorPolicies';
import { AddSearchIndexes1764300000000 } from './migrations/1764300000000-AddSearchIndexes';
import { NarrowByPlatformAndStore1764400000000 } from './migrations/1764400000000-NarrowByPlatformAndStore';
import { LoopReservations1765600000001 } from './migrations/1765600000001-LoopReservations';
import { MovementsByStore1769300000000 } from './migrations/1769300000000-MovementsByStore';
import { LoopStockController } from './loop/loop-stock.controller';
import { LoopStockService } from './loop/loop-stock.service';
import { LoopWarehouseConsumer } from './loop/loop-warehouse.consumer';
import { MovementsController } from './movements/movements.controller';
import { MovementsRepository } from './movements/movements.repository';
import { MovementsService } from './movements/movements.service';
import { ReportsFeedController } from './reports-feed/reports-feed.controller';
import { ReportsFeedService } from './reports-feed/reports-feed.service';
import { StockController } from './stock-lines/stock.controller';
import { StockRepository } from './stock-lines/stock.repository';
import { StockService } from './stock-lines/stock.service';

/**
 * The stock service owns My Stocks and My Items: stock lines (replaced per depositor and platform
 * by the warehouse system's snapshots), movements, item sheets with their packing levels, and the
 * warehouse feed that writes them. Queries are raw SQL (no entities): bulk writes go through
 * unnest arrays, and each list answers its page and count in one statement.
 */
@Module({
  imports: [
    DatabaseModule.forService({
      service: 'stock',
      entities: [],
      migrations: [
        CreateStock1764100000000,
        RefreshDepositorPolicies1764200000000,
        AddSearchIndexes1764300000000,
        NarrowByPlatformAndStore1764400000000,
        LoopReservations1765600000001,
        MovementsByStore1769300000000,
      ],
    }),
  ],
  controllers: [
    StockController,
    MovementsController,
    ItemsController,
    FeedController,
    FiguresController,
    HealthController,
    LoopStockController,
    LoopWarehouseConsumer,
    ReportsFeedController,
  ],
  providers: [
    StockRepository,
    StockService,
    MovementsRepository,
    MovementsService,
    ItemsRepository,
    ItemsService,
    FeedRepository,
    FeedService,
    FiguresRepository,
    FiguresService,
    DepositorDirectory,
    LoopStockService,
    ReportsFeedService,
    { provide: OutboxRelay, useFactory: (db: Db, t: BusTransport) => new OutboxRelay(db, t), inject: [Db, BUS_TRANSPORT] },
  ],
})
export class StockServiceModule {}
