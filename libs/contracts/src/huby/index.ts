/** Contracts of the Huby service (Dashtower): statuses, subjects, error keys, inputs, DTOs and lists. */
export * from './statuses';
export * from './limits';
export * from './errors';
export * from './subjects';
export * from './dto';
export * from './input';
export * from './lists';
export * from './labels';
export * from './import';
export * from './geo-order';
export * from './loop';
export * from './loop-errors';
export * from './transport-admin';
export * from './transport-admin-errors';
export * from './carrier-accounts';
export * from './carrier-health';
export * from './rates';
