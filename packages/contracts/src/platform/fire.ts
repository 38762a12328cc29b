import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { alarmRow } from './device-alarms';
import { deviceId, onlineState } from './devices';
import { pageOf, pageQuery } from './paging';

/**
 * Fire alarms (spec §7 "Platform: … fire …": /fire/alarm/survey|rank|trend|list|alarmTypeCount,
 * /fire/site/findList). Alarms are the shared alarm lifecycle's (告警中心), raised on F01 detectors by
 * the fire rules; this section counts, ranks and lists them by fire type and links each to the nearest
 * C01 cameras. Every call is limited to the operator's area.
 */

export const FIRE_DATE_TYPES = { day: '今日', week: '本周', month: '本月', year: '本年' } as const;
export const fireDateType = z.enum(['day', 'week', 'month', 'year']);
export const fireAlarmTypeCode = z.enum(['fire', 'smoke', 'temperature', 'fault', 'offline']);
export const fireOutcome = z.enum(['confirmed', 'false_alarm', 'test', 'fault']);

const siteCode = z.string().trim().min(1).max(40, '站点编码过长');

/** The period and place every fire call takes ("Fire calls default month"). */
export const fireQuery = z.object({
  dateType: fireDateType.default('month').describe('day 今日、week 本周、month 本月（默认）、year 本年，截至当前'),
  areaCode: areaCode.optional().describe('只统计该地区（须在本人所辖区域内）'),
  siteCode: siteCode.optional().describe('只统计该站点；不填为 FIRE_DEFAULT_SITE_CODE（未设置时为全部站点）'),
});

const periodFields = {
  dateType: fireDateType,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
};

export const fireSurvey = z.object({
  ...periodFields,
  total: z.number().int().describe('期间内发生的告警数'),
  incidents: z.number().int().describe('去重后的事件数：同一站点同一类型 10 分钟内的告警计为一次'),
  previousTotal: z.number().int().describe('上一同长度期间的告警数（环比）'),
  fire: z.number().int().describe('火警'),
  unhandled: z.number().int().describe('待处理（未确认、未解除）'),
  acknowledged: z.number().int(),
  cleared: z.number().int(),
  falseAlarms: z.number().int().describe('处理结论为误报'),
  sites: z.object({ total: z.number().int(), alarming: z.number().int() }),
  devices: z.object({ total: z.number().int(), online: z.number().int(), offline: z.number().int() }),
});
export const fireSurveyResponse = envelope(fireSurvey);

export const fireRankQuery = fireQuery.extend({
  rankType: z.enum(['area', 'site']).default('site').describe('site 按站点（默认）、area 按区县'),
});
export const fireRankResponse = envelope(
  z.object({
    ...periodFields,
    list: z.array(
      z.object({
        rank: z.number().int(),
        code: z.string().describe('站点编码或区县代码'),
        name: z.string(),
        count: z.number().int(),
        fire: z.number().int(),
      }),
    ),
  }),
);

export const fireTrendResponse = envelope(
  z.object({
    ...periodFields,
    list: z.array(
      z.object({
        time: z.string().describe('今日为小时（HH:mm），本周、本月为日期（MM-DD），本年为月份'),
        total: z.number().int(),
        fire: z.number().int(),
        smoke: z.number().int(),
        temperature: z.number().int(),
        fault: z.number().int(),
        offline: z.number().int(),
      }),
    ),
  }),
);

export const fireAlarmTypeCountResponse = envelope(
  z.object({
    ...periodFields,
    list: z.array(z.object({ type: fireAlarmTypeCode, name: z.string(), color: z.string(), count: z.number().int() })),
  }),
);

export const linkedCamera = z.object({
  deviceId,
  mn: z.string(),
  name: z.string(),
  siteName: z.string(),
  distance: z.number().int().describe('与告警设备的距离，米'),
  online: onlineState,
  videoType: z.string().describe('视频类型（默认 6）'),
  url: z.string().describe('控制台视频页地址：/platform/video?device=<MN>'),
});

export const fireAlarmRow = alarmRow.extend({
  fireType: fireAlarmTypeCode,
  fireTypeName: z.string(),
  fireTypeColor: z.string(),
  siteCode: z.string(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  outcome: fireOutcome.nullable().describe('处理结论：confirmed 确认火警、false_alarm 误报、test 测试、fault 设备故障'),
  outcomeName: z.string().nullable(),
  cameras: z.array(linkedCamera).describe('半径内最近的视频设备（C01），最近在前'),
});
export type FireAlarmRow = z.infer<typeof fireAlarmRow>;

export const fireAlarmListQuery = fireQuery.extend({
  ...pageQuery.shape,
  type: fireAlarmTypeCode.optional().describe('告警类型'),
  status: z.enum(['active', 'acknowledged', 'cleared']).optional(),
  outcome: fireOutcome.optional(),
  keyword: z.string().trim().max(40, '关键字过长').optional().describe('设备名称、MN 或站点名称'),
  videoType: z
    .string()
    .regex(/^\d{1,2}$/, '视频类型应为数字')
    .default('6'),
});
export const fireAlarmListResponse = envelope(pageOf(fireAlarmRow).extend(periodFields));

export const fireAlarmIdQuery = z.object({
  alarmId: z.string().regex(/^\d{1,12}$/, '告警编号应为数字'),
  videoType: z
    .string()
    .regex(/^\d{1,2}$/, '视频类型应为数字')
    .default('6'),
});
export const fireAlarmDetail = fireAlarmRow.extend({
  history: z.array(
    z.object({
      at: chinaDateTime,
      action: z.string(),
      actionName: z.string(),
      actor: z.string(),
      note: z.string().nullable(),
    }),
  ),
  outcomeNote: z.string().nullable(),
  temperature: z
    .array(z.object({ time: chinaDateTime, value: z.number().nullable() }))
    .describe('告警前后 30 分钟的探测温度（分钟值）'),
  maxRiseRate: z.number().nullable().describe('其中最快温升，℃/分钟（差定温判断，GB 4716-2005）'),
});
export const fireAlarmDetailResponse = envelope(fireAlarmDetail);

export const fireAlarmHandleBody = z.object({
  alarmId: z.string().regex(/^\d{1,12}$/, '告警编号应为数字'),
  action: z.enum(['acknowledge', 'clear']).describe('acknowledge 确认（到场核实中）；clear 处理完毕并解除'),
  outcome: fireOutcome.optional().describe('解除时必填：处理结论'),
  note: z.string().trim().max(200, '说明不能超过 200 字').default(''),
});

export const fireSiteQuery = z.object({
  ...pageQuery.shape,
  areaCode: areaCode.optional(),
  siteCode: siteCode.optional(),
  keyword: z.string().trim().max(40, '关键字过长').optional(),
  state: z.enum(['alarm', 'fault', 'normal', 'offline']).optional(),
  videoType: z
    .string()
    .regex(/^\d{1,2}$/, '视频类型应为数字')
    .default('6'),
});
export const FIRE_SITE_STATES = { alarm: '报警', fault: '故障', normal: '正常', offline: '离线' } as const;
export const fireSiteRow = z.object({
  siteCode: z.string(),
  name: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  state: z.enum(['alarm', 'fault', 'normal', 'offline']),
  stateName: z.string(),
  activeAlarms: z.number().int(),
  devices: z.array(
    z.object({
      deviceId,
      mn: z.string(),
      name: z.string(),
      online: onlineState,
      time: chinaDateTime.nullable(),
      smokeDensity: z.number().nullable().describe('%obs/m'),
      fireTemp: z.number().nullable().describe('℃'),
      flame: z.number().nullable(),
      fault: z.number().nullable(),
      riseRate: z.number().nullable().describe('近 10 分钟最快温升，℃/分钟'),
    }),
  ),
  cameras: z.array(linkedCamera),
  isDemo: z.boolean(),
});
export type FireSiteRow = z.infer<typeof fireSiteRow>;
export const fireSiteListResponse = envelope(pageOf(fireSiteRow));
