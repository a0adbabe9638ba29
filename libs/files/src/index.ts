export * from './content-type';
export * from './storage';
export * from './file-name';
export * from './peek';
export * from './imports';
