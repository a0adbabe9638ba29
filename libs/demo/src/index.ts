/** Deterministic demo data shared by the services' demo seeds (all-in-one mode only). */
export * from './carriers';
export * from './catalogue';
export * from './orders';
export * from './loop';
