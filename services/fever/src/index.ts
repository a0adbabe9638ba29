export { FeverServiceModule } from './fever.module';
export { seedFeverDemo } from './demo/seed';
