/** Contracts of the tracking service: subjects, event types, error keys and DTOs shared with the gateway and web. */
export * from './errors';
