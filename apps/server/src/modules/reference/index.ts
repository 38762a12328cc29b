export { referenceRoutes } from './reference.routes';
export { ReferenceService } from './reference.service';
