import type { AirValues } from '@lantian/contracts';
import { type AqiLevel, pollutantLevel } from '@lantian/domain';
import { asLevel } from '../../shared/aqi';

/** What the map can colour the stations by, and the trend can plot: AQI and the six pollutants (1 h). */
export const METRICS = ['aqi', 'pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co'] as const;
export type Metric = (typeof METRICS)[number];

export type MetricValues = Pick<AirValues, Metric | 'level'>;

export function metricValue(values: MetricValues | null | undefined, metric: Metric): number | null {
  return values === null || values === undefined ? null : values[metric];
}

/**
 * The level a value is drawn in: the stored level for AQI (the server's, the one the list shows), the
 * hourly break table of spec §9 for a pollutant.
 */
export function metricLevel(values: MetricValues | null | undefined, metric: Metric): AqiLevel {
  if (values === null || values === undefined) return 0;
  if (metric === 'aqi') return asLevel(values.level);
  return pollutantLevel(metric, values[metric], 'HOUR');
}
