export { HubyServiceModule } from './huby.module';
export { seedHubyDemo } from './demo/seed';
