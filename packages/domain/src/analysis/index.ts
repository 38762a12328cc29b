export * from './attainment';
export * from './forecast-text';
