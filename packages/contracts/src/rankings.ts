import { z } from 'zod';
import { airValues, chinaDateTime, dataSource, pollutantKey } from './air';
import { envelope } from './envelope';

/**
 * Rankings, timelines and 达标 (attainment) analysis of cities. Rankings are ascending: rank 1 is the
 * cleanest city. Hours and days sort by AQI, months and years by the composite index
 * (环境空气质量综合指数); equal values share a rank and are listed by area code.
 */

export const rankTimeType = z.enum(['hour', 'day', 'month', 'year']);
export const timelineTimeType = z.enum(['hour', 'day']);

const cityIdentity = {
  cityCode: z.string().describe('6 位区划代码'),
  cityName: z.string(),
  pyName: z.string(),
  provinceCode: z.string().describe('所属省级区划代码（直辖市为自身）'),
  provinceName: z.string(),
};

/** One city in a ranking. For months and years the index values are the period statistics. */
export const rankItem = airValues.extend({
  rank: z.number().int().nullable().describe('名次（1 为最好）；本时段无有效值的城市为 null，排在最后'),
  ...cityIdentity,
  co: z.number().nullable().describe('mg/m³；月、年为日均值第 95 百分位数'),
  o3: z.number().nullable().describe('臭氧 1 小时；日为日最大 1 小时值；月、年为 null'),
  o3_8h: z.number().nullable().describe('臭氧 8 小时；日为日最大 8 小时滑动平均；月、年为其第 90 百分位数'),
  aqi: z.number().int().nullable().describe('AQI；月、年为日 AQI 的平均值'),
  primaryPollutant: z
    .array(pollutantKey)
    .describe('首要污染物；小时、日为 AQI > 50 时 IAQI 最大者，月、年为单项指数最大者'),
  compositeIndex: z.number().nullable().describe('综合指数（月、年）；小时、日为 null'),
  days: z.number().int().nullable().describe('有效天数（月、年）'),
  goodDays: z.number().int().nullable().describe('优良天数（月、年）'),
  time: chinaDateTime.nullable().describe('数值所属时间：小时末、日/月/年的起点；无数据时为 null'),
  source: dataSource.nullable(),
  isDemo: z.boolean(),
  stale: z.boolean().describe('数据过时：小时值早于当前 3 小时以上，或该城市在所选小时没有数据'),
  lastTime: chinaDateTime.nullable().describe('小时排名中在所选小时缺数据的城市：此前 24 小时内最近一次数据的时间'),
});

export const cityRankData = z.object({
  timeType: rankTimeType,
  time: chinaDateTime.nullable().describe('排名所用的小时（小时末）或日/月/年的起点；没有任何数据时为 null'),
  rankType: z.string().describe('all 或 province:<省级代码>'),
  sortBy: z.enum(['aqi', 'compositeIndex']),
  stale: z.boolean().describe('所选小时早于当前 3 小时以上'),
  total: z.number().int().describe('参与排名（有有效值）的城市数'),
  items: z.array(rankItem),
});

export const cityRankResponse = envelope(cityRankData);

/** Where one city stands in one period. */
export const rankStanding = z.object({
  time: chinaDateTime.describe('小时末或日/月/年的起点'),
  value: z.number().nullable().describe('排名所依据的值：小时、日为 AQI，月、年为综合指数'),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  rank: z.number().int().nullable().describe('全国名次'),
  total: z.number().int().describe('全国参与排名的城市数'),
  provinceRank: z.number().int().nullable().describe('省内名次'),
  provinceTotal: z.number().int(),
  source: dataSource.nullable(),
  isDemo: z.boolean(),
});

export const rankAnalysisData = z.object({
  ...cityIdentity,
  timeType: rankTimeType,
  sortBy: z.enum(['aqi', 'compositeIndex']),
  stale: z.boolean().describe('所选小时早于当前 3 小时以上'),
  current: rankStanding.nullable().describe('没有任何数据时为 null'),
  previous: rankStanding.nullable().describe('上一时段（上一小时、前一日、上月、上年）'),
  change: z.object({
    rank: z.number().int().nullable().describe('全国名次变化：正数为上升（变好）'),
    provinceRank: z.number().int().nullable().describe('省内名次变化：正数为上升'),
    value: z.number().nullable().describe('数值变化：本时段减上一时段'),
  }),
  history: z
    .array(rankStanding)
    .optional()
    .describe('请求了 periods 时：到所选时段为止的各时段名次，按时间升序（含所选时段）'),
});

export const rankAnalysisResponse = envelope(rankAnalysisData);

export const timelineLevelCounts = z
  .array(z.number().int())
  .length(7)
  .describe('各级别城市数，下标为级别：0 未知，1 优 … 6 严重污染');

export const timelinePoint = z.object({
  time: chinaDateTime,
  cityCount: z.number().int().describe('有数据的城市数'),
  levelCounts: timelineLevelCounts,
  meanAqi: z.number().int().nullable().describe('各城市 AQI 的平均值'),
  level: z.number().int().min(0).max(6).describe('平均 AQI 的级别'),
  color: z.string(),
});

export const timelineData = z.object({
  timeType: timelineTimeType,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  stale: z.boolean().describe('小时时间轴的最新数据早于当前 3 小时以上'),
  items: z.array(timelinePoint).describe('范围内每个小时或每天一项，无数据的时刻 cityCount 为 0'),
});

export const timelineResponse = envelope(timelineData);

export const cityTimelinePoint = z.object({
  time: chinaDateTime,
  aqi: z.number().int().nullable(),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  primaryPollutant: z.array(pollutantKey),
  source: dataSource.nullable().describe('无数据时为 null'),
  isDemo: z.boolean(),
});

export const cityTimelineData = z.object({
  ...cityIdentity,
  timeType: timelineTimeType,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  stale: z.boolean().describe('小时时间轴的最新数据早于当前 3 小时以上'),
  items: z.array(cityTimelinePoint).describe('范围内每个小时或每天一项'),
});

export const cityTimelineResponse = envelope(cityTimelineData);

/** One pollutant's statistic against its GB 3095-2012 grade II limit. */
export const standardPollutant = z.object({
  key: pollutantKey,
  name: z.string(),
  statistic: z.string().describe('统计量，如 24 小时平均、年平均、日最大 8 小时平均第 90 百分位数'),
  unit: z.enum(['μg/m³', 'mg/m³']),
  value: z.number().nullable(),
  limit: z.number().describe('GB 3095-2012 二级浓度限值'),
  exceeded: z.boolean().nullable().describe('是否超标；无数据时为 null'),
  ratio: z.number().nullable().describe('占标率：数值 / 限值，两位小数'),
  exceedMultiple: z.number().nullable().describe('超标倍数 (数值 − 限值) / 限值；未超标或无数据时为 null'),
  exceedDays: z.number().int().nullable().describe('日均值超过 24 小时限值的天数'),
});

export const standardData = z.object({
  ...cityIdentity,
  period: z.enum(['day', 'month', 'year']),
  time: chinaDateTime.describe('时段起点'),
  label: z.string().describe('2024-05-01、2024-05 或 2024'),
  days: z.number().int().describe('有 AQI 的天数'),
  goodDays: z.number().int().describe('优良天数'),
  goodRate: z.number().nullable().describe('优良天数比例（%，一位小数）'),
  levelDays: z.array(z.number().int()).length(6).describe('优、良、轻度、中度、重度、严重污染的天数'),
  aqi: z.number().int().nullable().describe('日 AQI；月、年为日 AQI 的平均值'),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  primaryPollutant: z.array(pollutantKey).describe('日：首要污染物；月、年：单项指数最大者'),
  compositeIndex: z.number().nullable().describe('综合指数（月、年）'),
  validity: z.object({
    required: z.number().int(),
    actual: z.number().int(),
    unit: z.enum(['小时', '天']),
    met: z.boolean().describe('是否满足 GB 3095-2012 表 4 的数据有效性规定'),
  }),
  attained: z.boolean().nullable().describe('六项污染物均不超标为 true；有缺项且其余未超标时为 null'),
  pollutants: z.array(standardPollutant),
  source: dataSource.nullable(),
  isDemo: z.boolean(),
});

export const standardResponse = envelope(standardData);

export const o3SchemeHour = z.object({
  time: chinaDateTime.describe('小时末'),
  o3: z.number().nullable().describe('臭氧 1 小时'),
  o3_8h: z.number().nullable().describe('以该小时为末的 8 小时滑动平均（至少 6 个有效小时）'),
  level: z.number().int().min(0).max(6).describe('1 小时值的级别'),
  color: z.string(),
});

export const o3DaySchemeData = z.object({
  ...cityIdentity,
  time: chinaDateTime.describe('当日 00:00'),
  label: z.string(),
  hours: z.array(o3SchemeHour).describe('当日 24 个小时（01:00 … 次日 00:00）'),
  max1h: z.object({ value: z.number().nullable(), time: chinaDateTime.nullable() }),
  max8h: z
    .object({ value: z.number().nullable(), time: chinaDateTime.nullable() })
    .describe('日最大 8 小时滑动平均（08:00 … 24:00 结束的窗口，至少 14 个有效）'),
  max8hLevel: z.number().int().min(0).max(6),
  max8hIaqi: z.number().int().nullable(),
  hoursOver160: z.number().int().describe('1 小时值超过 160 μg/m³ 的小时数'),
  hoursOver200: z.number().int().describe('1 小时值超过 200 μg/m³（二级 1 小时限值）的小时数'),
  eightHourOver160: z.number().int().describe('8 小时滑动平均超过 160 μg/m³（二级 8 小时限值）的小时数'),
  source: dataSource.nullable(),
  isDemo: z.boolean(),
});

export const o3DaySchemeResponse = envelope(o3DaySchemeData);

export type RankTimeType = z.infer<typeof rankTimeType>;
export type TimelineTimeType = z.infer<typeof timelineTimeType>;
export type RankItem = z.infer<typeof rankItem>;
export type CityRankData = z.infer<typeof cityRankData>;
export type RankStanding = z.infer<typeof rankStanding>;
export type RankAnalysisData = z.infer<typeof rankAnalysisData>;
export type TimelinePoint = z.infer<typeof timelinePoint>;
export type TimelineData = z.infer<typeof timelineData>;
export type CityTimelinePoint = z.infer<typeof cityTimelinePoint>;
export type CityTimelineData = z.infer<typeof cityTimelineData>;
export type StandardPollutant = z.infer<typeof standardPollutant>;
export type StandardData = z.infer<typeof standardData>;
export type O3SchemeHour = z.infer<typeof o3SchemeHour>;
export type O3DaySchemeData = z.infer<typeof o3DaySchemeData>;
