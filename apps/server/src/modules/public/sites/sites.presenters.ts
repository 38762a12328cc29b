import { areaByCode } from '@lantian/areas';
import type { LatestHourAir, SiteDetailInfo, SitePollutantIndex } from '@lantian/contracts';
import { iaqi, isStale, LEVELS, POLLUTANT_KEYS, pollutantLevel, realtimeIaqi } from '@lantian/domain';
import { type CityHour, presentAir, presentMeta, type StationHour } from '../../data/air';
import type { Station } from '../../data/stations';

export function toSiteDetailInfo(station: Station): SiteDetailInfo {
  return {
    siteCode: station.code,
    siteName: station.name,
    cityCode: station.city_code,
    cityName: areaByCode(station.city_code)?.name ?? station.city_code,
    countyCode: station.county_code,
    longitude: station.longitude,
    latitude: station.latitude,
    isReference: station.is_reference === 1,
    active: station.active === 1,
    source: station.source,
    isDemo: station.source === 'demo',
  };
}

/** A latest hour with its time, provenance and whether it is older than 3 hours. */
export function latestHourAir(row: StationHour | CityHour, now: number): LatestHourAir {
  return { ...presentAir(row), ...presentMeta(row.time, row.source), stale: isStale(row.time, now) };
}

/**
 * IAQI and level of each pollutant of a station hour, as the real-time report computes them
 * (1-hour values; SO2 above 800 μg/m³ by its 24-hour mean). The 8-hour O3 is not part of the real-time
 * AQI but is shown with the IAQI of the 8-hour table.
 */
export function pollutantIndexes(row: StationHour): SitePollutantIndex[] {
  const realtime = realtimeIaqi(row);
  return POLLUTANT_KEYS.map((key) => {
    const value = row[key];
    const info = LEVELS[pollutantLevel(key, value, 'HOUR')];
    return {
      key,
      value,
      iaqi: key === 'o3_8h' ? iaqi('o3_8h', value, 'DAY') : realtime[key],
      level: info.level,
      levelName: info.name,
      color: info.color,
    };
  });
}
