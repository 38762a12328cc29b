export { commonRoutes } from './common.routes';
