export * from './event-workflow';
export * from './geometry';
