import type { Database } from '../../../platform/db/database';
import { UPSERT_CHUNK } from '../../../platform/db/upsert';
import type { AirTables } from './air.tables';

/**
 * city_day_pending: China day numbers whose city days (and months, years) are stale. Marked with the
 * city hours that make them so (CityHoursRepository.upsertMarkingDays), cleared once computed
 * (AirAggregation.refreshPendingDays).
 */
export class CityDayPendingRepository {
  constructor(private readonly database: Database<AirTables>) {}

  async all(): Promise<number[]> {
    const rows = await this.database.db.selectFrom('city_day_pending').select('day').orderBy('day').execute();
    return rows.map((r) => Number(r.day));
  }

  async clear(days: readonly number[]): Promise<void> {
    for (let i = 0; i < days.length; i += UPSERT_CHUNK) {
      await this.database.db
        .deleteFrom('city_day_pending')
        .where('day', 'in', days.slice(i, i + UPSERT_CHUNK))
        .execute();
    }
  }
}
