export * from './chemistry';
export * from './species';
