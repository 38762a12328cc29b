export * from './aggregate';
export * from './alarm-lifecycle';
export * from './alarm-rules';
export * from './noise-zones';
export * from './online';
export * from './simulated-values';
