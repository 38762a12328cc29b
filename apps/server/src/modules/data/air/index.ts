import { defineModule, type ModuleContext } from '../../../platform/module';
import type { StationsTables } from '../stations';
import { AirAggregation } from './aggregation.service';
import { AirStore } from './air.store';
import type { AirTables } from './air.tables';
import { CurrentSnapshot } from './current-snapshot';
import * as m0002 from './migrations/0002_air_and_weather';
import * as m0022 from './migrations/0022_city_series_clustered';
import * as m0024 from './migrations/0024_city_day_pending';

export * from './aggregation.service';
export * from './air.presenters';
export { AirStore } from './air.store';
export type * from './air.tables';
export * from './alarm-thresholds';
export type { AqForecast } from './aq-forecasts.repository';
export type { CityDay } from './city-days.repository';
export type { CityHour, CityHourSeriesRow } from './city-hours.repository';
export type { CityMonth } from './city-months.repository';
export type { CityYear } from './city-years.repository';
export { CurrentSnapshot, type SnapshotData } from './current-snapshot';
export * from './hour-events';
export type { LevelCountRow } from './level-counts';
export type {
  StationDayInput,
  StationHour,
  StationHourInput,
  StationHourValues,
  StationHourWithStation,
  StationProfileColumn,
  UpsertCounts,
} from './station-hours.repository';
export { STATION_HOUR_COLUMNS } from './station-hours.upsert';

/**
 * Station and city air quality: hours, days, months, years and forecasts (AirStore), the city
 * values computed from the stations (AirAggregation), and the current hour of every city and station
 * held in memory (CurrentSnapshot: one per application, rebuilt when a new hour is announced).
 */
export const air = defineModule({
  name: 'air',
  // Written before modules owned their migrations: it also creates the stations and weather tables.
  migrations: {
    '0002_air_and_weather': m0002,
    '0022_city_series_clustered': m0022,
    '0024_city_day_pending': m0024,
  },
  async create(context: ModuleContext<AirTables & StationsTables, undefined>) {
    const store = new AirStore(context.database);
    const current = new CurrentSnapshot(store, {
      onError: (error) =>
        context.log.error({ err: error }, 'current-hour snapshot: rebuild failed, serving the previous one'),
    });
    await current.listen(context.state);
    return {
      api: { store, current, aggregation: new AirAggregation(store, context.now) },
      close: () => current.close(),
    };
  },
});
