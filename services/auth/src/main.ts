import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { AuthServiceModule } from './auth.module';

void runServiceAlone('auth', AuthServiceModule);
