import { z } from 'zod';
import { airValues, chinaDateTime, dataSource } from './air';
import { envelope } from './envelope';
import {
  chinaDate,
  cityRef,
  legendRange,
  weatherDay,
  weatherForecastDay,
  weatherHour,
  weatherLayer,
  weatherNow,
  weatherPeriodSummary,
  windSector,
} from './weather';

/**
 * Shapes of the city-analysis pages (POST /api/cityAna/…). Conventions as in air.ts and weather.ts:
 * spec pollutant keys, China times 'YYYY-MM-DD HH:mm:ss', missing is null, every row says where its
 * data came from (`source`, `isDemo`).
 */

const provenance = {
  source: dataSource,
  isDemo: z.boolean().describe('演示数据（非真实监测）'),
};

/** A page of a list: `total` rows in all, `list` the rows of page `pageNum` (from 1). */
function page<T extends z.ZodType>(item: T) {
  return {
    total: z.number().int().describe('符合条件的总行数'),
    pageNum: z.number().int().describe('页码，从 1 开始'),
    pageSize: z.number().int(),
    list: z.array(item),
  };
}

export const areaWeatherDataListResponse = envelope(
  z.object({
    ...cityRef,
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    ...page(weatherHour),
  }),
);

const site = {
  siteCode: z.string().describe('站点编码，如 1001A'),
  siteName: z.string(),
  countyCode: z.string().nullable(),
  isReference: z.boolean().describe('对照点：不参与城市均值'),
};

/** A station's values at one hour; all values null (level 0) when it did not report. */
export const siteValues = airValues.extend({
  ...site,
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  reported: z.boolean().describe('该小时有数据'),
  ...provenance,
});

export const areaSiteDataResponse = envelope(
  z.object({
    ...cityRef,
    time: chinaDateTime.nullable().describe('数据时间；该城市尚无数据时为 null'),
    stale: z.boolean().describe('未指定时间且最新数据早于 3 小时前'),
    sites: z.array(siteValues),
  }),
);

export const siteHour = airValues.extend({ ...site, time: chinaDateTime, ...provenance });

export const areaSiteAllDataResponse = envelope(
  z.object({
    ...cityRef,
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    ...page(siteHour),
  }),
);

export const layerReading = legendRange.extend({
  layer: weatherLayer,
  value: z.number().nullable().describe('该城市最新实况在此图层的值'),
  position: z.number().min(0).max(1).nullable().describe('值在图例范围中的位置 0–1'),
});

export const cityMeteoResponse = envelope(
  z.object({
    ...cityRef,
    now: weatherNow.nullable().describe('最新实况；从无观测时为 null'),
    legends: z.array(layerReading).describe('七个气象图层的图例范围与该城市的值'),
  }),
);

const levelOnly = airValues.pick({ aqi: true, level: true, levelName: true, color: true, primaryPollutant: true });

export const calendarDay = levelOnly.extend({ date: chinaDate, ...provenance });

export const levelDays = z.object({
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  days: z.number().int(),
});

export const cityCalendarResponse = envelope(
  z.object({
    ...cityRef,
    year: z.number().int(),
    month: z.number().int().nullable().describe('只查一年时为 null'),
    days: z.array(calendarDay).describe('有数据的日子，按日期升序'),
    levelDays: z.array(levelDays).describe('各级别（0 未知 … 6 严重污染）的天数'),
  }),
);

export const areaWeatherDataResponse = envelope(
  z.object({
    ...cityRef,
    startDate: chinaDate,
    endDate: chinaDate,
    days: z.array(weatherDay).describe('范围内每一天的实况统计'),
    summary: weatherPeriodSummary.describe('整个范围的实况统计'),
  }),
);

/** A city day: daily means, O3 as the day's highest hour (`o3`) and highest 8-hour mean (`o3_8h`). */
export const aqiDay = airValues.extend({
  date: chinaDate,
  validHours: z.number().int().describe('有效小时数'),
  ...provenance,
});

export const areaAqiDataResponse = envelope(
  z.object({
    ...cityRef,
    startDate: chinaDate,
    endDate: chinaDate,
    days: z.array(aqiDay).describe('有数据的日子，按日期升序'),
    summary: z.object({
      days: z.number().int().describe('有 AQI 的天数'),
      goodDays: z.number().int().describe('优良天数'),
      goodRate: z.number().nullable().describe('优良率 %，一位小数'),
      meanAqi: z.number().nullable().describe('日 AQI 平均，一位小数'),
      maxAqi: z.number().int().nullable(),
      levelDays: z.array(levelDays),
    }),
  }),
);

export const weatherAqiHour = z.object({
  time: chinaDateTime,
  aqi: z.number().int().nullable(),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  pm2_5: z.number().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
  windDirectionName: windSector.nullable(),
  windForce: z.number().int().nullable(),
});

export const weatherAqiHourResponse = envelope(
  z.object({
    ...cityRef,
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    hours: z.array(weatherAqiHour).describe('有天气或空气数据的小时，按时间升序；缺的一侧为 null'),
  }),
);

export const areaWeatherViewResponse = envelope(
  z.object({
    provinceCode: z.string(),
    provinceName: z.string(),
    time: chinaDateTime.nullable().describe('指定的小时；未指定时为 null，各城市取各自最新实况'),
    cities: z.array(
      z.object({
        ...cityRef,
        longitude: z.number(),
        latitude: z.number(),
        weather: weatherNow.nullable().describe('无数据时为 null'),
      }),
    ),
  }),
);

/** The air-quality forecast of one day: an AQI range and the levels it spans. */
export const aqForecastDay = z.object({
  aqiMin: z.number().int().nullable(),
  aqiMax: z.number().int().nullable(),
  levelMin: z.number().int().min(0).max(6),
  levelMax: z.number().int().min(0).max(6),
  levelName: z.string().describe('如 良 或 良~轻度污染'),
  color: z.string().describe('较高级别的颜色'),
  primaryPollutant: z.array(airValues.shape.primaryPollutant.element),
  text: z.string().nullable().describe('预报说明'),
  ...provenance,
});

export const foreDayResponse = envelope(
  z.object({
    ...cityRef,
    days: z.array(
      z.object({
        date: chinaDate,
        weather: weatherForecastDay.nullable().describe('天气预报；无预报时为 null'),
        air: aqForecastDay.nullable().describe('空气质量预报；无预报时为 null'),
      }),
    ),
  }),
);

export type SiteValues = z.infer<typeof siteValues>;
export type SiteHour = z.infer<typeof siteHour>;
export type LayerReading = z.infer<typeof layerReading>;
export type CalendarDay = z.infer<typeof calendarDay>;
export type LevelDays = z.infer<typeof levelDays>;
export type AqiDay = z.infer<typeof aqiDay>;
export type WeatherAqiHour = z.infer<typeof weatherAqiHour>;
export type AqForecastDay = z.infer<typeof aqForecastDay>;
