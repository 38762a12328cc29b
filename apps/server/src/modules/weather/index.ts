export * from './weather.repository';
export { weatherRoutes } from './weather.routes';
export type * from './weather.tables';
