export * from './mail';
export * from './relay';
