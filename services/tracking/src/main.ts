import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { TrackingServiceModule } from './tracking.module';

void runServiceAlone('tracking', TrackingServiceModule);
