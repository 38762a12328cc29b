import type { Database } from '../../../platform/db/database';
import type { DataSource, StationsTables } from '../stations';
import type { AirTables } from './air.tables';
import { AqForecastsRepository } from './aq-forecasts.repository';
import { CityDayPendingRepository } from './city-day-pending.repository';
import { CityDaysRepository } from './city-days.repository';
import { CityHoursRepository } from './city-hours.repository';
import { CityMonthsRepository } from './city-months.repository';
import { CityYearsRepository } from './city-years.repository';
import { StationHoursRepository } from './station-hours.repository';

/**
 * The air module's tables, one repository per table family: `air.cityHours.latestTime()`,
 * `air.cityDays.ofCity(…)`. What other modules hold when they read or write air data.
 */
export class AirStore {
  readonly stationHours: StationHoursRepository;
  readonly cityHours: CityHoursRepository;
  readonly cityDays: CityDaysRepository;
  readonly cityMonths: CityMonthsRepository;
  readonly cityYears: CityYearsRepository;
  readonly forecasts: AqForecastsRepository;
  readonly pendingDays: CityDayPendingRepository;

  constructor(private readonly database: Database<AirTables & StationsTables>) {
    this.stationHours = new StationHoursRepository(database);
    this.cityHours = new CityHoursRepository(database);
    this.cityDays = new CityDaysRepository(database);
    this.cityMonths = new CityMonthsRepository(database);
    this.cityYears = new CityYearsRepository(database);
    this.forecasts = new AqForecastsRepository(database);
    this.pendingDays = new CityDayPendingRepository(database);
  }

  /** Deletes every row of one source from every air table, in one transaction (DEMO_DATA=off removes the demo). */
  async deleteBySource(source: DataSource): Promise<number> {
    let total = 0;
    await this.database.db.transaction().execute(async (trx) => {
      for (const table of [
        'station_hourly',
        'city_hourly',
        'city_daily',
        'city_monthly',
        'city_yearly',
        'aq_forecast',
      ] as const) {
        const result = await trx.deleteFrom(table).where('source', '=', source).executeTakeFirst();
        total += Number(result.numDeletedRows);
      }
    });
    return total;
  }
}
