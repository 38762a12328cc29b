import type { Generated } from 'kysely';

/**
 * The lidar module's tables. Devices are the device core's (type L01 fixed, L02 vehicle, Y01
 * visibility); every row here copies its device's area so that each scoped query filters one
 * indexed column. Gridded products are packed (codec.ts): extinction as 16-bit thousandths of 1/km,
 * depolarisation as 8-bit 1/200ths, deflated. Times are epoch seconds.
 */

/** A horizontal (HS) or fixed-direction (IF) scan: azimuth × range. */
export interface LidarScansTable {
  id: Generated<number>;
  device_id: number;
  area_code: string;
  /** 'HS' | 'IF'. */
  kind: string;
  t: number;
  elevation: number;
  azimuth_start: number;
  azimuth_step: number;
  azimuth_count: number;
  bins: number;
  bin_m: number;
  first_range: number;
  extinction: Buffer;
  depol: Buffer;
  mean_ext: number;
  max_ext: number;
  /** 'demo' | 'import'. */
  source: string;
  created_at: number;
}

/** One vertical profile (VF) of a fixed lidar: height bins at an instant. */
export interface LidarProfilesTable {
  device_id: number;
  area_code: string;
  t: number;
  bins: number;
  bin_m: number;
  first_height: number;
  extinction: Buffer;
  depol: Buffer;
  blh: number | null;
  /** Wind at 10 m when the profile was taken (the flux needs it): from the co-located weather sensor. */
  wind_speed: number | null;
  wind_from: number | null;
  source: string;
}

/** Hot spots: detected in scans, reported from a vehicle's record, or entered by hand; reviewed by operators. */
export interface LidarHotspotsTable {
  id: Generated<number>;
  /** 'scan' | 'auto' | 'manual'. */
  origin: string;
  device_id: number;
  area_code: string;
  record_id: number | null;
  lon: number;
  lat: number;
  distance: number | null;
  azimuth: number | null;
  first_t: number;
  last_t: number;
  scans: number;
  peak_excess: number;
  auto_factor: string;
  value: number | null;
  /** 'pending' | 'confirmed' | 'dismissed'. */
  status: string;
  plot_type: string | null;
  plot_shortname: string | null;
  plot_placename: string | null;
  description: string;
  reviewed_by: string | null;
  reviewed_at: number | null;
  source: string;
  created_at: number;
}

export interface LidarHotspotPhotosTable {
  id: Generated<number>;
  hotspot_id: number;
  name: string;
  mime: string;
  width: number;
  height: number;
  sha256: string;
  data: Buffer;
  created_by: string;
  created_at: number;
}

/** Polluters and their plots (/polplot/*, /lidar/netAutoPolluter/*). */
export interface LidarPollutersTable {
  id: Generated<number>;
  area_code: string;
  name: string;
  plot_type: string | null;
  lon: number;
  lat: number;
  plot_coordinate: string | null;
  device_id: number | null;
  record_id: number | null;
  sauto_id: number | null;
  fields_json: string;
  created_at: number;
  updated_at: number;
}

/** A vehicle's 走航 record: one drive with a zenith-pointing lidar. */
export interface LidarAutoRecordsTable {
  id: Generated<number>;
  device_id: number;
  area_code: string;
  uniqueid: string;
  start_t: number;
  end_t: number;
  is_collect: number;
  points: number;
  length_m: number;
  mean_pm25: number | null;
  max_pm25: number | null;
  flux_gs: number | null;
  bins: number;
  bin_m: number;
  first_height: number;
  source: string;
}

export interface LidarAutoPointsTable {
  record_id: number;
  seq: number;
  t: number;
  lon: number;
  lat: number;
  extinction: Buffer;
  depol: Buffer;
  blh: number | null;
  pm25: number | null;
  pm10: number | null;
}

/** Roads watched by a visibility lidar: a polyline (JSON [[lon, lat], …]). */
export interface VisRoadsTable {
  id: Generated<number>;
  device_id: number;
  area_code: string;
  name: string;
  line_json: string;
}

/** Traffic police units notified of fog warnings on their roads. */
export interface VisPoliceUnitsTable {
  id: Generated<number>;
  area_code: string;
  name: string;
  phone: string;
  lon: number;
  lat: number;
  /** JSON: road ids. */
  roads_json: string;
}

/** A fog warning on a road: opened when its visibility falls under a warning threshold, ended when it clears. */
export interface VisWarningsTable {
  id: Generated<number>;
  device_id: number;
  road_id: number;
  area_code: string;
  level: number;
  visibility: number;
  start_t: number;
  last_t: number;
  end_t: number | null;
  /** JSON: police unit names notified. */
  police_json: string;
}

export interface LidarTables {
  lidar_scans: LidarScansTable;
  lidar_profiles: LidarProfilesTable;
  lidar_hotspots: LidarHotspotsTable;
  lidar_hotspot_photos: LidarHotspotPhotosTable;
  lidar_polluters: LidarPollutersTable;
  lidar_auto_records: LidarAutoRecordsTable;
  lidar_auto_points: LidarAutoPointsTable;
  vis_roads: VisRoadsTable;
  vis_police_units: VisPoliceUnitsTable;
  vis_warnings: VisWarningsTable;
}
