export * from './envelope';
export * from './error-codes';
export * from './system';
