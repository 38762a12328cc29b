import type { Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import { upsertReplacing } from '../../../platform/db/upsert';
import type { SoundingStationsTable, SoundingsTable, UpperAirTables, WindGridsTable } from './upper-air.tables';

export type StationRow = Selectable<SoundingStationsTable>;
export type SoundingRow = Selectable<SoundingsTable>;
export type GridRow = Selectable<WindGridsTable>;
export type StationWithLatest = StationRow & { latest: number | null };

/**
 * sounding_stations, soundings, wind_grids. Soundings are keyed (station, time) and grids
 * (level, time): a file imported again replaces its rows. Every list of stations an operator reads
 * takes the scope and filters in SQL; the public calls pass none (the whole country).
 */
export class UpperAirRepository {
  constructor(private readonly database: Database<UpperAirTables>) {}

  private get db() {
    return this.database.db;
  }

  async stations(scope: AreaScope | null): Promise<StationWithLatest[]> {
    let query = this.db
      .selectFrom('sounding_stations as s')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('soundings')
            .select(['station_code', (e) => e.fn.max('time').as('latest')])
            .groupBy('station_code')
            .as('l'),
        (join) => join.onRef('l.station_code', '=', 's.code'),
      )
      .selectAll('s')
      .select('l.latest');
    if (scope) query = query.where(inAreaScope('s.area_code', scope));
    const rows = await query.orderBy('s.code').execute();
    return rows.map((r) => ({ ...r, latest: r.latest === null ? null : Number(r.latest) }));
  }

  async station(code: string, scope: AreaScope | null): Promise<StationRow | undefined> {
    let query = this.db.selectFrom('sounding_stations').selectAll().where('code', '=', code);
    if (scope) query = query.where(inAreaScope('area_code', scope));
    return query.executeTakeFirst();
  }

  /** The ascent at `time`, or the latest before it; the latest of all without a time. */
  async soundingAtOrBefore(code: string, time: number | undefined): Promise<SoundingRow | undefined> {
    let query = this.db.selectFrom('soundings').selectAll().where('station_code', '=', code);
    if (time !== undefined) query = query.where('time', '<=', time);
    return query.orderBy('time', 'desc').limit(1).executeTakeFirst();
  }

  async soundingTimes(code: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('soundings')
      .select('time')
      .where('station_code', '=', code)
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.time));
  }

  async soundingsBetween(code: string, from: number, to: number): Promise<SoundingRow[]> {
    return this.db
      .selectFrom('soundings')
      .selectAll()
      .where('station_code', '=', code)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  /** Stations and ascents of one file in one transaction: all of it or nothing. */
  async saveSoundings(stations: readonly StationRow[], soundings: readonly SoundingRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (stations.length > 0) await upsertReplacing(trx, 'sounding_stations', ['code'], stations);
      await upsertReplacing(trx, 'soundings', ['station_code', 'time'], soundings);
    });
  }

  async stationByIgraId(igraId: string): Promise<StationRow | undefined> {
    return this.db.selectFrom('sounding_stations').selectAll().where('igra_id', '=', igraId).executeTakeFirst();
  }

  /** The stations of the reference list not yet stored (their positions may have come from a file since). */
  async insertMissingStations(stations: readonly StationRow[]): Promise<void> {
    if (stations.length === 0) return;
    await this.db
      .insertInto('sounding_stations')
      .values([...stations])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The grids of one file in one transaction. */
  async saveGrids(rows: readonly GridRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await upsertReplacing(trx, 'wind_grids', ['level', 'time'], rows);
    });
  }

  async gridTimes(level: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('wind_grids')
      .select('time')
      .where('level', '=', level)
      .orderBy('time')
      .execute();
    return rows.map((r) => Number(r.time));
  }

  async grid(level: string, time: number): Promise<GridRow | undefined> {
    return this.db
      .selectFrom('wind_grids')
      .selectAll()
      .where('level', '=', level)
      .where('time', '=', time)
      .executeTakeFirst();
  }

  async gridsBetween(level: string, from: number, to: number): Promise<GridRow[]> {
    return this.db
      .selectFrom('wind_grids')
      .selectAll()
      .where('level', '=', level)
      .where('time', '>=', from)
      .where('time', '<=', to)
      .orderBy('time')
      .execute();
  }

  async latestGridTime(): Promise<number | null> {
    const row = await this.db
      .selectFrom('wind_grids')
      .select((e) => e.fn.max('time').as('t'))
      .executeTakeFirst();
    return row?.t == null ? null : Number(row.t);
  }

  async deleteGridsBefore(time: number): Promise<number> {
    const r = await this.db.deleteFrom('wind_grids').where('time', '<', time).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deleteSoundingsBefore(time: number): Promise<number> {
    const r = await this.db.deleteFrom('soundings').where('time', '<', time).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** DEMO_DATA=off: no demo value may remain. */
  async deleteDemo(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('soundings').where('source', '=', 'demo').execute();
      await trx.deleteFrom('wind_grids').where('source', '=', 'demo').execute();
    });
  }

  async hasDemoSoundingAt(time: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('soundings')
      .select('time')
      .where('source', '=', 'demo')
      .where('time', '=', time)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
