import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { AdminServiceModule } from './admin.module';

void runServiceAlone('admin', AdminServiceModule);
