export * from './china-sites-file';
export * from './city-resolver';
export * from './cnemc-file';
export * from './fetcher';
export * from './importer';
export * from './qc';
export * from './station-list';
