import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { pageOf, pageQuery, sortOrder } from './paging';

/**
 * The device core (issue 14): sites, devices with their HJ 212-2017 device number (MN) and factors,
 * their telemetry (minute, hour, day values), online state, the gateway's refusals, and the
 * registry's writes. Every list and read is limited to the operator's area (the device's site's area).
 */

/** Device ids are the registry's integers, sent as text (query strings are text). */
export const deviceId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, '不是有效的设备编号')
  .describe('设备编号（deviceId）');

/** HJ 212-2017 MN: up to 24 letters and digits (the standard's field is C24). */
export const MN_PATTERN = /^[A-Za-z0-9]{1,24}$/;
export const mnCode = z.string().trim().regex(MN_PATTERN, 'MN 应为 1–24 位字母或数字（HJ 212-2017 设备唯一标识）');

/** The HJ 212 access password (PW, C9): sent by the device in every packet. */
export const devicePassword = z
  .string()
  .regex(/^[A-Za-z0-9]{6,9}$/, '访问密码应为 6–9 位字母或数字（HJ 212-2017 的 PW 字段最长 9 位）');

/** A factor code: HJ 212-2017 codes (a34004) and the industry ones of the dictionary (LA, oilFume). */
export const factorCode = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,23}$/, '不是有效的因子编码');

export const DEVICE_STATUSES = { active: '运行', maintenance: '维护', retired: '已退役' } as const;
export const deviceStatus = z.enum(['active', 'maintenance', 'retired']);
export type DeviceStatus = z.infer<typeof deviceStatus>;

export const ONLINE_STATES = { online: '在线', offline: '离线', never: '未上线' } as const;
export const onlineState = z.enum(['online', 'offline', 'never']);
export type OnlineStateCode = z.infer<typeof onlineState>;

/** GB 3096-2008 acoustic functional zones (noise devices). */
export const noiseZone = z.enum(['0', '1', '2', '3', '4a', '4b']);

const text = (max: number, what: string) =>
  z.string().trim().min(1, `${what}不能为空`).max(max, `${what}不能超过 ${max} 个字符`);

const longitude = z.number().min(73, '经度应在中国境内（73–136）').max(136, '经度应在中国境内（73–136）');
const latitude = z.number().min(3, '纬度应在中国境内（3–54）').max(54, '纬度应在中国境内（3–54）');

// --- Sites -------------------------------------------------------------------------------------

export const siteRow = z.object({
  siteId: z.string(),
  siteCode: z.string(),
  name: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  address: z.string(),
  deviceCount: z.number().int(),
});

export const siteSaveBody = z.object({
  siteCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,32}$/, '站点编码应为 2–32 位字母、数字、下划线或短横线'),
  name: text(40, '站点名称'),
  areaCode,
  lon: longitude,
  lat: latitude,
  address: z.string().trim().max(100, '地址不能超过 100 个字符').default(''),
});
export const siteUpdateBody = siteSaveBody.extend({ siteId: deviceId });

export const siteListQuery = pageQuery.extend({
  keyword: z.string().trim().max(40, '过长').optional(),
  areaCode: areaCode.optional(),
});

export const siteResponse = envelope(siteRow);
export const siteListResponse = envelope(pageOf(siteRow));

// --- Devices -----------------------------------------------------------------------------------

/** A factor a device reports, with its optional per-device limits (upper: over-limit alarms use it). */
export const deviceFactor = z.object({
  code: factorCode,
  upper: z.number().finite().nullable().default(null).describe('上限（超过即超限告警的默认阈值），可空'),
  lower: z.number().finite().nullable().default(null).describe('下限，可空'),
});

/** A factor as saved: when both limits are given, the upper one must be above the lower one. */
const deviceFactorInput = deviceFactor.refine((f) => f.upper === null || f.lower === null || f.upper > f.lower, {
  message: '上限须大于下限',
  path: ['upper'],
});

export const deviceConfig = z.object({
  intervalSeconds: z
    .number()
    .int()
    .min(10, '上报间隔至少 10 秒')
    .max(86_400, '上报间隔至多 1 天')
    .nullable()
    .default(null)
    .describe('期望上报间隔（秒），空为该类设备的默认值'),
  noiseZone: noiseZone.nullable().default(null).describe('声环境功能区（噪声设备，GB 3096-2008）'),
});

export const deviceRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string().describe('设备类型（数据字典 deviceType）'),
  typeName: z.string(),
  siteId: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  status: deviceStatus,
  statusName: z.string(),
  online: onlineState,
  onlineName: z.string(),
  lastSeen: chinaDateTime.nullable().describe('最后收到报文的时间'),
  lastDataTime: chinaDateTime.nullable().describe('最新数据的数据时间（DataTime）'),
  installDate: z.string().nullable(),
  factors: z.array(deviceFactor.extend({ name: z.string(), unit: z.string() })),
  config: deviceConfig,
  activeAlarms: z.number().int().describe('未解除的告警数'),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const deviceSaveBody = z.object({
  mn: mnCode,
  name: text(40, '设备名称'),
  type: z.string().regex(/^[A-Z][A-Z0-9]{1,7}$/, '请选择设备类型'),
  siteId: deviceId,
  password: devicePassword,
  installDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
    .nullable()
    .default(null),
  status: z.enum(['active', 'maintenance']).default('active'),
  factors: z
    .array(deviceFactorInput)
    .min(1, '至少选择一个监测因子')
    .max(32, '监测因子最多 32 个')
    .refine((list) => new Set(list.map((f) => f.code)).size === list.length, '监测因子不能重复'),
  config: deviceConfig.default({ intervalSeconds: null, noiseZone: null }),
});
export const deviceUpdateBody = deviceSaveBody
  .extend({ deviceId, password: devicePassword.optional().describe('不填则不修改') })
  .omit({ mn: true });
export const deviceRetireBody = z.object({
  deviceId,
  note: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
});

export const deviceListQuery = pageQuery.extend({
  keyword: z.string().trim().max(40, '过长').optional().describe('MN、设备名称或站点名称'),
  type: z.string().max(8).optional(),
  status: deviceStatus.optional(),
  online: onlineState.optional(),
  areaCode: areaCode.optional(),
  siteId: deviceId.optional(),
  sortBy: z.enum(['mn', 'name', 'lastSeen']).optional(),
  sortOrder: sortOrder.optional(),
});

export const deviceIdQuery = z.object({ deviceId });
export const deviceResponse = envelope(deviceRow);
export const deviceListResponse = envelope(pageOf(deviceRow));

/** The latest value of a factor, as the map, the detail and the CLI show it. */
export const latestValue = z.object({
  factor: z.string(),
  name: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  flag: z
    .string()
    .nullable()
    .describe('HJ 212 数据标记（N 正常，F 停运，M 维护，S 手工，D 故障，C 校准，T 超上限，B 通讯异常）'),
  time: chinaDateTime,
});

export const deviceDetail = deviceRow.extend({ latest: z.array(latestValue) });
export const deviceDetailResponse = envelope(deviceDetail);

/** GET /configuration/getDeviceConfig (deviceId): what the device is expected to send and its limits. */
export const deviceConfigAnswer = z.object({
  deviceId: z.string(),
  mn: z.string(),
  type: z.string(),
  typeName: z.string(),
  intervalSeconds: z.number().int(),
  offlineAfterSeconds: z.number().int(),
  noiseZone: z.string().nullable(),
  factors: z.array(deviceFactor.extend({ name: z.string(), unit: z.string() })),
  rules: z.array(
    z.object({
      ruleId: z.string(),
      name: z.string(),
      kind: z.string(),
      factor: z.string().nullable(),
      level: z.number(),
    }),
  ),
});
export const deviceConfigResponse = envelope(deviceConfigAnswer);

export const mapDevice = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  lon: z.number(),
  lat: z.number(),
  status: deviceStatus,
  online: onlineState,
  lastSeen: chinaDateTime.nullable(),
  alarmLevel: z.number().int().nullable().describe('未解除告警中最高的级别（1 最高），无告警为 null'),
});
export const deviceMapQuery = z.object({
  type: z.string().max(8).optional(),
  areaCode: areaCode.optional(),
});
export const deviceMapResponse = envelope(z.array(mapDevice));

export const TELEMETRY_RESOLUTIONS = { minute: '分钟', hour: '小时', day: '日' } as const;
export const telemetryResolution = z.enum(['minute', 'hour', 'day']);
export type TelemetryResolution = z.infer<typeof telemetryResolution>;

export const deviceSeriesQuery = z.object({
  deviceId,
  resolution: telemetryResolution.default('minute'),
  factor: factorCode.optional().describe('不填为设备的全部因子'),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
});

export const seriesPoint = z.tuple([
  chinaDateTime,
  z.number().nullable(),
  z.string().nullable().describe('数据标记；小时、日值为 valid / invalid（有效数据不足）'),
]);
export const deviceSeries = z.object({
  deviceId: z.string(),
  resolution: telemetryResolution,
  factors: z.array(z.object({ code: z.string(), name: z.string(), unit: z.string(), points: z.array(seriesPoint) })),
});
export const deviceSeriesResponse = envelope(deviceSeries);

// --- The gateway -------------------------------------------------------------------------------

export const GATEWAY_REFUSALS = {
  bad_crc: 'CRC 校验错误',
  bad_length: '数据段长度不符',
  bad_header: '包头错误',
  bad_terminator: '包尾错误',
  non_ascii: '含非 ASCII 字符',
  oversize: '报文超长（连接已断开）',
  malformed_segment: '数据段格式错误',
  junk: '无法识别的数据',
  unknown_mn: '未登记的设备（MN）',
  wrong_password: '访问密码错误',
  retired: '设备已退役',
  split_expired: '分包未收齐（超时丢弃）',
} as const;
export type GatewayRefusal = keyof typeof GATEWAY_REFUSALS;

export const unregisteredDevice = z.object({
  mn: z.string(),
  firstSeen: chinaDateTime,
  lastSeen: chinaDateTime,
  packets: z.number().int(),
  lastIp: z.string(),
  lastCn: z.string().nullable(),
  st: z.string().nullable(),
  factors: z.array(z.string()).describe('报文中出现过的因子编码（收编时预填）'),
});
export const unregisteredListResponse = envelope(pageOf(unregisteredDevice));

export const gatewayStats = z.object({
  tcp: z.object({ enabled: z.boolean(), port: z.number().int().nullable(), connections: z.number().int() }),
  since: chinaDateTime,
  packets: z.number().int().describe('已入库的报文数（本实例自启动以来）'),
  values: z.number().int(),
  refused: z.record(z.string(), z.number().int()).describe('按原因统计的拒收报文数'),
});
export const gatewayStatsResponse = envelope(gatewayStats);

export const rawPacketRow = z.object({
  id: z.string(),
  receivedAt: chinaDateTime,
  mn: z.string().nullable(),
  cn: z.string().nullable(),
  qn: z.string().nullable(),
  outcome: z.string().describe('accepted 或拒收原因'),
  peer: z.string(),
  raw: z.string(),
});
export const rawPacketQuery = pageQuery.extend({
  mn: z.string().trim().max(24).optional(),
  outcome: z.string().max(24).optional(),
});
export const rawPacketListResponse = envelope(pageOf(rawPacketRow));

/** JSON push (POST /device/push): devices and third parties that cannot speak TCP HJ 212. */
export const devicePushBody = z.object({
  mn: mnCode,
  pw: z.string().max(9),
  cn: z.enum(['2011', '2051', '2061', '2031']).describe('2011 实时、2051 分钟、2061 小时、2031 日数据'),
  dataTime: chinaDateTime,
  values: z
    .array(
      z.object({
        factor: factorCode,
        value: z.number().finite().nullable(),
        min: z.number().finite().nullable().optional(),
        max: z.number().finite().nullable().optional(),
        flag: z.enum(['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B']).default('N'),
      }),
    )
    .min(1, '至少一个因子')
    .max(64, '一个报文最多 64 个因子'),
});
export const devicePushResponse = envelope(z.object({ stored: z.number().int() }));

// --- Ops (spec §7 POST /ops/optOperationStatus/*) ---------------------------------------------

export const OPERATION_STATUSES = {
  inspection: '巡检',
  maintenance: '维护保养',
  calibration: '校准',
  repair: '维修',
  invalidated: '数据无效标记',
} as const;
export const operationStatus = z.enum(['inspection', 'maintenance', 'calibration', 'repair', 'invalidated']);
export const VALID_STATUSES = { valid: '数据有效', invalid: '数据无效' } as const;
export const validStatus = z.enum(['valid', 'invalid']);

/** The spec's deviceidsStr: device ids separated by commas. */
export const deviceIdsText = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,199}$/, 'deviceidsStr 应为以逗号分隔的设备编号（最多 200 个）');

const opsRange = {
  startTime: chinaDateTime,
  endTime: chinaDateTime,
};

export const invalidDataBody = z.object({
  deviceidsStr: deviceIdsText,
  factor: factorCode.nullable().default(null).describe('不填为全部因子'),
  ...opsRange,
  reason: z.string().trim().min(1, '请填写无效原因').max(200, '原因不能超过 200 个字符'),
});
export const operationSaveBody = z.object({
  deviceidsStr: deviceIdsText,
  operationStatus,
  validStatus: validStatus.default('valid'),
  factor: factorCode.nullable().default(null),
  ...opsRange,
  note: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
});
export const operationListBody = pageQuery.extend({
  operationStatus: operationStatus.optional(),
  validStatus: validStatus.optional(),
  deviceId: deviceId.optional(),
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
});
export const operationRow = z.object({
  id: z.string(),
  deviceIds: z.array(z.string()),
  deviceNames: z.array(z.string()),
  operationStatus,
  operationStatusName: z.string(),
  validStatus,
  validStatusName: z.string(),
  factor: z.string().nullable(),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  note: z.string(),
  operator: z.string(),
  createdAt: chinaDateTime,
});
export const operationResponse = envelope(operationRow.extend({ invalidatedValues: z.number().int() }));
export const operationListResponse = envelope(pageOf(operationRow));

export const opsDevicesBody = z.object({
  sitetype: z.string().trim().max(8).default('net').describe("'net' 为全部联网设备，或一个设备类型代码"),
});
export const opsDeviceRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  siteName: z.string(),
  areaName: z.string(),
  status: deviceStatus,
  statusName: z.string(),
  online: onlineState,
  onlineName: z.string(),
  lastSeen: chinaDateTime.nullable(),
  captureRate24h: z.number().nullable().describe('近 24 小时有效小时数据占应有的比例（0–1）'),
});
export const opsDevicesResponse = envelope(z.array(opsDeviceRow));

export const incompleteDataBody = z.object({
  startTime: chinaDateTime.optional(),
  endTime: chinaDateTime.optional(),
  threshold: z.coerce.number().min(0).max(1).default(0.75).describe('有效率低于此值为数据不完整，默认 0.75'),
});
export const incompleteDataRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  typeName: z.string(),
  areaName: z.string(),
  expected: z.number().int().describe('应有的小时数据（小时 × 因子）'),
  valid: z.number().int(),
  rate: z.number(),
});
export const incompleteDataResponse = envelope(
  z.object({ startTime: chinaDateTime, endTime: chinaDateTime, list: z.array(incompleteDataRow) }),
);
