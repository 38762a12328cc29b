import type { AqForecastDay, AqiDay, CalendarDay, LevelDays, SiteHour, SiteValues } from '@lantian/contracts';
import { AQI_LEVELS_ORDER, asAqiLevel, formatChinaDate, formatChinaDateTime, LEVELS } from '@lantian/domain';
import {
  type AqForecast,
  type CityDay,
  presentAir,
  primaryKeys,
  type StationHour,
  type StationHourWithStation,
} from '../../data/air';
import type { Station } from '../../data/stations';
import { NO_AIR_ROW } from '../../data/weather';

/** Stored air rows of the city-analysis pages as the API shows them (contracts/city-analysis.ts). */

/** A station at an hour; a station that did not report is listed with every value missing. */
export function presentSite(station: Station, row: StationHour | undefined): SiteValues {
  const source = row?.source ?? station.source;
  return {
    ...presentAir(row ?? NO_AIR_ROW),
    siteCode: station.code,
    siteName: station.name,
    countyCode: station.county_code,
    isReference: station.is_reference === 1,
    longitude: station.longitude,
    latitude: station.latitude,
    reported: row !== undefined,
    source,
    isDemo: source === 'demo',
  };
}

export function presentSiteHour(row: StationHourWithStation & { county_code: string | null }): SiteHour {
  return {
    ...presentAir(row),
    siteCode: row.station_code,
    siteName: row.station_name,
    countyCode: row.county_code,
    isReference: row.is_reference === 1,
    time: formatChinaDateTime(row.time),
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/** A city day; `o3` is the day's highest hour, `o3_8h` its highest 8-hour mean. */
export function presentAqiDay(row: CityDay): AqiDay {
  return {
    ...presentAir({ ...row, o3: row.o3_1h_max }),
    date: formatChinaDate(row.day),
    validHours: row.valid_hours,
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

export function presentCalendarDay(row: CityDay): CalendarDay {
  const { aqi, level, levelName, color, primaryPollutant } = presentAir({ ...row, o3: row.o3_1h_max });
  return {
    date: formatChinaDate(row.day),
    aqi,
    level,
    levelName,
    color,
    primaryPollutant,
    source: row.source,
    isDemo: row.source === 'demo',
  };
}

/** How many of the days fell in each level, every level listed (0 未知 … 6 严重污染). */
export function levelDayCounts(days: readonly { level: number }[]): LevelDays[] {
  return AQI_LEVELS_ORDER.map((level) => ({
    level,
    levelName: LEVELS[level].name,
    color: LEVELS[level].color,
    days: days.filter((d) => asAqiLevel(d.level) === level).length,
  }));
}

/** A forecast AQI range: one level name, or "良~轻度污染" when it spans two. */
export function presentAqForecast(row: AqForecast): AqForecastDay {
  const low = LEVELS[asAqiLevel(row.level_min)];
  const high = LEVELS[asAqiLevel(row.level_max)];
  return {
    aqiMin: row.aqi_min,
    aqiMax: row.aqi_max,
    levelMin: low.level,
    levelMax: high.level,
    levelName: low.level === high.level ? high.name : `${low.name}~${high.name}`,
    color: high.color,
    primaryPollutant: primaryKeys(row.primary_pollutant),
    text: row.text,
    source: row.source,
    isDemo: row.source === 'demo',
  };
}
