import { z } from 'zod';
import { airValues, chinaDateTime, dataSource, pollutantKey } from './air';
import { envelope } from './envelope';

/**
 * A city's air quality (POST /api getCity…): the current hour, hourly/daily/monthly/yearly series,
 * the air-quality forecast and the follow-city cards. Field names follow spec §3 (pollutant keys,
 * `time`, `level`, `primaryPollutant`); every value carries `source`/`isDemo`, and a "current" value
 * carries its own time and `stale` (older than 3 hours). Missing is null, never 0.
 */

const cityDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD');

const cityIdentity = {
  cityCode: z.string().describe('6 位区划代码'),
  cityName: z.string(),
  pyName: z.string(),
};

const provenance = {
  source: dataSource,
  isDemo: z.boolean().describe('演示数据（非真实监测）'),
};

const levelFields = {
  level: z.number().int().min(0).max(6).describe('0 未知 … 6 严重污染'),
  levelName: z.string(),
  color: z.string().describe('级别颜色 #rrggbb'),
};

export const cityAirLevel = z.object(levelFields);

/** One pollutant of the current hour: its concentration, IAQI and the level of the concentration. */
export const cityPollutantIndex = z.object({
  key: pollutantKey,
  name: z.string().describe('中文名称，如 细颗粒物'),
  unit: z.enum(['μg/m³', 'mg/m³']),
  value: z.number().nullable(),
  iaqi: z.number().int().nullable().describe('空气质量分指数（实时报，进位取整）；臭氧 8 小时不参与实时 AQI，为 null'),
  ...levelFields,
});

export const cityCurrentValues = airValues.extend({
  time: chinaDateTime.describe('数据时间（小时末，北京时间）'),
  ...provenance,
  stale: z.boolean().describe('数据时间早于当前 3 小时以上'),
  stationCount: z.number().int().describe('参与计算的站点数（不含对照点）'),
  primaryPollutantNames: z.array(z.string()).describe('首要污染物中文名，如 细颗粒物(PM2.5)'),
  pollutants: z.array(cityPollutantIndex).describe('各污染物的浓度、分指数与级别（实时报分级）'),
  health: z
    .object({
      impact: z.string().describe('对健康影响情况'),
      advice: z.string().describe('建议采取的措施'),
    })
    .nullable()
    .describe('级别未知时为 null'),
});

export const cityCurrentData = z.object({
  ...cityIdentity,
  current: cityCurrentValues.nullable().describe('最近 7 天内没有该城市的小时数据时为 null'),
});

export const cityCurrentResponse = envelope(cityCurrentData);

export const cityHourItem = airValues.extend({
  time: chinaDateTime.describe('小时末'),
  ...provenance,
  stationCount: z.number().int(),
});

export const cityHoursData = z.object({
  ...cityIdentity,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  expectedHours: z.number().int().describe('范围内截至当前应有的小时数'),
  missingHours: z.number().int().describe('其中没有城市数据的小时数（缺测小时不出现在 items 中）'),
  items: z.array(cityHourItem).describe('已有数据的小时，按时间升序'),
});

export const cityHoursResponse = envelope(cityHoursData);

export const cityDayItem = airValues.extend({
  date: cityDate,
  time: chinaDateTime.describe('当日 00:00'),
  o3: z.number().nullable().describe('臭氧日最大 1 小时值'),
  o3_8h: z.number().nullable().describe('臭氧日最大 8 小时滑动平均'),
  validHours: z.number().int().describe('当日有效小时数（今天未过完时小于 24）'),
  ...provenance,
});

export const cityDaysData = z.object({
  ...cityIdentity,
  startDate: cityDate,
  endDate: cityDate,
  expectedDays: z.number().int().describe('范围内截至今天应有的天数'),
  missingDays: z.number().int().describe('其中没有日数据的天数（不出现在 items 中）'),
  items: z.array(cityDayItem).describe('已有数据的日子，按日期升序'),
});

export const cityDaysResponse = envelope(cityDaysData);

/** A month or a year evaluated as HJ 663-2013 does. */
export const cityPeriodValues = z.object({
  pm2_5: z.number().nullable().describe('平均浓度'),
  pm10: z.number().nullable().describe('平均浓度'),
  so2: z.number().nullable().describe('平均浓度'),
  no2: z.number().nullable().describe('平均浓度'),
  co: z.number().nullable().describe('CO 日均值第 95 百分位数（mg/m³）'),
  o3_8h: z.number().nullable().describe('O3 日最大 8 小时平均第 90 百分位数'),
  compositeIndex: z.number().nullable().describe('环境空气质量综合指数'),
  aqiMean: z.number().nullable().describe('日 AQI 的平均值'),
  days: z.number().int().describe('有效天数'),
  goodDays: z.number().int().describe('优良天数'),
  goodRate: z.number().nullable().describe('优良天数比例 0–1；无有效天时为 null'),
  levelDays: z.array(cityAirLevel.extend({ days: z.number().int() })).describe('各级别天数，依次为 优 … 严重污染'),
  ...provenance,
});

export const cityMonthItem = cityPeriodValues.extend({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe('YYYY-MM'),
});

export const cityMonthsData = z.object({
  ...cityIdentity,
  startMonth: z.string().describe('YYYY-MM'),
  endMonth: z.string().describe('YYYY-MM'),
  items: z.array(cityMonthItem).describe('已有数据的月份，按时间升序'),
});

export const cityMonthsResponse = envelope(cityMonthsData);

export const cityYearItem = cityPeriodValues.extend({ year: z.number().int() });

export const cityYearsResponse = envelope(
  z.object({ ...cityIdentity, items: z.array(cityYearItem).describe('已有数据的全部年份，按时间升序') }),
);

/** One day of the air-quality forecast. */
export const cityAirForecastDay = z.object({
  date: cityDate,
  aqiMin: z.number().int().nullable(),
  aqiMax: z.number().int().nullable(),
  levelMin: cityAirLevel,
  levelMax: cityAirLevel,
  levelText: z.string().describe('如 良 或 良至轻度污染'),
  primaryPollutant: z.array(pollutantKey),
  primaryPollutantNames: z.array(z.string()),
  issuedAt: chinaDateTime.describe('预报发布时间'),
  ...provenance,
});

export const city3DayResponse = envelope(
  z.object({
    ...cityIdentity,
    items: z.array(cityAirForecastDay).describe('今天起最多 3 天；没有预报时为空'),
  }),
);

export const cityForeTextResponse = envelope(
  z.object({
    ...cityIdentity,
    forecast: z
      .object({
        text: z.string().nullable().describe('预报文字'),
        issuedAt: chinaDateTime,
        date: cityDate.describe('该文字所附的第一天'),
        ...provenance,
      })
      .nullable()
      .describe('没有今天起的预报时为 null'),
  }),
);

/** One forecast hour: weather from the hourly forecast, air quality only as its day's forecast range. */
export const cityNextHourItem = z.object({
  time: chinaDateTime.describe('小时末'),
  weather: z.object({
    temperature: z.number().nullable(),
    humidity: z.number().nullable(),
    windSpeed: z.number().nullable(),
    windDirection: z.number().nullable(),
    windDirectionName: z.string().nullable(),
    windForce: z.number().int().nullable(),
    precipitation: z.number().nullable(),
    precipitationProbability: z.number().nullable(),
    text: z.string().nullable().describe('天气现象（和风天气文字）'),
    icon: z.string().nullable().describe('和风天气代码'),
    ...provenance,
  }),
  dayAirForecast: cityAirForecastDay
    .nullable()
    .describe('该小时所在日的空气质量日预报（AQI 区间）；不是逐小时 AQI；没有时为 null'),
});

export const cityNextHoursResponse = envelope(
  z.object({
    ...cityIdentity,
    hours: z.number().int().describe('请求的小时数'),
    note: z.string().describe('数据来源说明'),
    items: z.array(cityNextHourItem).describe('有天气预报的小时，按时间升序；没有预报时为空'),
  }),
);

/** Spec §3 follow-city data: `meteo[0].textDay/iconDay` and `airquality[0].aqi/mainPol`. */
export const focusCityData = z.object({
  stationCode: z.string().describe('区划代码'),
  regionCode: z.string().describe('上级区划代码；省级为自身'),
  stationType: z.union([z.literal(2), z.literal(3)]).describe('3 城市，2 区县'),
  stationName: z.string(),
  pyName: z.string(),
  meteo: z
    .array(
      z.object({
        date: cityDate,
        textDay: z.string().nullable(),
        iconDay: z.string().nullable().describe('和风天气图标代码'),
        textNight: z.string().nullable(),
        iconNight: z.string().nullable(),
        tempMax: z.number().nullable(),
        tempMin: z.number().nullable(),
        issuedAt: chinaDateTime,
        ...provenance,
      }),
    )
    .describe('今天的天气预报（至多 1 项）；没有时为空'),
  airquality: z
    .array(
      z.object({
        aqi: z.number().int().nullable(),
        mainPol: z.string().nullable().describe('首要污染物中文名；AQI ≤ 50 或未知时为 null'),
        primaryPollutant: z.array(pollutantKey),
        ...levelFields,
        time: chinaDateTime.describe('数据时间；卡片上的 MM-DD HH:00 由客户端据此格式化'),
        stale: z.boolean().describe('早于当前 3 小时以上'),
        ...provenance,
      }),
    )
    .describe('最近一小时的空气质量（至多 1 项）；没有时为空（区县暂无数据）'),
});

export const focusCityResponse = envelope(focusCityData);
export const allFocusCityResponse = envelope(z.array(focusCityData));

export type CityCurrentData = z.infer<typeof cityCurrentData>;
export type CityCurrentValues = z.infer<typeof cityCurrentValues>;
export type CityPollutantIndex = z.infer<typeof cityPollutantIndex>;
export type CityHourItem = z.infer<typeof cityHourItem>;
export type CityHoursData = z.infer<typeof cityHoursData>;
export type CityDayItem = z.infer<typeof cityDayItem>;
export type CityDaysData = z.infer<typeof cityDaysData>;
export type CityPeriodValues = z.infer<typeof cityPeriodValues>;
export type CityMonthItem = z.infer<typeof cityMonthItem>;
export type CityMonthsData = z.infer<typeof cityMonthsData>;
export type CityYearItem = z.infer<typeof cityYearItem>;
export type CityAirForecastDay = z.infer<typeof cityAirForecastDay>;
export type CityNextHourItem = z.infer<typeof cityNextHourItem>;
export type FocusCityData = z.infer<typeof focusCityData>;
