export * from './content-type';
export * from './storage';
export * from './file-name';
