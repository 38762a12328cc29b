export { SystemRepository } from './system.repository';
export { systemRoutes } from './system.routes';
export { SystemService } from './system.service';
export type { SystemTables } from './system.tables';
