import type { Generated } from 'kysely';

/** Where a row came from. Demo rows are generated; the others are imported from public feeds. */
export type DataSource = 'demo' | 'cnemc' | 'china_sites';

export interface StationsTable {
  /** CNEMC station code ('1001A'); demo stations use 'D' + city code + number ('D110000-03'). */
  code: string;
  name: string;
  city_code: string;
  county_code: string | null;
  longitude: number | null;
  latitude: number | null;
  /** 1 for a reference station (对照点): excluded from city values. */
  is_reference: Generated<number>;
  active: Generated<number>;
  source: DataSource;
  created_at: number;
  updated_at: number;
}

export interface StationsTables {
  stations: StationsTable;
}
