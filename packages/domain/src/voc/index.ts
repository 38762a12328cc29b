export * from './chemistry';
export * from './simulated';
export * from './species';
