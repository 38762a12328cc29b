export { cityAirRoutes } from './city-air.routes';
