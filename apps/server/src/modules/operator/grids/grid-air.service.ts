import type { GridAirValues } from '@lantian/contracts';
import {
  type AreaGeometry,
  boundingBox,
  containsPoint,
  formatChinaDateTime,
  formatChinaDateTimeOrNull,
  inBox,
  realtimeAqi,
  tryParseChinaDateTime,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField } from '../../../platform/errors';
import { resolveRange } from '../../../platform/http/params';
import { type CurrentSnapshot, presentAir, type StationHour } from '../../data/air';
import type { Station } from '../../data/stations';
import type { GridRecord } from './grids.repository';
import { type GridsService, geometryOf } from './grids.service';

/** The air factors of a grid's answers, with their HJ 212-2017 codes (what devices send). */
const FACTORS = {
  pm2_5: 'a34004',
  pm10: 'a34002',
  so2: 'a21026',
  no2: 'a21004',
  co: 'a21005',
  o3: 'a05024',
} as const;
type Factor = keyof typeof FACTORS;
const FACTOR_KEYS = Object.keys(FACTORS) as Factor[];
const FACTOR_OF_CODE = new Map<string, Factor>(FACTOR_KEYS.map((key) => [FACTORS[key], key]));

/**
 * What an hour value is compared with for "exceedance hours": GB 3095-2012 class II — the 1-hour
 * limits of SO2, NO2, CO and O3, and for PM2.5 and PM10 (no 1-hour limit) the 24-hour limit, as
 * the bureau's daily reports count "超标小时".
 */
const HOUR_LIMITS: Record<Factor, number> = { pm2_5: 75, pm10: 150, so2: 500, no2: 200, co: 10, o3: 200 };

/** A device's value counts only with a normal HJ 212 flag (N) or none. */
const validFlag = (flag: string | null) => flag === null || flag === 'N';

/** The devices a grid sees: registered, not retired, with a position. */
export interface GridDevice {
  id: number;
  mn: string;
  name: string;
  type: string;
  status: string;
  lon: number;
  lat: number;
  last_data_time: number | null;
}

/** What the air of a grid is read from: the station register, the air data, the device core. */
export interface GridAirSources {
  stations(): Promise<Station[]>;
  current: Pick<CurrentSnapshot, 'current'>;
  stationHours(code: string, from: number, to: number): Promise<StationHour[]>;
  devices(scope: AreaScope): Promise<GridDevice[]>;
  latest(
    ids: readonly number[],
  ): Promise<Map<number, Array<{ factor: string; t: number; value: number | null; flag: string | null }>>>;
  deviceHours(
    id: number,
    factors: readonly string[],
    from: number,
    to: number,
  ): Promise<Array<{ factor: string; t: number; value: number | null; flag: string | null; invalid: number }>>;
}

type Values = Record<Factor, number | null>;

const round = (value: number | null, digits = 1): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

function airValues(values: Values, given?: { aqi: number | null; level: number; primary: string[] }): GridAirValues {
  const computed = realtimeAqi(values);
  return {
    aqi: given?.aqi ?? computed.aqi,
    level: given?.level ?? computed.level,
    primaryPollutant: given?.primary ?? [...computed.primaryPollutants],
    pm2_5: round(values.pm2_5),
    pm10: round(values.pm10),
    so2: round(values.so2),
    no2: round(values.no2),
    co: round(values.co, 3),
    o3: round(values.o3),
  };
}

const emptyValues = (): Values => ({ pm2_5: null, pm10: null, so2: null, no2: null, co: null, o3: null });

/** Whether a position lies inside a grid (box first). */
function inside(geometry: AreaGeometry, box: ReturnType<typeof boundingBox>, lon: number | null, lat: number | null) {
  return lon !== null && lat !== null && inBox(box, lon, lat) && containsPoint(geometry, lon, lat);
}

/**
 * The air inside a grid: the national stations and the registered devices whose position lies
 * inside its boundary (point in polygon), their current values with the AQI where it can be computed,
 * and over a period the means, maxima and hours above the limits.
 */
export class GridAirService {
  constructor(
    private readonly grids: GridsService,
    private readonly sources: GridAirSources,
    private readonly now: Clock,
  ) {}

  private async within(row: GridRecord, scope: AreaScope) {
    const geometry = geometryOf(row);
    const box = boundingBox(geometry);
    const [stations, devices] = await Promise.all([this.sources.stations(), this.sources.devices(scope)]);
    return {
      stations: stations.filter((s) => s.active === 1 && inside(geometry, box, s.longitude, s.latitude)),
      devices: devices.filter((d) => d.status !== 'retired' && inside(geometry, box, d.lon, d.lat)),
    };
  }

  async related(code: string, scope: AreaScope) {
    const row = await this.grids.grid(code, scope);
    const [grid, members, children, found] = await Promise.all([
      this.grids.present(row),
      this.grids.members(code, scope),
      this.grids.children(code, scope),
      this.within(row, scope),
    ]);
    return {
      grid,
      members,
      children,
      stations: found.stations.map((s) => ({
        code: s.code,
        name: s.name,
        lon: s.longitude ?? 0,
        lat: s.latitude ?? 0,
      })),
      devices: found.devices.map((d) => ({
        deviceId: String(d.id),
        mn: d.mn,
        name: d.name,
        type: d.type,
        lon: d.lon,
        lat: d.lat,
      })),
    };
  }

  async realTime(code: string, scope: AreaScope) {
    const row = await this.grids.grid(code, scope);
    return this.current(row, scope);
  }

  private async current(row: GridRecord, scope: AreaScope) {
    const found = await this.within(row, scope);
    const [snapshot, latest] = await Promise.all([
      this.sources.current.current(),
      this.sources.latest(found.devices.map((d) => d.id)),
    ]);
    const all: Values[] = [];
    const stations = found.stations.map((s) => {
      const hour = snapshot.stations.get(s.code);
      const values = emptyValues();
      if (hour !== undefined) {
        for (const key of FACTOR_KEYS) values[key] = hour[key] ?? null;
        all.push(values);
      }
      return {
        kind: 'station' as const,
        code: s.code,
        name: s.name,
        lon: s.longitude ?? 0,
        lat: s.latitude ?? 0,
        time: hour === undefined ? null : formatChinaDateTime(hour.time),
        values: airValues(
          values,
          hour === undefined
            ? undefined
            : {
                aqi: hour.aqi,
                level: Number(hour.level),
                primary: presentAir(hour).primaryPollutant,
              },
        ),
      };
    });
    const devices = found.devices.map((d) => {
      const values = emptyValues();
      let any = false;
      for (const reading of latest.get(d.id) ?? []) {
        const key = FACTOR_OF_CODE.get(reading.factor);
        if (key !== undefined && reading.value !== null && validFlag(reading.flag)) {
          values[key] = reading.value;
          any = true;
        }
      }
      if (any) all.push(values);
      return {
        kind: 'device' as const,
        code: d.mn,
        name: d.name,
        lon: d.lon,
        lat: d.lat,
        time: formatChinaDateTimeOrNull(d.last_data_time),
        values: airValues(values),
      };
    });
    const mean = emptyValues();
    for (const key of FACTOR_KEYS) {
      const present = all.map((v) => v[key]).filter((v): v is number => v !== null);
      mean[key] = present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
    }
    return {
      gridCode: row.code,
      name: row.name,
      time: formatChinaDateTimeOrNull(snapshot.stationHour ?? null),
      stations,
      devices,
      mean: airValues(mean),
    };
  }

  /** The current values, and over (from, to] (default: the last 24 hours, at most 31 days) the hours of every source. */
  async accumulated(
    query: { gridCode: string; startTime?: string | undefined; endTime?: string | undefined },
    scope: AreaScope,
  ) {
    const row = await this.grids.grid(query.gridCode, scope);
    const time = (field: string, text: string | undefined) => {
      if (text === undefined) return undefined;
      const t = tryParseChinaDateTime(text);
      if (t === null) throw invalidField(field, '不是有效的时间');
      return t;
    };
    const range = resolveRange(
      { startTime: time('startTime', query.startTime), endTime: time('endTime', query.endTime) },
      { end: () => this.now(), start: (end) => end - 24 * 3600 },
      (from, to) => (to - from > 31 * 86_400 ? '时间范围不能超过 31 天' : undefined),
    );
    const current = await this.current(row, scope);
    const found = await this.within(row, scope);
    const samples = new Map<Factor, number[]>(FACTOR_KEYS.map((k) => [k, []]));
    for (const station of found.stations) {
      for (const hour of await this.sources.stationHours(station.code, range.from + 1, range.to)) {
        for (const key of FACTOR_KEYS) {
          const value = hour[key];
          if (value !== null && value !== undefined) samples.get(key)?.push(value);
        }
      }
    }
    const codes = FACTOR_KEYS.map((k) => FACTORS[k]);
    for (const device of found.devices) {
      for (const hour of await this.sources.deviceHours(device.id, codes, range.from, range.to)) {
        const key = FACTOR_OF_CODE.get(hour.factor);
        if (key !== undefined && hour.value !== null && hour.invalid !== 1 && validFlag(hour.flag)) {
          samples.get(key)?.push(hour.value);
        }
      }
    }
    const means = emptyValues();
    const accumulated = FACTOR_KEYS.map((factor) => {
      const list = samples.get(factor) ?? [];
      const mean = list.length === 0 ? null : list.reduce((a, b) => a + b, 0) / list.length;
      means[factor] = mean;
      return {
        factor,
        mean: round(mean, factor === 'co' ? 3 : 1),
        max: list.length === 0 ? null : round(Math.max(...list), factor === 'co' ? 3 : 1),
        hours: list.length,
        limit: HOUR_LIMITS[factor],
        exceedHours: list.filter((v) => v > HOUR_LIMITS[factor]).length,
      };
    });
    return {
      current,
      startTime: formatChinaDateTime(range.from),
      endTime: formatChinaDateTime(range.to),
      accumulated,
      meanAqi: realtimeAqi(means).aqi,
    };
  }
}
