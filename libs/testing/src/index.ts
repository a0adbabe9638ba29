export * from './database';
export * from './context';
export * from './service-app';
