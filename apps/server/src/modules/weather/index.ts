export * from './weather.days';
export * from './weather.presenters';
export * from './weather.repository';
export { weatherRoutes } from './weather.routes';
export * from './weather.service';
export type * from './weather.tables';
