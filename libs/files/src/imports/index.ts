export * from './reader';
export * from './lines';
export * from './runs';
export * from './keyed';
export * from './tables';
export * from './controller';
