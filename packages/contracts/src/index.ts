export * from './air';
export * from './envelope';
export * from './error-codes';
export * from './reference';
export * from './signature';
export * from './system';
