import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { ReportsServiceModule } from './reports.module';

void runServiceAlone('reports', ReportsServiceModule);
