export * from './content-type';
export * from './storage';
