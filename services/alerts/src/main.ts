import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { AlertsServiceModule } from './alerts.module';

void runServiceAlone('alerts', AlertsServiceModule);
