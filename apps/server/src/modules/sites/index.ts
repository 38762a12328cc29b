export { siteRoutes } from './sites.routes';
