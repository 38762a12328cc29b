import { FUME_STANDARDS, RESTAURANT_SCALES } from '@lantian/domain';
import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { alarmKind, alarmRow, alarmStatus } from './device-alarms';
import { deviceId, mnCode } from './devices';
import { creditCode, optionalText, requiredText } from './enterprises';
import { pageOf, pageQuery } from './paging';

/**
 * Restaurant smoke (油烟) monitoring and the enterprise register (issue 20, spec §7
 * `/smk/dataLives/*`, `/smk/alarm/*`, `/smk/smkDataHistories/*`, `/enterprise/manager/*`). A smoke
 * site is named by `siteCode` (the registry's site), `deviceCode` (its S01 logger's MN) or
 * `stationCode` (the enterprise's id in the register), spec §3.
 */

// --- Enterprise register ----------------------------------------------------------------------

export const TRADE_TYPES = { restaurant: '餐饮', canteen: '单位食堂', food: '食品加工', other: '其他' } as const;
export const tradeType = z.enum(['restaurant', 'canteen', 'food', 'other']);

export const OPERATE_STATUSES = { open: '营业', suspended: '停业', closed: '关停' } as const;
export const operateStatus = z.enum(['open', 'suspended', 'closed']);

export const restaurantScale = z.enum(['small', 'medium', 'large']);
export const SCALE_NAMES = {
  small: RESTAURANT_SCALES.small.name,
  medium: RESTAURANT_SCALES.medium.name,
  large: RESTAURANT_SCALES.large.name,
} as const;

export const enterpriseId = deviceId.describe('企业编号（enterpriseId，即油烟站点的 stationCode）');

export const enterpriseRow = z.object({
  enterpriseId: z.string(),
  name: z.string(),
  creditCode: z.string(),
  tradeType,
  tradeTypeName: z.string(),
  cuisine: z.string().describe('菜系'),
  ranges: z.number().int().describe('基准灶头数'),
  scale: restaurantScale.nullable().describe('GB 18483-2001 规模：小型 1–2、中型 3–5、大型 ≥6 个灶头'),
  scaleName: z.string().nullable(),
  minEfficiency: z.number().nullable().describe('该规模净化设施最低去除效率（%）'),
  purifierEfficiency: z.number().nullable().describe('登记的净化设施去除效率（%）'),
  efficiencyOk: z.boolean().nullable().describe('净化效率是否达到该规模的最低要求'),
  address: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  contact: z.string(),
  phone: z.string(),
  operateStatus,
  operateStatusName: z.string(),
  enabled: z.boolean().describe('停用的企业不再列入油烟监测'),
  siteId: z.string().nullable().describe('设备登记中的站点（其 S01 油烟监测仪为本企业的监测设备）'),
  siteCode: z.string().nullable(),
  deviceCode: z.string().nullable().describe('S01 油烟监测仪的 MN'),
  updatedAt: chinaDateTime,
});
export type EnterpriseRow = z.infer<typeof enterpriseRow>;

const longitude = z.number().min(73, '经度应在中国境内（73–136）').max(136, '经度应在中国境内（73–136）');
const latitude = z.number().min(3, '纬度应在中国境内（3–54）').max(54, '纬度应在中国境内（3–54）');

export const enterpriseSaveBody = z.object({
  name: requiredText(60, '企业名称'),
  creditCode,
  tradeType: tradeType.default('restaurant'),
  cuisine: optionalText(20, '菜系'),
  ranges: z.number({ error: '请填写灶头数' }).int('灶头数应为整数').min(0, '灶头数不能为负').max(200, '灶头数至多 200'),
  purifierEfficiency: z.number().min(0, '去除效率为 0–100%').max(100, '去除效率为 0–100%').nullable().default(null),
  address: optionalText(100, '地址'),
  areaCode,
  lon: longitude,
  lat: latitude,
  contact: optionalText(20, '联系人'),
  phone: z
    .string()
    .trim()
    .regex(/^(|1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '联系电话应为手机号或固定电话（区号-号码）')
    .default(''),
  operateStatus: operateStatus.default('open'),
  siteId: deviceId.nullable().default(null),
});
export const enterpriseUpdateBody = enterpriseSaveBody.extend({ enterpriseId });
export const enterpriseIdBody = z.object({ enterpriseId });
export const enterpriseIdQuery = z.object({ enterpriseId });

export const enterpriseListQuery = pageQuery.extend({
  keyword: z.string().trim().max(40, '过长').optional().describe('企业名称、信用代码或地址'),
  areaCode: areaCode.optional(),
  tradeType: tradeType.optional(),
  scale: restaurantScale.optional(),
  operateStatus: operateStatus.optional(),
  enabled: z.enum(['true', 'false']).optional().describe('true 只看启用的，false 只看停用的'),
});

export const enterpriseResponse = envelope(enterpriseRow);
export const enterpriseListResponse = envelope(pageOf(enterpriseRow));

// --- Live state ------------------------------------------------------------------------------

export const RUN_STATES = { on: '运行', off: '停止', unknown: '未知' } as const;
export const runState = z.enum(['on', 'off', 'unknown']);

/** Where a call names one smoke site: any of the three codes of spec §3. */
export const smokeSiteQuery = z.object({
  stationCode: enterpriseId.optional(),
  siteCode: z.string().trim().max(32).optional(),
  deviceCode: mnCode.optional(),
});

export const smokeLiveRow = z.object({
  stationCode: z.string().describe('企业编号'),
  name: z.string(),
  siteCode: z.string().nullable(),
  deviceCode: z.string().nullable(),
  areaCode: z.string(),
  areaName: z.string(),
  address: z.string(),
  lon: z.number(),
  lat: z.number(),
  scaleName: z.string().nullable(),
  operateStatusName: z.string(),
  online: z.enum(['online', 'offline', 'never', 'none']).describe('none：未安装监测设备'),
  onlineName: z.string(),
  time: chinaDateTime.nullable().describe('最新数据时间'),
  oilFume: z.number().nullable().describe('油烟浓度（mg/m³）'),
  fanCurrent: z.number().nullable().describe('风机电流（A）'),
  purifierCurrent: z.number().nullable().describe('净化器电流（A）'),
  fanState: runState,
  purifierState: runState,
  mean10: z.number().nullable().describe('最近 10 分钟油烟均值（mg/m³）'),
  limit: z.number().describe('排放限值（mg/m³）'),
  overLimit: z.boolean().describe('最近 10 分钟均值超过限值'),
  purifierOff: z.boolean().describe('风机运行而净化器未开启'),
  activeAlarms: z.number().int(),
});
export type SmokeLiveRow = z.infer<typeof smokeLiveRow>;

export const smokeLiveQuery = pageQuery.extend({
  keyword: z.string().trim().max(40, '过长').optional(),
  areaCode: areaCode.optional(),
  online: z.enum(['online', 'offline', 'never', 'none']).optional(),
  state: z
    .enum(['overLimit', 'purifierOff', 'running', 'stopped'])
    .optional()
    .describe('overLimit 超标、purifierOff 净化器未开、running 风机运行、stopped 风机停止'),
});
export const smokeAreaQuery = z.object({ areaCode: areaCode.optional() });

export const smokeOverview = z.object({
  enterprises: z.number().int().describe('启用的企业数'),
  monitored: z.number().int().describe('已安装油烟监测仪的企业数'),
  online: z.number().int(),
  offline: z.number().int(),
  running: z.number().int().describe('风机运行中'),
  purifierOn: z.number().int().describe('净化器运行中'),
  purifierOff: z.number().int().describe('风机运行而净化器未开'),
  overLimit: z.number().int().describe('最近 10 分钟均值超标'),
  activeAlarms: z.number().int().describe('未解除的油烟告警'),
  limit: z.number(),
  standard: z.string().describe('执行的排放标准'),
  time: chinaDateTime,
});
export const smokeLivePageResponse = envelope(pageOf(smokeLiveRow));
export const smokeLiveResponse = envelope(smokeLiveRow.extend({ enterprise: enterpriseRow }));
export const smokeOverviewResponse = envelope(smokeOverview);
export const smokeMapResponse = envelope(
  z.array(
    smokeLiveRow.pick({
      stationCode: true,
      name: true,
      areaCode: true,
      lon: true,
      lat: true,
      online: true,
      oilFume: true,
      overLimit: true,
      purifierOff: true,
      fanState: true,
    }),
  ),
);

// --- Histories -------------------------------------------------------------------------------

export const smokeDataType = z.enum(['10m', 'hour', 'day']);

export const smokeHistoryQuery = smokeSiteQuery.extend({
  dataType: smokeDataType.default('10m').describe('10m 十分钟均值（默认）、hour 小时、day 日'),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});

export const smokeHistoryPoint = z.object({
  time: chinaDateTime.describe('时段时间：10 分钟值与小时值标在时段末（CNEMC 惯例），日值为当日 00:00'),
  oilFume: z.number().nullable(),
  oilFumeMax: z.number().nullable(),
  fanCurrent: z.number().nullable(),
  purifierCurrent: z.number().nullable(),
  overLimit: z.boolean(),
});
export const smokeHistory = z.object({
  stationCode: z.string(),
  name: z.string(),
  deviceCode: z.string(),
  dataType: smokeDataType,
  limit: z.number(),
  unit: z.literal('mg/m³'),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  points: z.array(smokeHistoryPoint),
});
export const smokeHistoryResponse = envelope(smokeHistory);

export const smokeRunningQuery = smokeSiteQuery.extend({
  interval: z.enum(['10m']).default('10m').describe('运行状态时段，默认 10 分钟'),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const stateSegment = z.object({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  state: runState,
  stateName: z.string(),
});
export const smokeRunning = z.object({
  stationCode: z.string(),
  deviceCode: z.string(),
  interval: z.literal('10m'),
  fanOnAmps: z.number(),
  purifierOnAmps: z.number(),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  fan: z.array(stateSegment),
  purifier: z.array(stateSegment),
  fanOnMinutes: z.number().int(),
  purifierOffWhileFanOnMinutes: z.number().int(),
});
export const smokeRunningResponse = envelope(smokeRunning);

export const smokeOverDaysQuery = smokeSiteQuery.extend({
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const smokeOverDay = z.object({
  date: z.string().describe('日期（北京时间）'),
  overMinutes: z.number().int().describe('超标分钟数：10 分钟均值超过限值的时段 × 10'),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  validMinutes: z.number().int(),
});
export const smokeOverDaysResponse = envelope(
  z.object({ stationCode: z.string(), limit: z.number(), days: z.array(smokeOverDay) }),
);

// --- Alarms ----------------------------------------------------------------------------------

export const smokeAlarmQuery = pageQuery.extend({
  status: alarmStatus.optional(),
  type: alarmKind.optional(),
  keyword: z.string().trim().max(40, '过长').optional(),
  areaCode: areaCode.optional(),
  stationCode: enterpriseId.optional(),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const smokeAlarmRow = alarmRow.extend({
  stationCode: z.string().nullable(),
  enterpriseName: z.string().nullable(),
});
export const smokeAlarmPageResponse = envelope(pageOf(smokeAlarmRow));
export const smokeAlarmCountQuery = z.object({
  areaCode: areaCode.optional(),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const smokeAlarmCountResponse = envelope(
  z.object({
    total: z.number().int(),
    open: z.number().int(),
    types: z.array(
      z.object({ type: z.string(), typeName: z.string(), count: z.number().int(), open: z.number().int() }),
    ),
  }),
);
export const smokeAlarmHandleBody = z
  .object({
    alarmId: deviceId,
    action: z.enum(['acknowledge', 'clear'], { error: '处理方式应为 acknowledge（确认）或 clear（解除）' }),
    note: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
  })
  .refine((b) => b.action !== 'clear' || b.note !== '', { message: '请填写解除说明', path: ['note'] });

/** Standards an installation may apply (SMOKE_STANDARD). */
export const SMOKE_STANDARD_NAMES = Object.fromEntries(
  Object.entries(FUME_STANDARDS).map(([code, s]) => [code, s.name]),
) as Record<keyof typeof FUME_STANDARDS, string>;
