/** Contracts of the tracking service: subjects, event types, error keys and DTOs shared with the gateway and web. */
export * from './errors';
export * from './statuses';
export * from './limits';
export * from './subjects';
export * from './dto';
export * from './labels';
export * from './lists';
export * from './carriers';
export * from './public-tracking';
