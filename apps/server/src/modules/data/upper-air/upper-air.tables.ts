/** Radiosonde stations: the Chinese IGRA stations we know, and any other a file brings. */
export interface SoundingStationsTable {
  /** WMO block and station number ('54511'), or the IGRA id for a station outside the WMO list. */
  code: string;
  /** IGRA v2 identifier ('CHM00054511'). */
  igra_id: string;
  name: string;
  longitude: number;
  latitude: number;
  /** Metres above sea level; null when unknown. */
  elevation: number | null;
  /** GB/T 2260 code of the area the station stands in (operators see the stations of their area); null abroad. */
  area_code: string | null;
}

/** One ascent: its levels as a compact JSON array (a sounding is read whole, never queried by level). */
export interface SoundingsTable {
  station_code: string;
  /** Nominal observation time, epoch seconds (UTC 00/12 for synoptic ascents). */
  time: number;
  /** Actual release time, epoch seconds; null when the file does not say. */
  release_time: number | null;
  /** JSON: [[pressure hPa, height m, temperature °C, dew point °C, wind from °, wind m/s], …], nulls for missing. */
  levels: string;
  /** 'igra2' (an imported file) or 'demo' (【演示】, DEMO_DATA=on). */
  source: string;
  imported_at: number;
}

/** One gridded wind field: a level at a valid time, u and v as little-endian Float32 arrays. */
export interface WindGridsTable {
  /** '10m', '850hPa', … */
  level: string;
  /** Valid time, epoch seconds. */
  time: number;
  /** Analysis / model run time the forecast starts from, epoch seconds. */
  ref_time: number;
  nx: number;
  ny: number;
  /** West edge and north edge, degrees; dx east and dy south steps, degrees. */
  lo1: number;
  la1: number;
  dx: number;
  dy: number;
  u: Uint8Array;
  v: Uint8Array;
  /** 'netcdf' (an imported file) or 'demo'. */
  source: string;
  /** The file or URL it came from (or the demo's label). */
  origin: string;
  imported_at: number;
}

export interface UpperAirTables {
  sounding_stations: SoundingStationsTable;
  soundings: SoundingsTable;
  wind_grids: WindGridsTable;
}
