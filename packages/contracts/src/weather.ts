import { z } from 'zod';
import { airValues, chinaDateTime, dataSource } from './air';
import { envelope } from './envelope';

/**
 * Weather shapes of the public data calls. Codes and texts follow QWeather's table (100 晴,
 * 101 多云, 104 阴, 305 小雨 …): `icon` is the code, as QWeather's `iconDay` is. Temperatures in °C,
 * humidity in %, pressure in hPa, wind in m/s (direction in degrees, 0 = from the north), rain in
 * mm, radiation in W/m². Missing is null, never 0. An hourly value is labelled by the end of its hour.
 */

export const chinaDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD');

/** Map layers of spec §3. */
export const weatherLayer = z.enum(['temp', 'hum', 'pre', 'wind', 'rain', 'radiat', 'isobar']);

export const windSector = z.enum(['北', '东北', '东', '东南', '南', '西南', '西', '西北']);

export const cityRef = {
  cityCode: z.string().describe('6 位区划代码'),
  cityName: z.string(),
};

const wind = {
  windSpeed: z.number().nullable().describe('风速 m/s'),
  windDirection: z.number().nullable().describe('风向（度），0 为北风，顺时针'),
  windDirectionName: windSector.nullable().describe('八方位风向'),
  windForce: z.number().int().min(0).max(18).nullable().describe('风力等级（蒲福 0–18 级）'),
};

/** One hour's weather values. */
export const weatherValues = z.object({
  temperature: z.number().nullable().describe('气温 °C'),
  humidity: z.number().nullable().describe('相对湿度 %'),
  pressure: z.number().nullable().describe('气压 hPa'),
  ...wind,
  precipitation: z.number().nullable().describe('小时降水量 mm'),
  radiation: z.number().nullable().describe('辐射 W/m²'),
  text: z.string().nullable().describe('天气现象（和风天气文字，如 晴）'),
  icon: z.string().nullable().describe('天气代码（和风天气图标代码，如 100）'),
});

const provenance = {
  source: dataSource,
  isDemo: z.boolean().describe('演示数据（非真实观测）'),
};

/** An observed (or forecast) hour. */
export const weatherHour = weatherValues.extend({
  time: chinaDateTime.describe('小时末时间（北京时间）'),
  ...provenance,
});

/**
 * An observation shown as "current": its own time, and `stale` when the latest one is more than 3
 * hours old. An hour the caller asked for by time is what they wanted, so it is never stale.
 */
export const weatherNow = weatherHour.extend({
  stale: z.boolean().describe('取最新数据时，数据时间早于 3 小时前；指定时间时为 false'),
});

export const weatherForecastHour = weatherHour.extend({
  precipitationProbability: z.number().nullable().describe('降水概率 %'),
});

/** A daily forecast with QWeather's field names (spec §3: textDay, iconDay). */
export const weatherForecastDay = z.object({
  date: chinaDate,
  textDay: z.string().nullable(),
  iconDay: z.string().nullable(),
  textNight: z.string().nullable(),
  iconNight: z.string().nullable(),
  tempMax: z.number().nullable(),
  tempMin: z.number().nullable(),
  ...wind,
  humidity: z.number().nullable(),
  precipitation: z.number().nullable().describe('日降水量 mm'),
  ...provenance,
});

/** Weather over a period from its hourly observations. */
export const weatherPeriodSummary = z.object({
  tempMax: z.number().nullable(),
  tempMin: z.number().nullable(),
  tempMean: z.number().nullable().describe('平均气温（观测）'),
  humidity: z.number().nullable().describe('平均相对湿度 %'),
  precipitation: z.number().nullable().describe('累计降水量 mm'),
  windSpeed: z.number().nullable().describe('平均风速 m/s'),
  windDirectionName: windSector.nullable().describe('主导风向（出现最多的八方位，静风不计）'),
  windForce: z.number().int().min(0).max(18).nullable().describe('平均风速的风力等级'),
  validHours: z.number().int().nullable().describe('参与统计的观测小时数；预报日为 null'),
});

/** One day: observed (aggregated from the hours labelled 01:00–24:00 of that day) or forecast. */
export const weatherDay = weatherPeriodSummary.extend({
  date: chinaDate,
  kind: z.enum(['observed', 'forecast']).describe('observed 实况统计；forecast 预报'),
  textDay: z.string().nullable().describe('白天天气；实况取 09–20 时最常见的天气（有降水时取降水）'),
  iconDay: z.string().nullable(),
  textNight: z.string().nullable(),
  iconNight: z.string().nullable(),
  source: dataSource.nullable().describe('无数据的日子为 null'),
  isDemo: z.boolean(),
});

export const weatherResponse = envelope(
  z.object({
    ...cityRef,
    now: weatherNow.nullable().describe('最新实况；从无观测时为 null'),
    daily: z.array(weatherForecastDay).describe('今天起的逐日预报（最多 7 天）'),
    hourly: z.array(weatherForecastHour).describe('未来 24 小时逐小时预报'),
  }),
);

export const cityDayWeatherResponse = envelope(
  z.object({
    ...cityRef,
    startDate: chinaDate,
    endDate: chinaDate,
    days: z.array(weatherDay).describe('范围内每一天；今天以前为实况统计，今天起为预报'),
  }),
);

const sourced = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, ...provenance });

/** One hour of the "weather vs air" series; either side is null when that hour is missing. */
export const meteoAirHour = z.object({
  time: chinaDateTime,
  weather: sourced(weatherValues.shape).nullable(),
  air: sourced(airValues.shape).nullable(),
});

export const meteoAnaResponse = envelope(
  z.object({
    ...cityRef,
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    hours: z.array(meteoAirHour).describe('有天气或空气数据的小时，按时间升序'),
  }),
);

export const legendRange = z.object({
  name: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
});

/** One city on the nationwide weather layer. */
export const surfacePoint = z.object({
  ...cityRef,
  longitude: z.number(),
  latitude: z.number(),
  value: z.number().nullable().describe('该图层的值（单位见 legend）'),
  position: z.number().min(0).max(1).nullable().describe('值在图例范围中的位置 0–1（超出时取端点）'),
  windDirection: z.number().nullable().describe('风向（度），供风场箭头使用'),
  aqi: z.number().int().nullable(),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  ...provenance,
});

export const aqiSurMeteoResponse = envelope(
  z.object({
    layer: weatherLayer,
    time: chinaDateTime.nullable().describe('数据时间；尚无观测时为 null'),
    stale: z.boolean().describe('未指定时间且最新数据早于 3 小时前'),
    legend: legendRange,
    points: z.array(surfacePoint),
  }),
);

/** One level of an upper-air sounding. */
export const soundingLevel = z.object({
  pressure: z.number().nullable().describe('hPa'),
  height: z.number().nullable().describe('位势高度 m'),
  temperature: z.number().nullable(),
  dewPoint: z.number().nullable(),
  windDirection: z.number().nullable(),
  windSpeed: z.number().nullable(),
});

export const highMeteoResponse = envelope(
  z.object({
    ...cityRef,
    time: chinaDateTime.nullable(),
    stationCode: z.string().nullable().describe('探空站号'),
    stationName: z.string().nullable(),
    levels: z.array(soundingLevel).describe('自地面向上；附近没有探空时为空'),
  }),
);

export type WeatherValues = z.infer<typeof weatherValues>;
export type WeatherHourData = z.infer<typeof weatherHour>;
export type WeatherNow = z.infer<typeof weatherNow>;
export type WeatherForecastHourData = z.infer<typeof weatherForecastHour>;
export type WeatherForecastDayData = z.infer<typeof weatherForecastDay>;
export type WeatherPeriodSummary = z.infer<typeof weatherPeriodSummary>;
export type WeatherDay = z.infer<typeof weatherDay>;
export type MeteoAirHour = z.infer<typeof meteoAirHour>;
export type SurfacePoint = z.infer<typeof surfacePoint>;
export type LegendRangeData = z.infer<typeof legendRange>;
export type WeatherLayerKey = z.infer<typeof weatherLayer>;
