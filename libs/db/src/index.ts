export * from './config';
export * from './db';
export * from './database.module';
export * from './embedded';
export * from './rls';
export * from './scope';
export * from './list';
export * from './statistics';
