export * from './ptz';
export * from './relay';
