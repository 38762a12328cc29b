export * from './demo-profile';
export * from './linkage';
export * from './orders';
export * from './problem-forms';
export * from './running-state';
export * from './series';
