import type { AirValues, DeviceRow, MonitorStationRow, OnlineStateCode } from '@lantian/contracts';
import { MONITOR_STATION_KINDS, ONLINE_STATES } from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull, LEVELS, realtimeAqi } from '@lantian/domain';
import { type CityHour, presentAir, type StationHourWithStation } from '../../data/air';
import type { Station } from '../../data/stations';
import { areaName, type DeviceView, onlineOf } from '../devices';
import { roundOrNull, type TelemetryValue } from './sources';

/** A national station whose latest hour is older than this is shown offline. */
export const NATIONAL_FRESH_SECONDS = 3 * 3600;

/** HJ 212-2017 codes of the air factors a micro-station reports, by the air data's pollutant key. */
const AIR_FACTORS = {
  pm2_5: 'a34004',
  pm10: 'a34002',
  so2: 'a21026',
  no2: 'a21004',
  co: 'a21005',
  o3: 'a05024',
} as const;
const TSP_FACTOR = 'a34001';

/** A value counts for the AQI only with a normal HJ 212 flag (N) or none. */
const validFlag = (flag: string | null) => flag === null || flag === 'N';

/** A national station of the air data with its latest hour (undefined: none in the last 7 days). */
export function nationalStationRow(
  station: Station,
  hour: StationHourWithStation | undefined,
  now: number,
): MonitorStationRow {
  const online: OnlineStateCode =
    hour !== undefined && hour.time >= now - NATIONAL_FRESH_SECONDS ? 'online' : 'offline';
  const area = station.county_code ?? station.city_code;
  return {
    stationId: station.code,
    code: station.code,
    name: station.name,
    kind: 'national',
    kindName: MONITOR_STATION_KINDS.national,
    type: null,
    typeName: MONITOR_STATION_KINDS.national,
    areaCode: area,
    areaName: areaName(area),
    cityCode: station.city_code,
    lon: station.longitude,
    lat: station.latitude,
    online,
    onlineName: ONLINE_STATES[online],
    time: hour === undefined ? null : formatChinaDateTime(hour.time),
    values: presentAir(
      hour ?? {
        aqi: null,
        level: 0,
        primary_pollutant: null,
        pm2_5: null,
        pm10: null,
        so2: null,
        no2: null,
        co: null,
        o3: null,
        o3_8h: null,
      },
    ),
    tsp: null,
    isDemo: (hour?.source ?? station.source) === 'demo',
  };
}

/**
 * The air values of a micro-station from its newest values. Its AQI is computed from them with the
 * 1-hour breakpoints: an indication (they are not hour means), as the console's map colours need one.
 */
export function deviceAirValues(latest: readonly (TelemetryValue & { flag: string | null })[]): {
  values: AirValues;
  tsp: number | null;
} {
  const byFactor = new Map(latest.map((row) => [row.factor, row]));
  const latestOf = (code: string) => byFactor.get(code)?.value ?? null;
  const validOf = (code: string) => {
    const row = byFactor.get(code);
    return row !== undefined && validFlag(row.flag) ? row.value : null;
  };
  const result = realtimeAqi({
    pm2_5: validOf(AIR_FACTORS.pm2_5),
    pm10: validOf(AIR_FACTORS.pm10),
    so2: validOf(AIR_FACTORS.so2),
    no2: validOf(AIR_FACTORS.no2),
    co: validOf(AIR_FACTORS.co),
    o3: validOf(AIR_FACTORS.o3),
  });
  const level = LEVELS[result.level];
  return {
    values: {
      aqi: result.aqi,
      pm2_5: roundOrNull(latestOf(AIR_FACTORS.pm2_5)),
      pm10: roundOrNull(latestOf(AIR_FACTORS.pm10)),
      so2: roundOrNull(latestOf(AIR_FACTORS.so2)),
      no2: roundOrNull(latestOf(AIR_FACTORS.no2)),
      o3: roundOrNull(latestOf(AIR_FACTORS.o3)),
      o3_8h: null,
      co: roundOrNull(latestOf(AIR_FACTORS.co), 3),
      level: level.level,
      levelName: level.name,
      color: level.color,
      primaryPollutant: [...result.primaryPollutants],
    },
    tsp: roundOrNull(latestOf(TSP_FACTOR)),
  };
}

/** A micro-station (a device of the core) with its newest values. */
export function deviceStationRow(
  device: DeviceView,
  typeName: string,
  latest: readonly (TelemetryValue & { flag: string | null })[],
  now: number,
): MonitorStationRow {
  const online = onlineOf(device, now);
  return {
    stationId: String(device.id),
    code: device.mn,
    name: device.name,
    kind: 'device',
    kindName: MONITOR_STATION_KINDS.device,
    type: device.type,
    typeName,
    areaCode: device.area_code,
    areaName: areaName(device.area_code),
    cityCode: null,
    lon: device.lon,
    lat: device.lat,
    online,
    onlineName: ONLINE_STATES[online],
    time: formatChinaDateTimeOrNull(device.last_data_time),
    ...deviceAirValues(latest),
    isDemo: false,
  };
}

/** A city's latest hour of the air data. */
export function cityAirLatest(city: CityHour) {
  return {
    ...presentAir(city),
    time: formatChinaDateTime(city.time),
    source: city.source,
    isDemo: city.source === 'demo',
    stationCount: city.station_count,
  };
}

/** Device counts by online state now. */
export function countDevices(list: readonly DeviceView[], now: number) {
  const counts = { total: list.length, online: 0, offline: 0, never: 0 };
  for (const device of list) counts[onlineOf(device, now)] += 1;
  return counts;
}

/** The parts of a presented device row a table of devices shows. */
export function deviceColumns(
  row: Pick<
    DeviceRow,
    'deviceId' | 'mn' | 'name' | 'type' | 'typeName' | 'siteName' | 'areaCode' | 'areaName' | 'online' | 'onlineName'
  >,
) {
  return {
    deviceId: row.deviceId,
    mn: row.mn,
    name: row.name,
    type: row.type,
    typeName: row.typeName,
    siteName: row.siteName,
    areaCode: row.areaCode,
    areaName: row.areaName,
    online: row.online,
    onlineName: row.onlineName,
  };
}
