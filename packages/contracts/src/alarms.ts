import { z } from 'zod';
import { chinaDateTime, dataSource } from './air';
import { envelope } from './envelope';

/**
 * Public threshold alarms (getAlarmInfo, getAlarmItemTrend, getAlarmCode). An alarm is computed on
 * read from the stored hours: a city or station whose AQI or a pollutant stays at or above a level
 * (default 3, 轻度污染). Level n of an item covers (breaks[n-1], breaks[n]] of its level table.
 */

/** What an alarm watches: the AQI or one pollutant (spec §3 keys). */
export const alarmItem = z.enum(['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co']);

/** A city (from city hours) or a monitoring station (from station hours). */
export const alarmSubjectType = z.enum(['city', 'site']);

const level = z.number().int().min(0).max(6);

export const alarmEvent = z.object({
  alarmId: z.string().describe('事件标识：类型-编码-项目-开始小时（epoch 秒）；同一范围起点下稳定'),
  type: alarmSubjectType.describe('city 城市 / site 站点'),
  code: z.string().describe('城市区划代码或站点编码'),
  name: z.string().describe('城市名或站点名'),
  cityCode: z.string().describe('所属城市区划代码'),
  itemName: alarmItem,
  itemLabel: z.string().describe('项目显示名，如 PM2.5'),
  unit: z.string().describe('浓度单位；AQI 为空'),
  threshold: z.number().describe('触发阈值：超过该值即达到告警级别'),
  level: level.describe('事件期间的最高级别'),
  levelName: z.string(),
  color: z.string(),
  startTime: chinaDateTime.describe('事件第一个达到阈值的小时（查询范围内）'),
  endTime: chinaDateTime.describe('事件最后一个达到阈值的小时'),
  peakTime: chinaDateTime,
  peakValue: z.number(),
  durationHours: z.number().int().min(1).describe('连续达到阈值的小时数（查询范围内）'),
  active: z.boolean().describe('仍在持续：最后一小时即最新数据小时，且数据不超过 3 小时'),
  beganBeforeRange: z.boolean().describe('事件在查询开始时间之前已经开始'),
  source: dataSource,
  isDemo: z.boolean(),
});

export const alarmInfo = z.object({
  startTime: chinaDateTime.describe('查询范围开始'),
  endTime: chinaDateTime.describe('查询范围结束'),
  minLevel: z.number().int().min(3).max(6).describe('告警级别下限'),
  total: z.number().int().describe('范围内事件总数（截断前）'),
  list: z.array(alarmEvent).describe('按开始时间倒序，最多 limit 条'),
  dataTime: chinaDateTime.nullable().describe('库中最新数据小时；无数据为 null'),
  stale: z.boolean().describe('最新数据早于 3 小时前（或无数据）'),
});

export const alarmInfoResponse = envelope(alarmInfo);

export const alarmLevelBand = z.object({
  level,
  levelName: z.string(),
  color: z.string(),
  from: z.number().describe('下限（不含）'),
  to: z.number().nullable().describe('上限（含）；最高级别为 null'),
});

export const alarmTrendPoint = z.object({
  time: chinaDateTime.describe('小时末'),
  value: z.number().nullable().describe('缺测为 null'),
  level,
});

export const alarmTrend = z.object({
  type: alarmSubjectType,
  code: z.string(),
  name: z.string(),
  itemName: alarmItem,
  itemLabel: z.string(),
  unit: z.string(),
  alarmThreshold: z.number().describe('3 级（轻度污染）的下限：超过即告警'),
  thresholds: z.array(alarmLevelBand).describe('1–6 级的分级区间，画图用'),
  series: z.array(alarmTrendPoint).describe('范围内逐小时；缺测小时为 null'),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  dataTime: chinaDateTime.nullable().describe('序列中最新有数据的小时'),
  stale: z.boolean().describe('最新有数据的小时早于 3 小时前（或无数据）'),
  source: dataSource.nullable(),
  isDemo: z.boolean(),
});

export const alarmTrendResponse = envelope(alarmTrend);

export const alarmCodes = z.object({
  alarmLevel: z.number().int().describe('默认告警级别（3 轻度污染）'),
  rule: z.string().describe('告警规则说明'),
  levels: z.array(
    z.object({
      level,
      name: z.string(),
      grade: z.string().describe('一级 … 六级；未知为空'),
      color: z.string(),
      aqiMin: z.number().nullable(),
      aqiMax: z.number().nullable(),
      isAlarm: z.boolean().describe('达到默认告警级别'),
    }),
  ),
  items: z.array(
    z.object({
      itemName: alarmItem,
      label: z.string(),
      name: z.string(),
      unit: z.string(),
      hourBreaks: z.array(z.number()).describe('实时（小时）分级断点，7 个'),
      dayBreaks: z.array(z.number()).describe('日均分级断点，7 个'),
    }),
  ),
});

export const alarmCodesResponse = envelope(alarmCodes);

export type AlarmItem = z.infer<typeof alarmItem>;
export type AlarmSubjectType = z.infer<typeof alarmSubjectType>;
export type AlarmEvent = z.infer<typeof alarmEvent>;
export type AlarmInfo = z.infer<typeof alarmInfo>;
export type AlarmTrend = z.infer<typeof alarmTrend>;
export type AlarmCodes = z.infer<typeof alarmCodes>;
