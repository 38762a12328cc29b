/** Where a row came from: an imported file or live fetch, or the 【演示】 generator (DEMO_DATA=on). */
export type SourceOrigin = 'import' | 'demo';

/** One tropical cyclone of a CMA best-track file. */
export interface TyphoonsTable {
  /** `${year}-${serial}`: the serial of the year (CCC) is unique within a year. */
  id: string;
  year: number;
  serial: number;
  /** International number YYNN ('2305'), '0000' without one. */
  international: string;
  /** English name ('DOKSURI'), '' when unnamed. */
  name_en: string;
  /** Chinese name ('杜苏芮') from the name table, null when unknown. */
  name_cn: string | null;
  /** Strongest category reached (file code 0–6, 9). */
  max_category: number;
  min_pressure: number;
  max_wind: number | null;
  first_time: number;
  last_time: number;
  imported_at: number;
}

export interface TyphoonPointsTable {
  typhoon_id: string;
  time: number;
  category: number;
  lat: number;
  lon: number;
  pressure: number;
  wind: number | null;
}

/** One warning (a CAP 1.2 alert's first info block). */
export interface WeatherWarningsTable {
  /** The CAP identifier. */
  id: string;
  sender: string;
  sent: number;
  /** CAP msgType: Alert, Update, Cancel (a Cancel marks the warnings it references as cancelled). */
  msg_type: string;
  /** The national feed's type code ('11B03'). */
  type_code: string;
  event: string;
  /** blue / yellow / orange / red, from the CAP severity. */
  level: string;
  headline: string;
  description: string;
  instruction: string | null;
  area_desc: string;
  /** GB/T 2260 code from the area's geocode, when given. */
  area_code: string | null;
  effective: number;
  expires: number | null;
  /** Set when a Cancel for it arrived. */
  cancelled_at: number | null;
  imported_at: number;
}

/** One METAR/SPECI observation of a station. */
export interface MetarObservationsTable {
  icao: string;
  time: number;
  temperature: number | null;
  dew_point: number | null;
  humidity: number | null;
  wind_direction: number | null;
  wind_speed: number | null;
  gust: number | null;
  visibility: number | null;
  pressure: number | null;
  /** Present-weather groups as sent, space-separated ('-TSRA BR'). */
  weather: string;
  raw: string;
  imported_at: number;
}

/** One radar / satellite / nowcast image, kept with its bytes. */
export interface ImageFramesTable {
  /** The file name ('SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_20240510120000000.PNG'). */
  name: string;
  /** radar, satellite or nowcast. */
  kind: string;
  /** Product code ('EBREF' composite reflectivity, 'fy4a_true_color'). */
  product: string;
  /** Region code ('ACHN' national). */
  region: string;
  time: number;
  width: number;
  height: number;
  format: string;
  data: Uint8Array;
  origin: SourceOrigin;
  source_url: string | null;
  imported_at: number;
}

export interface WeatherSourcesTables {
  typhoons: TyphoonsTable;
  typhoon_points: TyphoonPointsTable;
  weather_warnings: WeatherWarningsTable;
  metar_observations: MetarObservationsTable;
  image_frames: ImageFramesTable;
}
