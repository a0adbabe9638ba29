export * from './reference';
export * from './errors';
