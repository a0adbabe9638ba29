export * from './token';
export * from './roles';
export * from './password';
export * from './service-bootstrap';
