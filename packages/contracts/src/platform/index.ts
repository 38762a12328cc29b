export * from './access';
export * from './areas';
export * from './audit';
export * from './dictionary';
export * from './open-api';
export * from './operators';
export * from './paging';
export * from './shortcuts';
