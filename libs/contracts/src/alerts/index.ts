/** Contracts of the alerts service (My VIP, My DOC): alert form, kinds, subjects, events, list. */
export * from './alerts';
export * from './lists';
export * from './subjects';
export * from './errors';
