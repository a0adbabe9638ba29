import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { StockServiceModule } from './stock.module';

void runServiceAlone('stock', StockServiceModule);
