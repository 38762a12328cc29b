export * from './idw';
export * from './kriging';
