export { shortUrlRoutes } from './short-urls.routes';
