/** Cities of one level at one hour or day, with the sum and count of their AQI (the national timeline). */
export interface LevelCountRow {
  time: number;
  level: number;
  cities: number;
  aqiCount: number;
  aqiSum: number | null;
}

export function levelCountRow(r: {
  time: number;
  level: number;
  cities: number;
  aqi_count: number;
  aqi_sum: number | null;
}): LevelCountRow {
  // PostgreSQL answers count() and sum() as bigint/numeric; the pool parses them to numbers.
  return {
    time: Number(r.time),
    level: Number(r.level),
    cities: Number(r.cities),
    aqiCount: Number(r.aqi_count),
    aqiSum: r.aqi_sum === null ? null : Number(r.aqi_sum),
  };
}

/** A max() that may be NULL (no rows) or a bigint text, as a number or undefined. */
export function maxValue(value: number | string | bigint | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : Number(value);
}
