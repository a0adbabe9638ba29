export * from './roles';
export * from './apps';
export * from './settings';
export * from './errors';
export * from './context';
export * from './subjects';
export * from './dto';
