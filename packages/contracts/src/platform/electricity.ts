import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { deviceId, mnCode } from './devices';
import { creditCode, optionalText, requiredText } from './enterprises';
import { pageOf, pageQuery } from './paging';

/**
 * 分表计电 (spec §7 `/ele/*`, §3 "Electricity enterprise: enterpriseId, tradeType, operateStatus,
 * deviceCode, alarm id, problemId"): industrial enterprises with electricity meters (P01 devices of
 * the device core) on their production lines and treatment facilities, the production-vs-treatment
 * and 停限产 findings (shared alarms), problem forms, meter maintenance and orders. Separate from the
 * restaurant register of `/enterprise/manager/*`.
 */

/** Ids are integers sent as text (query strings are text). */
const idText = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, `不是有效的${what}`)
    .describe(what);
export const eleEnterpriseId = idText('企业编号（enterpriseId）');
export const eleSiteId = idText('监测点编号（siteId）');
export const problemId = idText('问题单编号（problemId）');
export const eleOrderId = idText('停限产令编号（orderId）');
export const eleOperationId = idText('运维记录编号（id）');

const kw = (what: string) =>
  z
    .number({ error: `${what}应为数字` })
    .min(0, `${what}不能为负`)
    .max(100_000, `${what}过大`);

/** Industries of GB/T 4754-2017 (国民经济行业分类) most watched by 分表计电: code and name. */
// biome-ignore format: one line per industry
export const ELE_TRADE_TYPES = [
  { code: 'C2110', name: '木质家具制造' },
  { code: 'C2190', name: '其他家具制造' },
  { code: 'C3031', name: '粘土砖瓦及建筑砌块制造' },
  { code: 'C3011', name: '水泥制造' },
  { code: 'C3021', name: '水泥制品制造' },
  { code: 'C3041', name: '平板玻璃制造' },
  { code: 'C3110', name: '炼铁' },
  { code: 'C3120', name: '炼钢' },
  { code: 'C2641', name: '涂料制造' },
  { code: 'C2319', name: '包装装潢及其他印刷' },
  { code: 'C3360', name: '金属表面处理及热处理加工' },
  { code: 'C3670', name: '汽车零部件及配件制造' },
  { code: 'C2927', name: '日用塑料制品制造' },
  { code: 'C1713', name: '棉印染精加工' },
  { code: 'C2511', name: '原油加工及石油制品制造' },
  { code: 'C2614', name: '有机化学原料制造' },
] as const;
export const tradeTypeCode = z.enum(ELE_TRADE_TYPES.map((t) => t.code) as [string, ...string[]], {
  error: '请选择行业类别（GB/T 4754-2017）',
});

export const ELE_OPERATE_STATUSES = { operating: '正常生产', suspended: '停产', closed: '关停' } as const;
export const eleOperateStatus = z.enum(['operating', 'suspended', 'closed'], { error: '请选择生产状态' });

export const ELE_SITE_KINDS = { production: '生产线', treatment: '治污设施' } as const;
export const eleSiteKind = z.enum(['production', 'treatment'], { error: '请选择监测点类型' });

export const METER_STATES = { stopped: '停机', standby: '待机', running: '运行', unknown: '无数据' } as const;
export const meterStateCode = z.enum(['stopped', 'standby', 'running', 'unknown']);

const longitude = z.number().min(73, '经度应在中国境内（73–136）').max(136, '经度应在中国境内（73–136）');
const latitude = z.number().min(3, '纬度应在中国境内（3–54）').max(54, '纬度应在中国境内（3–54）');

// --- Enterprises -------------------------------------------------------------------------------

export const eleEnterpriseRow = z.object({
  enterpriseId: z.string(),
  name: z.string(),
  creditCode: z.string(),
  tradeType: z.string(),
  tradeTypeName: z.string(),
  operateStatus: eleOperateStatus,
  operateStatusName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  address: z.string(),
  contact: z.string(),
  phone: z.string(),
  siteCount: z.number().int(),
  meterCount: z.number().int(),
  onlineMeters: z.number().int(),
  activeAlarms: z.number().int(),
  openProblems: z.number().int(),
  /** A production line runs now while a treatment facility it feeds is stopped (from the latest readings). */
  abnormal: z.boolean(),
});
export type EleEnterpriseRow = z.infer<typeof eleEnterpriseRow>;

export const eleEnterpriseListQuery = pageQuery.extend({
  name: z.string().trim().max(40, '名称过长').optional(),
  tradeType: tradeTypeCode.optional(),
  operateStatus: eleOperateStatus.optional(),
  areaCode: areaCode.optional(),
});
export const eleEnterpriseIdQuery = z.object({ enterpriseId: eleEnterpriseId });
export const eleEnterpriseSaveBody = z.object({
  enterpriseId: eleEnterpriseId.optional().describe('不填为新增'),
  name: requiredText(60, '企业名称'),
  creditCode,
  tradeType: tradeTypeCode,
  operateStatus: eleOperateStatus.default('operating'),
  areaCode,
  lon: longitude,
  lat: latitude,
  address: optionalText(100, '地址'),
  contact: optionalText(20, '联系人'),
  phone: z
    .string()
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})?$/, '联系电话应为手机号或固定电话')
    .default(''),
});
export const eleEnterpriseListResponse = envelope(pageOf(eleEnterpriseRow));
export const eleTradeTypesResponse = envelope(z.array(z.object({ code: z.string(), name: z.string() })));

// --- Monitoring points and meters ----------------------------------------------------------------

export const eleSiteRow = z.object({
  siteId: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  name: z.string(),
  kind: eleSiteKind,
  kindName: z.string(),
  process: z.string().describe('生产工序或治理工艺'),
  ratedKw: z.number().nullable(),
  baselineKw: z.number().nullable(),
  standbyKw: z.number(),
  runningKw: z.number(),
  minLoadPercent: z.number().nullable(),
  /** Treatment: the production lines it serves; production: the facilities serving it. */
  linkedSiteIds: z.array(z.string()),
  deviceId: z.string().nullable(),
  deviceCode: z.string().nullable(),
  deviceName: z.string().nullable(),
  online: z.string().nullable(),
  powerKw: z.number().nullable(),
  lastTime: z.string().nullable(),
  state: meterStateCode,
  stateName: z.string(),
});
export type EleSiteRow = z.infer<typeof eleSiteRow>;
export const eleSiteListQuery = pageQuery.extend({
  enterpriseId: eleEnterpriseId.optional(),
  kind: eleSiteKind.optional(),
  bound: z.enum(['yes', 'no']).optional().describe('是否已绑定电表'),
});
export const eleSiteIdQuery = z.object({ siteId: eleSiteId });
export const eleSiteSaveBody = z
  .object({
    siteId: eleSiteId.optional().describe('不填为新增'),
    enterpriseId: eleEnterpriseId,
    name: requiredText(40, '监测点名称'),
    kind: eleSiteKind,
    process: optionalText(60, '工序或工艺'),
    ratedKw: kw('额定功率').nullable().default(null),
    baselineKw: kw('基准生产功率').nullable().default(null),
    standbyKw: kw('待机功率阈值'),
    runningKw: kw('运行功率阈值'),
    minLoadPercent: z.number().min(1, '最低负荷率为 1–100').max(100, '最低负荷率为 1–100').nullable().default(null),
    linkedSiteIds: z.array(eleSiteId).max(50, '最多关联 50 个监测点').default([]),
  })
  .refine((b) => b.runningKw >= b.standbyKw, { message: '运行功率阈值不能小于待机功率阈值', path: ['runningKw'] });
export const eleSiteDeleteBody = z.object({ siteId: eleSiteId });
export const eleSiteListResponse = envelope(pageOf(eleSiteRow));
export const eleSiteResponse = envelope(eleSiteRow);

export const eleSiteDeviceBindBody = z.object({
  siteId: eleSiteId,
  deviceCode: mnCode.describe('电表 MN（deviceCode）'),
});
export const eleSiteDeviceUnbindBody = z.object({ siteId: eleSiteId });
/** Meters (P01) of the operator's area not yet bound to a monitoring point. */
export const eleFreeMetersResponse = envelope(
  z.array(z.object({ deviceId: z.string(), deviceCode: z.string(), name: z.string(), siteName: z.string() })),
);

// --- Overview ------------------------------------------------------------------------------------

export const eleHomeOverview = z.object({
  enterprises: z.number().int(),
  operating: z.number().int(),
  meters: z.number().int(),
  onlineMeters: z.number().int(),
  alarmsToday: z.number().int(),
  activeAlarms: z.number().int(),
  openProblems: z.number().int(),
  activeOrders: z.number().int(),
  abnormalEnterprises: z.number().int(),
});
export const eleHomeOverviewResponse = envelope(eleHomeOverview);
export const eleHomeTrendQuery = z.object({
  days: z.coerce.number().int().min(1, '天数为 1–90').max(90, '天数为 1–90').default(7),
});
export const eleHomeTrendResponse = envelope(
  z.array(
    z.object({
      date: z.string(),
      productionKwh: z.number().nullable(),
      treatmentKwh: z.number().nullable(),
    }),
  ),
);
export const eleHomeMapResponse = envelope(z.array(eleEnterpriseRow));

// --- Histories -----------------------------------------------------------------------------------

const chinaDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .describe('日期（北京时间）');

export const eleHistoryQuery = pageQuery.extend({
  deviceCode: mnCode,
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const eleHistoryRow = z.object({
  time: z.string(),
  powerKw: z.number().nullable(),
  currentA: z.number().nullable(),
  currentB: z.number().nullable(),
  currentC: z.number().nullable(),
  energyKwh: z.number().nullable(),
  state: meterStateCode,
  stateName: z.string(),
});
export const eleHistoryResponse = envelope(pageOf(eleHistoryRow));

/** The daily chart: default 15-minute slots (spec §7 "15 (electricity device daily chart)"). */
export const eleDayChartQuery = z.object({
  deviceCode: mnCode,
  date: chinaDate.optional(),
  interval: z.coerce
    .number()
    .int()
    .refine((m) => [5, 10, 15, 30, 60].includes(m), '间隔应为 5、10、15、30 或 60 分钟')
    .default(15),
});
export const eleDayChartResponse = envelope(
  z.object({
    deviceCode: z.string(),
    deviceName: z.string(),
    date: z.string(),
    interval: z.number().int(),
    times: z.array(z.string()),
    powerKw: z.array(z.number().nullable()),
    energyKwh: z.number().nullable(),
  }),
);

export const eleCompareQuery = z.object({
  enterpriseId: eleEnterpriseId,
  date: chinaDate.optional(),
  interval: eleDayChartQuery.shape.interval,
  minMinutes: z.coerce.number().int().min(0).max(1440).default(30).describe('异常时段的最短持续分钟数'),
});
export const eleEpisode = z.object({
  siteId: z.string(),
  siteName: z.string(),
  kind: z.enum(['treatment_stopped', 'under_loaded']),
  kindName: z.string(),
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
});
export const eleCompareResponse = envelope(
  z.object({
    enterpriseId: z.string(),
    date: z.string(),
    interval: z.number().int(),
    times: z.array(z.string()),
    series: z.array(
      z.object({ siteId: z.string(), name: z.string(), kind: eleSiteKind, powerKw: z.array(z.number().nullable()) }),
    ),
    episodes: z.array(eleEpisode),
  }),
);

// --- Alarms (the shared lifecycle's alarms of the enterprises' meters) --------------------------

export const eleAlarmListQuery = pageQuery.extend({
  enterpriseId: eleEnterpriseId.optional(),
  status: z.enum(['active', 'acknowledged', 'cleared']).optional(),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const eleAlarmRow = z.object({
  alarmId: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  deviceCode: z.string(),
  itemName: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  status: z.string(),
  statusName: z.string(),
  message: z.string(),
  firstTime: z.string(),
  lastTime: z.string(),
  problemId: z.string().nullable(),
});
export const eleAlarmListResponse = envelope(pageOf(eleAlarmRow));
export const eleAlarmIdQuery = z.object({ id: deviceId.describe('告警编号（alarm id）') });

// --- Problem forms -------------------------------------------------------------------------------

export const PROBLEM_STATES = { open: '待指派', assigned: '整改中', rectified: '待复核', closed: '已办结' } as const;
export const problemState = z.enum(['open', 'assigned', 'rectified', 'closed']);
export const problemAction = z.enum(['assign', 'rectify', 'approve', 'reject', 'close'], { error: '不支持的操作' });

export const eleProblemRow = z.object({
  problemId: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  alarmId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  state: problemState,
  stateName: z.string(),
  assignee: z.string(),
  deadline: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const eleProblemDetail = eleProblemRow.extend({
  steps: z.array(
    z.object({ action: z.string(), actionName: z.string(), actor: z.string(), note: z.string(), at: z.string() }),
  ),
});
export const eleProblemListQuery = pageQuery.extend({
  enterpriseId: eleEnterpriseId.optional(),
  state: problemState.optional(),
});
export const eleProblemIdQuery = z.object({ problemId });
export const eleProblemSaveBody = z.object({
  enterpriseId: eleEnterpriseId.optional().describe('手工新建时必填；由告警生成时取告警的企业'),
  siteId: eleSiteId.optional(),
  alarmId: deviceId.optional().describe('由告警生成问题单'),
  title: requiredText(60, '问题标题').optional(),
  description: optionalText(500, '问题描述'),
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '整改期限格式应为 YYYY-MM-DD')
    .nullable()
    .default(null),
});
export const eleProblemActionBody = z.object({
  problemId,
  action: problemAction,
  assignee: z.string().trim().max(40, '整改责任人不能超过 40 个字符').optional(),
  note: optionalText(300, '说明'),
});
export const eleProblemListResponse = envelope(pageOf(eleProblemRow));
export const eleProblemDetailResponse = envelope(eleProblemDetail);

// --- Operations (meter maintenance) --------------------------------------------------------------

export const ELE_OPERATION_KINDS = {
  inspection: '巡检',
  calibration: '校验',
  repair: '维修',
  replace: '更换',
} as const;
export const eleOperationKind = z.enum(['inspection', 'calibration', 'repair', 'replace'], { error: '请选择运维类型' });
export const eleOperationRow = z.object({
  id: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  deviceCode: z.string(),
  deviceName: z.string(),
  kind: eleOperationKind,
  kindName: z.string(),
  content: z.string(),
  worker: z.string(),
  time: z.string(),
  createdBy: z.string(),
});
export const eleOperationListQuery = pageQuery.extend({
  enterpriseId: eleEnterpriseId.optional(),
  deviceCode: mnCode.optional(),
  kind: eleOperationKind.optional(),
});
export const eleOperationSaveBody = z.object({
  deviceCode: mnCode,
  kind: eleOperationKind,
  content: requiredText(300, '运维内容'),
  worker: requiredText(20, '运维人员'),
  time: chinaDateTime,
});
export const eleOperationDeleteBody = z.object({ id: eleOperationId });
export const eleOperationListResponse = envelope(pageOf(eleOperationRow));

// --- 停限产 orders ---------------------------------------------------------------------------------

export const ORDER_MEASURES = { stop: '停产', limit: '限产' } as const;
export const orderMeasure = z.enum(['stop', 'limit'], { error: '请选择措施（停产或限产）' });
export const eleOrderRow = z.object({
  orderId: z.string(),
  enterpriseId: z.string(),
  enterpriseName: z.string(),
  title: z.string(),
  measure: orderMeasure,
  measureName: z.string(),
  ratio: z.number().nullable(),
  siteIds: z.array(z.string()),
  siteNames: z.array(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(['pending', 'active', 'ended', 'revoked']),
  statusName: z.string(),
  createdBy: z.string(),
});
export const eleOrderListQuery = pageQuery.extend({
  enterpriseId: eleEnterpriseId.optional(),
  status: z.enum(['pending', 'active', 'ended', 'revoked']).optional(),
});
export const eleOrderSaveBody = z
  .object({
    enterpriseId: eleEnterpriseId,
    title: requiredText(60, '停限产令名称'),
    measure: orderMeasure,
    ratio: z
      .number()
      .int('限产比例应为整数')
      .min(1, '限产比例为 1–99')
      .max(99, '限产比例为 1–99')
      .nullable()
      .default(null),
    siteIds: z.array(eleSiteId).min(1, '请选择生产线').max(50, '最多 50 条生产线'),
    startTime: chinaDateTime,
    endTime: chinaDateTime,
  })
  .refine((b) => b.measure === 'stop' || b.ratio !== null, { message: '限产须填写限产比例', path: ['ratio'] });
export const eleOrderRevokeBody = z.object({ orderId: eleOrderId });
export const eleOrderListResponse = envelope(pageOf(eleOrderRow));

export const eleIdResponse = envelope(z.object({ id: z.string() }));
export const eleDoneResponse = envelope(z.null());
