export { StockServiceModule } from './stock.module';
export { seedStockDemo } from './demo/seed';
