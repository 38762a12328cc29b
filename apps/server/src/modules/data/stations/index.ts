import { defineModule, type ModuleContext } from '../../../platform/module';
import { StationsRepository } from './stations.repository';
import type { StationsTables } from './stations.tables';

export { type NewStation, type Station, StationsRepository } from './stations.repository';
export type { DataSource, StationsTable, StationsTables } from './stations.tables';

/**
 * The monitoring-station register. Its table is created by the air module's first migration
 * (0002_air_and_weather, written before modules owned their migrations); its later changes are its own.
 */
export const stations = defineModule({
  name: 'stations',
  create(context: ModuleContext<StationsTables, undefined>) {
    return { api: { repository: new StationsRepository(context.database) } };
  },
});
