export * from './thresholds';
