export { rankingRoutes } from './rankings.routes';
