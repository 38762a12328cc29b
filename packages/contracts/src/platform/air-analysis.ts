import { z } from 'zod';
import { airValues, chinaDateTime, dataSource, pollutantKey } from '../air';
import { cityAirForecastDay } from '../city-air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { weatherForecastDay, weatherForecastHour } from '../weather';
import { pageOf, pageQuery } from './paging';

/**
 * 空气质量分析 (spec §7 "Platform: air, bigdata, analysis and forecast" and "Platform: user and
 * area"): the operator platform's analysis of the national and local air data already held — the
 * big-data home, city data (days, hours, calendar, same period of past years), regional means and
 * standard attainment (GB 3095-2012 grade II, HJ 663-2013), station history, interpolation, trends —
 * and the forecasts (city weather, AQI levels per area with their bulletin and images). Paths are the
 * spec's; parameter names are ours where the spec gives none. Every call is limited to the operator's
 * area: an area or city outside it answers 403 AREA_OUT_OF_SCOPE, a station outside it 404.
 */

// --- Shared pieces ----------------------------------------------------------------------------

function onCalendar(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A China calendar day, 'YYYY-MM-DD', that exists. */
export const analysisDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
  .refine((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text) || onCalendar(text), '不是有效的日期');
export const analysisMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '格式应为 YYYY-MM');
export const analysisYear = z.coerce.number().int('年份应为整数').min(2000, '年份过早').max(2100, '年份过晚');

/** What the analysis measures: the AQI or one pollutant. */
export const analysisIndex = z.enum(['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co']);
export type AnalysisIndex = z.infer<typeof analysisIndex>;

const cityCode = areaCode.describe('城市代码（6 位），须在本人所辖区域内');
const optionalArea = areaCode.optional().describe('地区代码（省、市或区县），须在本人所辖区域内；不填为本人所辖区域');
const identity = { cityCode: z.string(), cityName: z.string() };
const isDemo = z.boolean().describe('演示数据（非真实监测）');

/** A period (month, year, date range) evaluated as HJ 663-2013 does. */
export const analysisPeriodValues = z.object({
  label: z.string().describe('如 2026-11、2025 或 2026-11-01 至 2026-11-28'),
  startDate: z.string(),
  endDate: z.string(),
  pm2_5: z.number().nullable().describe('平均浓度 μg/m³'),
  pm10: z.number().nullable(),
  so2: z.number().nullable(),
  no2: z.number().nullable(),
  co: z.number().nullable().describe('CO 日均值第 95 百分位数（mg/m³）'),
  o3_8h: z.number().nullable().describe('O3 日最大 8 小时平均第 90 百分位数'),
  compositeIndex: z.number().nullable().describe('环境空气质量综合指数'),
  aqiMean: z.number().nullable(),
  days: z.number().int().describe('有 AQI 的天数'),
  goodDays: z.number().int().describe('优良天数'),
  goodRate: z.number().nullable().describe('优良天数比例 0–1'),
});
export type AnalysisPeriodValues = z.infer<typeof analysisPeriodValues>;

// --- /bigdata/home/* ----------------------------------------------------------------------------

export const monitorTypesResponse = envelope(
  z.array(
    z.object({
      code: analysisIndex,
      label: z.string().describe('如 PM2.5'),
      name: z.string().describe('中文名称'),
      unit: z.string().describe('单位；AQI 为空'),
    }),
  ),
);

export const trendType = z.enum(['hour', 'day']);
export const cityAqiTrendQuery = z.object({
  cityCode,
  type: trendType.default('hour').describe('hour：最近 24 小时；day：最近 30 天'),
});
export const aqiTrendPoint = airValues.extend({
  time: z.string().describe('小时为 YYYY-MM-DD HH:mm:ss（小时末），日为 YYYY-MM-DD'),
  isDemo,
});
export const cityAqiTrendResponse = envelope(
  z.object({ ...identity, type: trendType, items: z.array(aqiTrendPoint).describe('按时间升序；缺测的时次不出现') }),
);

export const analysisCityRankQuery = z.object({
  areaCode: optionalArea,
  type: trendType.default('hour').describe('hour：最新一小时；day：最新一天'),
  index: analysisIndex.default('aqi').describe('排序依据，从低到高（空值排在最后）'),
});
export const analysisCityRankRow = airValues.extend({
  rank: z.number().int().nullable().describe('名次；该项无值时为 null'),
  ...identity,
  isDemo,
});
export const analysisCityRankResponse = envelope(
  z.object({
    time: z.string().nullable().describe('排名所用的时次（小时末或日期）；辖区内无城市数据时为 null'),
    list: z.array(analysisCityRankRow),
  }),
);

export const futureCityQuery = z.object({ cityCode });
export const futureCityResponse = envelope(
  z.object({ ...identity, items: z.array(cityAirForecastDay).describe('今天起的空气质量预报；没有预报时为空') }),
);

// --- /analysis/cityData/* -------------------------------------------------------------------------

export const cityDayListQuery = z.object({
  cityCode,
  startDate: analysisDate.optional().describe('默认结束日前 29 天'),
  endDate: analysisDate.optional().describe('默认今天'),
});
export const cityDayRow = airValues.extend({
  date: z.string(),
  o3_1h_max: z.number().nullable().describe('O3 日最大 1 小时'),
  exceeding: z.array(pollutantKey).describe('超过 GB 3095-2012 二级 24 小时（O3 为 8 小时）浓度限值的污染物'),
  isDemo,
});
export const cityDayListResponse = envelope(z.array(cityDayRow));

export const cityHourPageQuery = pageQuery.extend({
  cityCode,
  startTime: chinaDateTime.optional().describe('默认结束时间前 24 小时'),
  endTime: chinaDateTime.optional().describe('默认现在'),
});
export const cityHourRow = airValues.extend({ time: chinaDateTime.describe('小时末'), isDemo });
export const cityHourPageResponse = envelope(pageOf(cityHourRow));

export const analysisCalendarQuery = z.object({ cityCode, year: analysisYear.describe('年份，默认今年').optional() });
export const analysisCalendarResponse = envelope(
  z.object({
    ...identity,
    year: z.number().int(),
    days: z.array(
      z.object({
        date: z.string(),
        aqi: z.number().int().nullable(),
        level: z.number().int(),
        levelName: z.string(),
        color: z.string(),
      }),
    ),
    levelDays: z.array(
      z.object({ level: z.number().int(), levelName: z.string(), color: z.string(), days: z.number().int() }),
    ),
  }),
);

export const monthCompareQuery = z.object({ cityCode, month: analysisMonth.optional().describe('默认本月') });
export const yearCompareQuery = z.object({ cityCode, year: analysisYear.optional().describe('默认今年') });
export const periodCompareResponse = envelope(
  z.object({
    ...identity,
    through: z.string().describe('同期截止日（MM-DD）：本期有数据的最后一天，往年取到同一天'),
    current: analysisPeriodValues,
    history: z.array(analysisPeriodValues).describe('往年同期，最近的在前（至多 5 年，无数据的年份不列）'),
    change: z
      .object({
        pm2_5: z.number().nullable().describe('PM2.5 较上年同期的变化率（0.1 为上升 10%）'),
        compositeIndex: z.number().nullable().describe('综合指数变化率'),
        goodRate: z.number().nullable().describe('优良天数比例的变化（百分点 ÷ 100）'),
      })
      .nullable()
      .describe('与上年同期相比；上年同期无数据时为 null'),
  }),
);

// --- /analysis/cityStandard/day/getRegionMeanData, /analysis/uptoStandard/* ------------------------

export const regionMeanQuery = z.object({
  areaCode: optionalArea,
  startDate: analysisDate.optional().describe('默认本年 1 月 1 日'),
  endDate: analysisDate.optional().describe('默认今天'),
});
export const attainmentItem = z.object({
  key: z.enum(['pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3_8h']),
  name: z.string(),
  value: z.number().nullable().describe('评价所用的统计值'),
  limit: z.number().describe('GB 3095-2012 二级浓度限值'),
  index: z.number().nullable().describe('单项指数 = 统计值 ÷ 限值'),
  attained: z.boolean().nullable(),
});
export const regionMeanRow = analysisPeriodValues.extend({
  ...identity,
  rank: z.number().int().nullable().describe('按综合指数从低到高的名次'),
  attained: z.boolean().nullable().describe('六项均达标；有缺项且无超标时为 null'),
  exceeding: z.array(z.string()).describe('超标的污染物（单项指数高的在前）'),
});
export const regionMeanResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    region: analysisPeriodValues.describe('区域：每天取各城市日均值的平均，再按 HJ 663-2013 统计'),
    list: z.array(regionMeanRow),
  }),
);

export const standardRateQuery = z.object({
  cityCode,
  year: analysisYear.optional().describe('默认今年'),
  targetRate: z.coerce
    .number()
    .min(0, '目标比例应在 0 到 1 之间')
    .max(1, '目标比例应在 0 到 1 之间')
    .default(0.8)
    .describe('优良天数比例目标，默认 0.8'),
});
export const standardRateResponse = envelope(
  z.object({
    ...identity,
    year: z.number().int(),
    stats: analysisPeriodValues,
    items: z.array(attainmentItem),
    attained: z.boolean().nullable(),
    exceeding: z.array(z.string()),
    remainingDays: z.number().int().describe('本年剩余天数（截止日之后）'),
    target: z.object({
      rate: z.number(),
      needed: z.number().int().describe('剩余天数中还需要的优良天数'),
      pollutedAllowed: z.number().int().describe('剩余天数中最多可有的非优良天数；为负表示已无法达成'),
      achievable: z.boolean(),
    }),
    lastYear: analysisPeriodValues.nullable().describe('上年同期'),
  }),
);

export const exceedDaysQuery = z.object({
  cityCode,
  startDate: analysisDate.optional().describe('默认本月 1 日'),
  endDate: analysisDate.optional().describe('默认今天'),
});
export const exceedDaysResponse = envelope(
  z.object({
    ...identity,
    days: z.number().int().describe('有数据的天数'),
    exceedDays: z.number().int().describe('至少一项超标的天数'),
    byPollutant: z.array(z.object({ key: z.string(), name: z.string(), limit: z.number(), days: z.number().int() })),
    list: z.array(cityDayRow).describe('超标的日子，按日期升序'),
  }),
);

// --- /analysis/airStations/*, /analysis/airSiteTrend/vochartslist ------------------------------------

/** Spec §7 "Site data list defaults": page size 999, newest hour first, hourly. */
export const SITE_HISTORY_PAGE_SIZE = 999;

export const siteHistoryQuery = z.object({
  stationCode: z
    .string()
    .regex(/^[0-9A-Za-z]{2,12}$/, '不是有效的站点编码')
    .optional()
    .describe('站点编码；不填为地区内全部站点'),
  areaCode: optionalArea,
  startTime: chinaDateTime.optional().describe('默认结束时间前 24 小时'),
  endTime: chinaDateTime.optional().describe('默认现在'),
  pageNum: z.coerce.number().int('页码应为整数').min(1, '页码从 1 开始').max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int('每页行数应为整数')
    .min(1, '每页至少 1 行')
    .max(SITE_HISTORY_PAGE_SIZE, `每页最多 ${SITE_HISTORY_PAGE_SIZE} 行`)
    .default(SITE_HISTORY_PAGE_SIZE),
});
export const siteHistoryRow = airValues.extend({
  time: chinaDateTime.describe('小时末'),
  stationCode: z.string(),
  stationName: z.string(),
  cityCode: z.string(),
  countyCode: z.string().nullable(),
  isDemo,
});
export const siteHistoryResponse = envelope(pageOf(siteHistoryRow));

export const interpolationQuery = z.object({
  areaCode: areaCode.describe('地区代码（市或区县），须在本人所辖区域内'),
  index: analysisIndex.default('aqi'),
  time: chinaDateTime.optional().describe('小时末；默认最新一小时'),
  format: z.enum(['json', 'asc']).default('json').describe('json，或 ESRI ASCII Grid（.asc，GIS 软件可直接打开）'),
});
export const interpolationGrid = z.object({
  areaCode: z.string(),
  areaName: z.string(),
  index: analysisIndex,
  time: chinaDateTime,
  method: z.string().describe('插值方法与参数'),
  stations: z.number().int().describe('参与插值的站点数'),
  ncols: z.number().int(),
  nrows: z.number().int(),
  xllcorner: z.number().describe('左下角经度'),
  yllcorner: z.number().describe('左下角纬度'),
  cellsize: z.number().describe('格距（度）'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  values: z.array(z.array(z.number().nullable())).describe('自北向南逐行；搜索半径内无站点的格点为 null'),
});
export const interpolationResponse = envelope(interpolationGrid);

export const cityAndSiteQuery = z.object({ areaCode: optionalArea });
export const siteEntry = z.object({
  code: z.string(),
  name: z.string(),
  countyCode: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  isReference: z.boolean().describe('对照点（不参与城市均值）'),
});
export const cityAndSiteResponse = envelope(z.array(z.object({ ...identity, stations: z.array(siteEntry) })));

export const cityAndSiteDataQuery = z.object({
  cityCode: areaCode.describe('城市或区县代码，须在本人所辖区域内'),
  time: chinaDateTime.optional().describe('小时末；默认最新一小时'),
});
export const cityAndSiteDataResponse = envelope(
  z.object({
    ...identity,
    time: z.string().nullable().describe('该时次；无数据时为 null'),
    city: airValues.extend({ isDemo }).nullable().describe('城市小时值；区县或无数据时为 null'),
    stations: z.array(siteEntry.merge(airValues).extend({ isDemo })),
  }),
);

export const siteTrendQuery = z.object({
  stationCodes: z
    .string()
    .regex(/^[0-9A-Za-z]{2,12}(,[0-9A-Za-z]{2,12}){0,9}$/, '站点编码以逗号分隔，至多 10 个')
    .describe('站点编码，逗号分隔，至多 10 个'),
  index: analysisIndex.default('aqi'),
  startTime: chinaDateTime.optional().describe('默认结束时间前 72 小时'),
  endTime: chinaDateTime.optional().describe('默认现在'),
});
export const siteTrendResponse = envelope(
  z.object({
    index: analysisIndex,
    unit: z.string(),
    times: z.array(z.string()).describe('范围内的每个小时末'),
    series: z.array(
      z.object({ stationCode: z.string(), stationName: z.string(), values: z.array(z.number().nullable()) }),
    ),
  }),
);

// --- Forecasts: /fore/weatherForecast/*, /threePartyForecast/*, /zhhb/center/* -----------------------

export const cityWeatherForecastQuery = z.object({ cityCode });
export const cityWeatherForecastResponse = envelope(
  z.object({
    ...identity,
    days: z.array(weatherForecastDay).describe('今天起的逐日天气预报'),
    hours: z.array(weatherForecastHour).describe('未来 24 小时逐时预报'),
  }),
);

export const areaForecastQuery = z.object({
  areaCode: optionalArea,
  days: z.coerce.number().int('天数应为整数').min(1, '至少 1 天').max(7, '至多 7 天').default(3),
});
export const areaWeatherForecastResponse = envelope(
  z.array(z.object({ ...identity, days: z.array(weatherForecastDay) })),
);

export const futureAreaQuery = areaForecastQuery.extend({
  dataSource: dataSource.optional().describe('只取该来源的预报（demo、cnemc、china_sites）'),
});
export const areaLevelResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    dates: z.array(z.string()).describe('预报日期（今天起）'),
    list: z.array(z.object({ ...identity, days: z.array(cityAirForecastDay) })),
  }),
);

export const forecastImgsResponse = envelope(
  z.array(
    z.object({
      date: z.string(),
      name: z.string().describe('{区划代码}_{YYYYMMDD}.png'),
      url: z.string().describe('图片地址（登录后可用）'),
      cities: z.number().int().describe('图上有预报的城市数'),
    }),
  ),
);
export const forecastImgParams = z.object({
  name: z.string().regex(/^\d{6}_\d{8}\.png$/, '图片名称应为 {区划代码}_{YYYYMMDD}.png'),
});

export const areaForecastTextResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    text: z.string().nullable().describe('由各城市级别预报生成的区域预报文字；无预报时为 null'),
    issuedAt: z.string().nullable().describe('所依据预报中最新的发布时间'),
    cities: z.number().int(),
  }),
);

export const aqiMapUrlResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    mapUrl: z.string().describe('辖区轮廓 GeoJSON（离线地图）'),
    pageUrl: z.string().describe('控制台内的空气质量地图页面'),
    center: z.tuple([z.number(), z.number()]).describe('中心经纬度'),
  }),
);

export const pultDataQuery = z.object({ areaCode: optionalArea });
export const pultDataResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    time: z.string().nullable(),
    stations: z.number().int().describe('辖区内有该时次数据的站点数'),
    mean: airValues.describe('辖区内站点该时次浓度的平均及其 AQI（不含对照点）').nullable(),
    cities: z.array(airValues.extend({ ...identity, isDemo })),
  }),
);

export type AnalysisCityRankRow = z.infer<typeof analysisCityRankRow>;
export type SiteHistoryRow = z.infer<typeof siteHistoryRow>;
export type InterpolationGrid = z.infer<typeof interpolationGrid>;
