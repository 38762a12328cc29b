export * from './event-workflow';
export * from './geometry';
export * from './track';
