export * from './area-search';
