export * from './cma-best-track';
export * from './metar';
export * from './radar';
