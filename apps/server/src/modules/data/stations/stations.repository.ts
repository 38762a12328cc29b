import type { Insertable, Selectable } from 'kysely';
import { type AreaScope, inAreaScope } from '../../../platform/db/area-scope';
import type { Database } from '../../../platform/db/database';
import type { DataSource, StationsTable, StationsTables } from './stations.tables';

export type Station = Selectable<StationsTable>;
export type NewStation = Omit<Insertable<StationsTable>, 'created_at' | 'updated_at'>;

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits at 11 columns. */
const CHUNK = 500;

/**
 * stations. Queried by code (the primary key) and by city: `stations_city (city_code, code)`
 * serves "all stations of a city" without touching the rest of the table.
 */
export class StationsRepository {
  constructor(private readonly database: Database<StationsTables>) {}

  async byCode(code: string): Promise<Station | undefined> {
    return this.database.db.selectFrom('stations').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async byCity(cityCode: string): Promise<Station[]> {
    return this.database.db
      .selectFrom('stations')
      .selectAll()
      .where('city_code', '=', cityCode)
      .orderBy('code')
      .execute();
  }

  async all(source?: DataSource): Promise<Station[]> {
    let query = this.database.db.selectFrom('stations').selectAll();
    if (source !== undefined) query = query.where('source', '=', source);
    return query.orderBy('code').execute();
  }

  async count(source?: DataSource): Promise<number> {
    let query = this.database.db.selectFrom('stations').select((eb) => eb.fn.countAll<number>().as('n'));
    if (source !== undefined) query = query.where('source', '=', source);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Active stations inside every one of `scopes` (the operator's area and the area asked for), by
   * city then code: a station is inside when its city or its county lies in the scope.
   */
  async inScopes(scopes: readonly AreaScope[]): Promise<Station[]> {
    let query = this.database.db.selectFrom('stations').selectAll().where('active', '=', 1);
    for (const scope of scopes) {
      query = query.where((eb) => eb.or([inAreaScope('city_code', scope), inAreaScope('county_code', scope)]));
    }
    return query.orderBy('city_code').orderBy('code').execute();
  }

  /**
   * Active stations inside an operator's area (the platform's area summary): a station is inside
   * when its city or its county lies in the scope — a district's stations by their county code, a
   * municipality's by their city code. Reference stations count: they are stations of the area.
   */
  async countInScope(scope: AreaScope): Promise<number> {
    const row = await this.database.db
      .selectFrom('stations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', 1)
      .where((eb) => eb.or([inAreaScope('city_code', scope), inAreaScope('county_code', scope)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Creates stations that are new and refreshes name, place and flags of known ones. Returns the
   * codes that were created.
   */
  async upsert(stations: readonly NewStation[], nowSeconds: number): Promise<string[]> {
    if (stations.length === 0) return [];
    const known = new Set<string>();
    for (let i = 0; i < stations.length; i += CHUNK) {
      const codes = stations.slice(i, i + CHUNK).map((s) => s.code);
      const rows = await this.database.db.selectFrom('stations').select('code').where('code', 'in', codes).execute();
      for (const r of rows) known.add(r.code);
    }
    for (let i = 0; i < stations.length; i += CHUNK) {
      // Every row spells out every column: SQLite has no DEFAULT inside a multi-row VALUES list.
      const chunk = stations.slice(i, i + CHUNK).map((s) => ({
        ...s,
        is_reference: s.is_reference ?? 0,
        active: s.active ?? 1,
        created_at: nowSeconds,
        updated_at: nowSeconds,
      }));
      await this.database.db
        .insertInto('stations')
        .values(chunk)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            city_code: eb.ref('excluded.city_code'),
            county_code: eb.fn.coalesce('excluded.county_code', 'stations.county_code'),
            longitude: eb.fn.coalesce('excluded.longitude', 'stations.longitude'),
            latitude: eb.fn.coalesce('excluded.latitude', 'stations.latitude'),
            is_reference: eb.ref('excluded.is_reference'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    return stations.map((s) => s.code).filter((c) => !known.has(c));
  }

  /** Removes every station of a source (and nothing else); their hourly rows go with the air module's purge. */
  async deleteBySource(source: DataSource): Promise<number> {
    const result = await this.database.db.deleteFrom('stations').where('source', '=', source).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
