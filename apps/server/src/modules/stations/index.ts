export { type NewStation, type Station, StationsRepository } from './stations.repository';
export type { DataSource, StationsTable, StationsTables } from './stations.tables';
