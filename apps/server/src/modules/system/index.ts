export { SystemRepository } from './system.repository';
export { systemRoutes } from './system.routes';
export { DEMO_SEED_META, SystemService } from './system.service';
export type { SystemTables } from './system.tables';
