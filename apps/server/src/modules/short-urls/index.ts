export { shortUrlRedirectRoutes, shortUrlRoutes } from './short-urls.routes';
export type { ShortUrlsTables } from './short-urls.tables';
