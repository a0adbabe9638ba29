/** Contracts of the stock service: subjects, event types, error keys and DTOs shared with the gateway and web. */
export * from './errors';
export * from './codes';
export * from './limits';
export * from './subjects';
export * from './dto';
export * from './lists';
export * from './events';
