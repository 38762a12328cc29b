import {
  chinaDay,
  dailyAqi,
  dailyMaxEightHourMean,
  dailyMean,
  hoursOfDay,
  roundConcentration,
  SECONDS_PER_DAY,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AirStore, StationDayInput } from '../../data/air';
import type { MapValues } from './map';

type MeanKey = 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co';

/**
 * A station's daily values from its hours of one China day, by the rules the city days follow
 * (aggregation.service cityDayFrom): 24-hour means with at least 20 valid hours, the O3 daily maximum
 * 8-hour mean with at least 14 valid windows, the day's highest 1-hour O3, and the daily AQI.
 */
export function stationDay(day: number, hours: readonly StationDayInput[]): MapValues {
  const ofDay = (key: MeanKey | 'o3') =>
    hoursOfDay(
      hours.map((h) => ({ time: h.time, value: h[key] })),
      day,
    );
  const mean = (key: MeanKey) => {
    const m = dailyMean(ofDay(key));
    return m === null ? null : roundConcentration(key, m);
  };
  const o3Hours = hours.map((h) => h.o3).filter((v): v is number => v !== null);
  const o3Max8h = dailyMaxEightHourMean(ofDay('o3'));
  const values = {
    pm2_5: mean('pm2_5'),
    pm10: mean('pm10'),
    so2: mean('so2'),
    no2: mean('no2'),
    co: mean('co'),
    o3_8h: o3Max8h === null ? null : roundConcentration('o3', o3Max8h),
    o3: o3Hours.length === 0 ? null : Math.max(...o3Hours),
  };
  const result = dailyAqi(values);
  return {
    ...values,
    aqi: result.aqi,
    level: result.level,
    source: hours.find((h) => h.source !== 'demo')?.source ?? 'demo',
  };
}

function groupByStation(rows: readonly StationDayInput[]): Map<string, StationDayInput[]> {
  const groups = new Map<string, StationDayInput[]>();
  for (const row of rows) {
    const group = groups.get(row.station_code);
    if (group === undefined) groups.set(row.station_code, [row]);
    else group.push(row);
  }
  return groups;
}

/**
 * Days that are well over change only with a late revision, and every map visitor asks for the same
 * day: their station values are kept this long per instance, for the last few days asked.
 */
const TTL_SECONDS = 600;
const KEPT_DAYS = 7;
/** A day's hours keep arriving until a little after midnight; only days over this long ago are kept. */
const SETTLED_AFTER_SECONDS = 3 * 3600;

/** Every station's daily values of one day: one read of the day's hours (~24 × 2,000 narrow rows). */
export class StationDays {
  private readonly kept = new Map<number, { computedAt: number; values: Map<string, MapValues> }>();

  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  /** By station code, for the day starting (00:00 China time) at `dayStart`. */
  async of(dayStart: number): Promise<Map<string, MapValues>> {
    const now = this.now();
    const cached = this.kept.get(dayStart);
    if (cached !== undefined && now - cached.computedAt < TTL_SECONDS) return cached.values;
    const rows = await this.air.stationHours.dayInputs(dayStart, dayStart + SECONDS_PER_DAY);
    const day = chinaDay(dayStart);
    const values = new Map([...groupByStation(rows)].map(([code, hours]) => [code, stationDay(day, hours)] as const));
    if (dayStart + SECONDS_PER_DAY + SETTLED_AFTER_SECONDS <= now) {
      this.kept.delete(dayStart);
      this.kept.set(dayStart, { computedAt: now, values });
      const oldest = this.kept.keys().next();
      if (this.kept.size > KEPT_DAYS && oldest.done !== true) this.kept.delete(oldest.value);
    }
    return values;
  }
}
