import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { ClaimsServiceModule } from './claims.module';

void runServiceAlone('claims', ClaimsServiceModule);
