export * from './idw';
