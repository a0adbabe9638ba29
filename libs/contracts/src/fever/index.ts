export * from './fever';
export * from './errors';
export * from './subjects';
export * from './manage';
export * from './certificate';
export * from './excursions';
