import { type AlarmItem, alarmItem, alarmSubjectType } from '@lantian/contracts';
import { z } from 'zod';
import { cityParam, intParam, timeParam } from '../../../platform/http/params';

/**
 * Request parameters of the alarm calls, parsed into typed values. The signature covers the
 * parameters as sent (it is checked before these schemas run); the service applies the defaults.
 */

/** The spec writes PM2.5 both as pm2_5 and pm25 (§3): accept either, answer pm2_5. */
const itemParam = z
  .enum([...alarmItem.options, 'pm25'])
  .describe('项目：aqi、pm2_5（或 pm25）、pm10、so2、no2、o3、o3_8h、co')
  .transform((item): AlarmItem => (item === 'pm25' ? 'pm2_5' : item));

const intText = (min: number, max: number) => intParam(min, max, 4);

const startTime = timeParam.optional().describe('开始时间 YYYY-MM-DD HH:mm:ss（北京时间），默认结束时间前 24 小时');
const endTime = timeParam.optional().describe('结束时间，默认当前时间；范围最长 7 天');

export const alarmInfoBody = z.object({
  city: cityParam.optional().describe('城市或区县：6 位区划代码或拼音名；不填为全国'),
  type: alarmSubjectType.optional().describe('city 只看城市，site 只看站点；不填两者都看'),
  item: itemParam.optional().describe('只看一个项目；不填看 AQI 和全部污染物'),
  level: intText(3, 6).optional().describe('告警级别下限 3–6，默认 3（轻度污染）'),
  startTime,
  endTime,
  limit: intText(1, 200).optional().describe('最多返回条数，默认 20（规格 §9），最大 200'),
});

export const alarmTrendBody = z.object({
  city: cityParam.optional().describe('城市：6 位区划代码或拼音名（与 siteCode 二选一）'),
  siteCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,24}$/, '应为站点编码，如 1001A')
    .optional()
    .describe('站点编码（与 city 二选一）'),
  item: itemParam,
  startTime,
  endTime,
});

export type AlarmInfoQuery = z.output<typeof alarmInfoBody>;
export type AlarmTrendQuery = z.output<typeof alarmTrendBody>;
