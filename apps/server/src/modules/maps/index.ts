export { COUNTRY_CODE, defaultMapDir, MapFiles } from './maps.files';
export { mapFileRoutes } from './maps.routes';
