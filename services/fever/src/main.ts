import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { FeverServiceModule } from './fever.module';

void runServiceAlone('fever', FeverServiceModule);
