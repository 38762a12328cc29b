export * from './credit-code';
export * from './detectors';
export * from './running';
export * from './standards';
