import { Module } from '@nestjs/common';
import { ExportsHttpModule } from '../exports/exports.module';
import { StockFeedController } from './feed.controller';
import { StockController } from './stock.controller';

/** HTTP side of the stock service: My Stocks, My Items, their exports, and the warehouse feed. */
@Module({ imports: [ExportsHttpModule], controllers: [StockController, StockFeedController] })
export class StockHttpModule {}
