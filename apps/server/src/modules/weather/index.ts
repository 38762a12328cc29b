export * from './weather.repository';
export type * from './weather.tables';
