import 'reflect-metadata';
import { runServiceAlone } from '@portal/auth';
import { HubyServiceModule } from './huby.module';

void runServiceAlone('huby', HubyServiceModule);
