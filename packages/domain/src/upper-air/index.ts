export * from './draw';
export * from './plot';
export * from './thermo';
export * from './trajectory';
export * from './wind-grid';
