export { cityAnalysisRoutes } from './city-analysis.routes';
