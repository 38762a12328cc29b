import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { deviceId } from './devices';
import { pageOf, pageQuery } from './paging';

/**
 * Lidar and stereoscopic monitoring (spec §7 "Platform: lidar and stereoscopic networking",
 * "Platform: visibility", the public `GET /api/lidar/*` calls): fixed scanning lidars (device type
 * L01) and vehicle-mounted ones (L02, 走航), their products — horizontal scans (HS: azimuth × range at
 * an elevation), vertical profiles (VF: height × time), fixed-direction profiles (IF) — hot spots found
 * in the scans and reviewed by operators, polluter plots, mobile records, transport flux and road
 * visibility. Units: extinction 1/km, depolarisation ratio dimensionless, PM μg/m³, heights and ranges
 * m, flux g/s (sections) or mg/(m·s) (a site's column), visibility m. Times are China time.
 */

export const LIDAR_DEVICE_TYPES = {
  L01: '固定式扫描激光雷达',
  L02: '车载走航激光雷达',
  Y01: '能见度激光雷达',
} as const;

export const LIDAR_DATA_TYPES = [
  { dataType: 'Extinction', name: '消光系数', unit: '1/km', min: 0, max: 1 },
  { dataType: 'Depolarization', name: '退偏振比', unit: '', min: 0, max: 0.4 },
  { dataType: 'PM25', name: 'PM2.5', unit: 'μg/m³', min: 0, max: 300 },
  { dataType: 'PM10', name: 'PM10', unit: 'μg/m³', min: 0, max: 500 },
  { dataType: 'Visibility', name: '能见度', unit: 'm', min: 0, max: 10000 },
] as const;
export const lidarDataType = z
  .enum(['Extinction', 'Depolarization', 'PM25', 'PM10', 'Visibility'])
  .default('Extinction')
  .describe('数据类型：Extinction 消光系数（默认）、Depolarization 退偏振比、PM25、PM10、Visibility 能见度');
export type LidarDataType = z.output<typeof lidarDataType>;

export const LIDAR_SCAN_TYPES = { HS: '水平扫描', VF: '垂直廓线', IF: '定向扫描' } as const;
export const lidarScanType = z.enum(['HS', 'VF', 'IF']);

/** The default radius of a scan's overlay on the map (spec §9). */
export const DEFAULT_SCAN_RADIUS = 6000;

const optionalTime = chinaDateTime.optional();
const radius = z.coerce.number().int('应为整数').min(500, '至少 500 米').max(20_000, '至多 20000 米');

export const lidarDevice = z.object({
  deviceId: z.string(),
  deviceCode: z.string().describe('MN'),
  name: z.string(),
  type: z.string().describe('L01 固定式、L02 车载走航、Y01 能见度'),
  typeName: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  online: z.string(),
  lastScanTime: chinaDateTime.nullable().describe('最新一次扫描时间'),
  source: z.string().nullable().describe('最新数据来源：demo 为模拟数据，import 为导入的真实文件'),
});
export type LidarDeviceRow = z.infer<typeof lidarDevice>;

export const rectangle = z.object({
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
  radius: z.number().describe('半径，米'),
  center: z.tuple([z.number(), z.number()]).describe('[经度, 纬度]'),
});

export const scanMeta = z.object({
  scanId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  type: lidarScanType,
  time: chinaDateTime,
  elevation: z.number().describe('仰角，度'),
  azimuthStep: z.number().describe('方位角步长，度'),
  azimuths: z.number().int(),
  bins: z.number().int(),
  binMeters: z.number(),
  maxRange: z.number().describe('最远距离，米'),
  imageUrl: z.string().describe('扫描图地址（按历史存储时段改写前缀）'),
  overlayUrl: z.string().describe('地图叠加图（透明 PNG，范围为 rectangle）'),
  rectangle,
  stats: z.object({ meanExtinction: z.number(), maxExtinction: z.number(), meanPm25: z.number(), maxPm25: z.number() }),
  source: z.string(),
});
export type ScanMeta = z.infer<typeof scanMeta>;
export const scanMetaResponse = envelope(scanMeta.nullable());
export const scanListResponse = envelope(z.array(scanMeta));

export const lidarDeviceQuery = z.object({ deviceId });
export const allDevicesQuery = z.object({
  devicetype: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,7}$/, '不是有效的设备类型')
    .default('L01')
    .describe('设备类型，默认 L01'),
});
export const lidarDevicesResponse = envelope(z.array(lidarDevice));

export const siteDeviceInfo = lidarDevice.extend({
  latestHs: scanMeta.nullable(),
  latestProfile: z
    .object({
      time: chinaDateTime,
      boundaryLayerHeight: z.number().nullable(),
      surfacePm25: z.number().nullable(),
      surfacePm10: z.number().nullable(),
    })
    .nullable(),
  openHotSpots: z.number().int(),
});
export const siteDeviceInfoResponse = envelope(siteDeviceInfo);

export const lidarSiteDataQuery = z.object({ deviceId: deviceId.optional(), time: optionalTime });
export const lidarSiteData = z.object({
  deviceId: z.string(),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
  time: chinaDateTime.nullable(),
  boundaryLayerHeight: z.number().nullable().describe('边界层高度，米'),
  surfacePm25: z.number().nullable(),
  surfacePm10: z.number().nullable(),
  meanExtinction: z.number().nullable(),
});
export const lidarSiteDataResponse = envelope(z.array(lidarSiteData));

export interface LidarTreeNode {
  key: string;
  title: string;
  kind: 'area' | 'site' | 'device';
  deviceId?: string;
  type?: string;
  lon?: number;
  lat?: number;
  children?: LidarTreeNode[];
}
export const lidarTreeNode: z.ZodType<LidarTreeNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      title: z.string(),
      kind: z.enum(['area', 'site', 'device']),
      deviceId: z.string().optional(),
      type: z.string().optional(),
      lon: z.number().optional(),
      lat: z.number().optional(),
      children: z.array(lidarTreeNode).optional(),
    }),
  )
  .meta({ id: 'LidarTreeNode' });
export const lidarTreeResponse = envelope(z.array(lidarTreeNode));

export const hsImageQuery = z.object({
  deviceId,
  time: optionalTime.describe('扫描时间；不填为最新一次'),
  dataType: lidarDataType,
});
export const vfImageQuery = z.object({
  deviceId,
  startTime: optionalTime.describe('默认结束时间前 24 小时'),
  endTime: optionalTime.describe('默认现在'),
  dataType: lidarDataType,
});
export const newHsQuery = z.object({ deviceId });
export const preOrNextQuery = z.object({
  deviceId,
  time: chinaDateTime.describe('当前扫描时间'),
  preOrNext: z.enum(['pre', 'next', 'now']).default('now').describe('pre 上一次、next 下一次、now 该时刻（默认）'),
});
export const hsRangeQuery = z.object({ deviceId, startTime: chinaDateTime, endTime: chinaDateTime });
export const rectangleQuery = z.object({ deviceId, radius: radius.default(DEFAULT_SCAN_RADIUS) });
export const rectangleByDeviceid2Query = z.object({
  deviceid: deviceId,
  radius: radius.default(DEFAULT_SCAN_RADIUS).describe('半径，米，默认 6000'),
});
export const rectangleResponse = envelope(rectangle);

export const dataUnitResponse = envelope(
  z.array(z.object({ dataType: z.string(), name: z.string(), unit: z.string(), min: z.number(), max: z.number() })),
);

export const lidarDataQuery = z.object({
  deviceId,
  time: optionalTime,
  dataType: lidarDataType,
  azimuthStep: z.coerce.number().int().min(1).max(30).default(2).describe('方位角抽样步长（射线数），默认 2'),
  binStep: z.coerce.number().int().min(1).max(50).default(4).describe('距离库抽样步长，默认 4'),
});
export const polarValues = z.object({
  scan: scanMeta,
  dataType: z.string(),
  unit: z.string(),
  azimuths: z.array(z.number()),
  ranges: z.array(z.number()).describe('距离，米'),
  values: z.array(z.array(z.number().nullable())).describe('values[方位][距离]；null 为无有效回波'),
});
export const polarValuesResponse = envelope(polarValues.nullable());

export const profileValues = z.object({
  deviceId: z.string(),
  dataType: z.string(),
  unit: z.string(),
  heights: z.array(z.number()).describe('高度，米'),
  times: z.array(chinaDateTime),
  values: z.array(z.array(z.number().nullable())).describe('values[时间][高度]'),
  boundaryLayerHeights: z.array(z.number().nullable()).describe('每个时刻的边界层高度，米'),
});
export const profileValuesResponse = envelope(profileValues);

// --- Time slots (spec §3, §4) ---

export const timeSlot = z.object({
  startTime: z
    .string()
    .regex(/^\d{14}$/)
    .nullable(),
  endTime: z
    .string()
    .regex(/^\d{14}$/)
    .nullable(),
  frontPath: z.string(),
});
export const timeSlotResponse = envelope(z.object({ isSplit: z.boolean(), splitDetail: z.array(timeSlot) }));

// --- Hot spots ---

export const HOTSPOT_STATUSES = { pending: '待审核', confirmed: '已确认', dismissed: '已排除' } as const;
export const hotspotStatus = z.enum(['pending', 'confirmed', 'dismissed']);
export const HOTSPOT_ORIGINS = { scan: '扫描识别', auto: '走航', manual: '人工' } as const;

export const hotspotRow = z.object({
  id: z.string(),
  hotId: z.string().describe('热点编号'),
  origin: z.enum(['scan', 'auto', 'manual']),
  deviceId: z.string(),
  deviceName: z.string(),
  recordId: z.string().nullable().describe('走航记录（origin=auto）'),
  areaCode: z.string(),
  lon: z.number(),
  lat: z.number(),
  distance: z.number().nullable().describe('距雷达，米'),
  azimuth: z.number().nullable().describe('方位角，度'),
  recordTime: chinaDateTime.describe('首次发现时间'),
  lastTime: chinaDateTime,
  scans: z.number().int().describe('出现的扫描次数'),
  peakExcess: z.number().describe('高出背景的消光系数，1/km'),
  autoFactor: z.string().describe('识别因子'),
  value: z.number().nullable(),
  status: hotspotStatus,
  statusName: z.string(),
  plotType: z.string().nullable(),
  plotShortname: z.string().nullable(),
  plotPlacename: z.string().nullable(),
  plotCoordinate: z.string().nullable().describe('经度,纬度'),
  description: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: chinaDateTime.nullable(),
  photoCount: z.number().int(),
  source: z.string(),
});
export type HotspotRow = z.infer<typeof hotspotRow>;

export const hotspotListQuery = pageQuery.extend({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  siteIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, '应为逗号分隔的设备编号')
    .optional()
    .describe('设备编号，逗号分隔；不填为全部'),
  status: hotspotStatus.optional(),
  origin: z.enum(['scan', 'auto', 'manual']).optional(),
});
export const hotspotListResponse = envelope(pageOf(hotspotRow));
export const hotspotChartQuery = z.object({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  siteIds: hotspotListQuery.shape.siteIds,
});
export const hotspotChartResponse = envelope(
  z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      confirmed: z.number().int(),
      pending: z.number().int(),
      dismissed: z.number().int(),
    }),
  ),
);
export const hotspotIdQuery = z.object({ id: deviceId.describe('热点编号') });
export const hotspotPhoto = z.object({
  photoId: z.string(),
  url: z.string(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: chinaDateTime,
  createdBy: z.string(),
});
export const hotspotDetail = hotspotRow.extend({ photos: z.array(hotspotPhoto), imageUrl: z.string().nullable() });
export const hotspotDetailResponse = envelope(hotspotDetail);
export const hotspotReviewBody = z.object({
  id: deviceId,
  status: z.enum(['confirmed', 'dismissed']).describe('confirmed 确认为污染热点；dismissed 排除'),
  plotType: z.enum(['2', '3']).nullable().default(null).describe('地块类型：2 工业源、3 扬尘源'),
  plotShortname: z.string().trim().max(40, '不能超过 40 个字符').default(''),
  plotPlacename: z.string().trim().max(100, '不能超过 100 个字符').default(''),
  description: z.string().trim().max(500, '不能超过 500 个字符').default(''),
});
export const hotspotPhotoFields = z.object({ id: deviceId });
export const deviceHotInfoQuery = z.object({ deviceId, startTime: optionalTime, endTime: optionalTime });
export const deviceHotInfoResponse = envelope(
  z.object({
    deviceId: z.string(),
    total: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    list: z.array(hotspotRow),
  }),
);

// --- Mobile (走航) records ---

export const autoRecordRow = z.object({
  id: z.string(),
  recordid: z.string(),
  uniqueid: z.string(),
  sautoid: z.string().describe('车载雷达的设备编号'),
  deviceName: z.string(),
  lddatatype: z.string(),
  starttime: chinaDateTime,
  endtime: chinaDateTime,
  isCollect: z.boolean(),
  points: z.number().int(),
  lengthMeters: z.number(),
  meanPm25: z.number().nullable(),
  maxPm25: z.number().nullable(),
  fluxGramsPerSecond: z.number().nullable().describe('环线或截面通量，g/s（有风向时）'),
  source: z.string(),
});
export type AutoRecordRow = z.infer<typeof autoRecordRow>;
export const autoRecordPoint = z.object({
  dataIndex: z.number().int(),
  time: chinaDateTime,
  lon: z.number(),
  lat: z.number(),
  pm25: z.number().nullable().describe('近地面（最低有效高度）PM2.5'),
  pm10: z.number().nullable(),
  extinction: z.number().nullable(),
  boundaryLayerHeight: z.number().nullable(),
});
export const autoRecordInfo = autoRecordRow.extend({
  route: z.array(autoRecordPoint),
  curtainUrl: z.string().describe('走航剖面图（距离 × 高度）'),
});
export const autoRecordInfoResponse = envelope(autoRecordInfo);
export const autoRecordListResponse = envelope(pageOf(autoRecordRow));
export const autoRecordsResponse = envelope(z.array(autoRecordRow));

export const sautoidQuery = z.object({ sautoid: deviceId.describe('车载雷达设备编号') });
export const catalogQuery = z.object({ sautoid: deviceId.optional() });
export const catalogResponse = envelope(z.array(z.object({ date: z.string(), records: z.array(autoRecordRow) })));
export const autoFactorId = z
  .enum(['Extinction', 'Depolarization', 'PM25', 'PM10'])
  .default('Extinction')
  .describe('因子：Extinction（默认）、Depolarization、PM25、PM10');
export const datetimePathQuery = z.object({
  recordid: deviceId.describe('走航记录编号'),
  imageListNums: z.coerce.number().int().min(1).max(500).default(50).describe('返回的图片数，默认 50'),
  factorid: autoFactorId,
});
export const datetimePathResponse = envelope(
  z.array(z.object({ dataIndex: z.number().int(), time: chinaDateTime, path: z.string() })),
);
export const dataListQuery = z.object({
  recordid: deviceId,
  dataListNums: z.coerce.number().int().min(1).max(2000).default(200).describe('返回的数据点数，默认 200'),
  factorid: autoFactorId,
});
export const dataListResponse = envelope(
  z.object({
    heights: z.array(z.number()),
    list: z.array(autoRecordPoint.extend({ profile: z.array(z.number().nullable()) })),
  }),
);
export const recordCollectQuery = z.object({
  id: deviceId.describe('走航记录编号'),
  isCollect: z.enum(['0', '1', 'true', 'false']).describe('1/true 收藏，0/false 取消'),
});
export const recordHistoryQuery = z.object({
  sautoid: deviceId.optional(),
  historyDateRange: z
    .union([z.string(), z.array(z.string()).max(2)])
    .optional()
    .describe('日期范围：重复两次 historyDateRange=YYYY-MM-DD&historyDateRange=YYYY-MM-DD'),
  isCollect: z.enum(['0', '1', 'true', 'false']).optional(),
});
export const recordInfoQuery = z.object({ id: deviceId.describe('走航记录编号') });
export const v01DataByDateQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD'),
  apiType: z.string().max(64).optional(),
});
export const openRecordHistoryQuery = z.object({
  startDatetime: chinaDateTime,
  endDatetime: chinaDateTime,
  apiType: z.string().max(64).optional(),
});

// --- netAutoHotInfo / netAutoPolluter ---

export const hotRecordQuery = z.object({
  sautoid: deviceId,
  starttime: chinaDateTime,
  endtime: chinaDateTime,
  deviceTypes: z.string().max(40).optional().describe('设备类型，逗号分隔（L02 等）'),
});
export const hotListQuery = z.object({
  sautoid: deviceId.optional(),
  recordDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .optional(),
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .optional(),
  recordid: deviceId.optional(),
});
export const autoReportQuery = z.object({ reporttime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD') });
export const autoReportResponse = envelope(
  z.object({
    date: z.string(),
    records: z.number().int(),
    lengthMeters: z.number(),
    hotSpots: z.number().int(),
    meanPm25: z.number().nullable(),
    maxPm25: z.number().nullable(),
    summary: z.string(),
    list: z.array(hotspotRow),
  }),
);
export const hotsResponse = envelope(z.array(hotspotRow));
export const autoDeviceItemResponse = envelope(z.array(lidarDevice.extend({ records: z.number().int() })));

const coordinate = z.coerce.number().finite();
export const autoHotFields = z.object({
  sautoid: deviceId,
  recordid: deviceId.optional(),
  recordTime: chinaDateTime,
  lon: coordinate.refine((v) => v >= 73 && v <= 136, '经度应在中国境内'),
  lat: coordinate.refine((v) => v >= 3 && v <= 54, '纬度应在中国境内'),
  autoFactor: autoFactorId,
  value: z.coerce.number().finite().min(0).optional(),
  plotType: z.enum(['2', '3']).optional(),
  plotShortname: z.string().trim().max(40).default(''),
  plotPlacename: z.string().trim().max(100).default(''),
  description: z.string().trim().max(500).default(''),
});
export const saveHotBody = autoHotFields.extend({ id: deviceId.optional().describe('修改时给出') });
export const idsBody = z.object({
  ids: z
    .union([z.string().regex(/^\d{1,10}(,\d{1,10}){0,99}$/, '应为逗号分隔的编号'), z.array(deviceId).min(1).max(100)])
    .describe('编号，逗号分隔或数组'),
});
export const deletedResponse = envelope(z.object({ deleted: z.number().int() }));

export const polluterRow = z.object({
  id: z.string(),
  name: z.string(),
  plotType: z.string().nullable(),
  lon: z.number(),
  lat: z.number(),
  plotCoordinate: z.string().nullable(),
  areaCode: z.string(),
  deviceId: z.string().nullable(),
  recordid: z.string().nullable(),
  sautoid: z.string().nullable(),
  fields: z.record(z.string(), z.string()).describe('自由字段'),
  createdAt: chinaDateTime,
  updatedAt: chinaDateTime,
});
export const polluterListQuery = z.object({ recordid: deviceId.optional(), sautoid: deviceId.optional() });
export const polluterListResponse = envelope(z.array(polluterRow));
export const polluterIdQuery = z.object({ id: deviceId });
export const polluterSaveBody = z.object({
  id: deviceId.optional().describe('修改时给出'),
  name: z.string().trim().min(1, '名称不能为空').max(60, '名称不能超过 60 个字符'),
  plotType: z.enum(['2', '3']).nullable().default(null),
  lon: z.number().min(73, '经度应在中国境内').max(136, '经度应在中国境内'),
  lat: z.number().min(3, '纬度应在中国境内').max(54, '纬度应在中国境内'),
  plotCoordinate: z.string().max(20_000).nullable().default(null).describe('地块边界：经度,纬度;经度,纬度…'),
  areaCode,
  deviceId: deviceId.nullable().default(null),
  recordid: deviceId.nullable().default(null),
  sautoid: deviceId.nullable().default(null),
  fields: z
    .record(z.string().max(40), z.string().max(500))
    .refine((r) => Object.keys(r).length <= 30, '自由字段至多 30 个')
    .default({}),
});
export const polluterResponse = envelope(polluterRow);
export const plotListQuery = z.object({ deviceId: deviceId.optional(), plotType: z.enum(['2', '3']).optional() });
export const plotInfo2Query = z.object({
  id: deviceId.optional(),
  deviceId: deviceId.optional(),
  radius: radius.default(DEFAULT_SCAN_RADIUS),
});
export const plotInfo2Response = envelope(
  z.array(polluterRow.extend({ hotSpots: z.number().int(), distance: z.number().nullable() })),
);

// --- Flux ---

export const FLUX_TYPES = [
  { fluxType: 'column', name: '站点垂直通量', unit: 'mg/(m·s)' },
  { fluxType: 'section', name: '站点连线断面通量', unit: 'g/s' },
] as const;
export const fluxTypeResponse = envelope(
  z.array(z.object({ fluxType: z.string(), name: z.string(), unit: z.string() })),
);
export const fluxFactorsResponse = envelope(
  z.array(z.object({ factorId: z.string(), name: z.string(), unit: z.string() })),
);
export const windDevice = z.object({
  deviceId: z.string(),
  name: z.string(),
  type: z.string(),
  lon: z.number(),
  lat: z.number(),
  source: z.string(),
});
export const windDevicesResponse = envelope(z.array(windDevice));
export const fluxCombine = z.object({
  combineId: z.string(),
  name: z.string(),
  deviceIds: z.array(z.string()),
  lengthMeters: z.number(),
});
export const fluxCombinesResponse = envelope(z.array(fluxCombine));
export const fluxFactor = z.enum(['PM25', 'PM10']).default('PM25');
export const fluxDataQuery = z.object({
  deviceId: deviceId.optional().describe('站点（column）'),
  combineId: z
    .string()
    .regex(/^\d{1,10}-\d{1,10}$/, '应为 设备编号-设备编号')
    .optional()
    .describe('站点组合（section）'),
  factorId: fluxFactor,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  top: z.coerce.number().int().min(100).max(3000).default(1500).describe('积分高度上限，米'),
});
export const fluxPoint = z.object({
  time: chinaDateTime,
  flux: z.number().nullable(),
  windSpeed: z.number().nullable(),
  windFrom: z.number().nullable(),
  boundaryLayerHeight: z.number().nullable(),
});
export const fluxSeries = z.object({
  fluxType: z.string(),
  factorId: z.string(),
  unit: z.string(),
  name: z.string(),
  list: z.array(fluxPoint),
  total: z.number().nullable().describe('时段内输送总量：column 为 g/m，section 为 kg'),
  totalUnit: z.string(),
});
export const fluxSeriesResponse = envelope(fluxSeries);
export const fluxSiteDataResponse = envelope(z.array(fluxSeries.extend({ deviceId: z.string() })));
export const fluxSiteDataQuery = fluxDataQuery.omit({ deviceId: true, combineId: true });

export const vfDataQuery = z.object({
  deviceId,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  heights: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5}){0,19}$/, '应为逗号分隔的高度（米）')
    .default('100,300,500,1000')
    .describe('高度，米，逗号分隔（客户端把千米乘以 1000）'),
  dataType: lidarDataType,
});
export const vfDataResponse = envelope(
  z.object({
    unit: z.string(),
    series: z.array(z.object({ height: z.number(), points: z.array(z.tuple([chinaDateTime, z.number().nullable()])) })),
  }),
);

export const multiSiteQuery = z.object({
  deviceIds: z.string().regex(/^\d{1,10}(,\d{1,10}){0,19}$/, '应为逗号分隔的设备编号'),
  factors: z
    .string()
    .regex(/^(PM25|PM10|Extinction|BLH)(,(PM25|PM10|Extinction|BLH)){0,3}$/, '因子为 PM25、PM10、Extinction、BLH')
    .default('PM25,PM10'),
  startTime: chinaDateTime,
  endTime: chinaDateTime,
});
export const multiSiteResponse = envelope(
  z.array(
    z.object({
      deviceId: z.string(),
      name: z.string(),
      factor: z.string(),
      unit: z.string(),
      points: z.array(z.tuple([chinaDateTime, z.number().nullable()])),
    }),
  ),
);
export const vocAnalysisQuery = z.object({
  deviceId,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  radius: radius.default(DEFAULT_SCAN_RADIUS),
});
export const vocAnalysisResponse = envelope(
  z.object({
    deviceId: z.string(),
    vocDevices: z.array(z.object({ deviceId: z.string(), name: z.string(), distance: z.number() })),
    lidar: z.array(z.tuple([chinaDateTime, z.number().nullable()])).describe('雷达近地面 PM2.5，小时均值'),
    voc: z
      .array(z.tuple([chinaDateTime, z.number().nullable()]))
      .describe('VOC 设备 TVOC/非甲烷总烃小时均值（多台取平均）'),
    correlation: z.number().nullable().describe('皮尔逊相关系数'),
  }),
);

// --- Overview, stereoscopic networking ---

export const gisOverviewResponse = envelope(
  z.object({
    devices: z.array(lidarDevice),
    hotSpots: z.array(hotspotRow),
    warnings: z.number().int(),
    counts: z.object({
      fixed: z.number().int(),
      mobile: z.number().int(),
      visibility: z.number().int(),
      pendingHotSpots: z.number().int(),
      recordsToday: z.number().int(),
    }),
  }),
);
export const stereoNetworkResponse = envelope(
  z.object({
    lidars: z.array(lidarSiteData),
    devices: z.array(
      z.object({
        deviceId: z.string(),
        name: z.string(),
        type: z.string(),
        lon: z.number(),
        lat: z.number(),
        online: z.string(),
      }),
    ),
  }),
);
export const createVideoBody = z.object({
  deviceId,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  dataType: lidarDataType,
  fps: z.coerce.number().int().min(1).max(10).default(2),
});
export const pictureUrlQuery = z.object({ deviceId, time: optionalTime, dataType: lidarDataType });
export const pictureUrlResponse = envelope(z.object({ url: z.string().nullable(), time: chinaDateTime.nullable() }));
export const recordPictureQuery = z.object({ recordid: deviceId, factorid: autoFactorId });
export const spreadShadowQuery = z.object({
  deviceId,
  time: optionalTime,
  dataType: lidarDataType,
  radius: radius.default(DEFAULT_SCAN_RADIUS),
});
export const downloadQuery = z.object({ deviceId, type: lidarScanType.default('HS'), time: optionalTime });

// --- Visibility ---

export const roadVisibility = z.object({
  roadId: z.string(),
  name: z.string(),
  segments: z.array(
    z.object({
      from: z.tuple([z.number(), z.number()]),
      to: z.tuple([z.number(), z.number()]),
      visibility: z.number().nullable(),
      grade: z.string(),
      level: z.number().int().nullable(),
    }),
  ),
  minVisibility: z.number().nullable(),
  level: z.number().int().nullable(),
  levelName: z.string().nullable(),
});
export const visibilityQuery = z.object({ deviceId: deviceId.optional(), time: optionalTime });
export const visibilityResponse = envelope(
  z.object({ time: chinaDateTime.nullable(), deviceId: z.string().nullable(), roads: z.array(roadVisibility) }),
);
export const visTrendQuery = z.object({ deviceId, startTime: chinaDateTime, endTime: chinaDateTime });
export const visTrendResponse = envelope(
  z.array(
    z.object({ time: chinaDateTime, min: z.number().nullable(), mean: z.number().nullable(), grade: z.string() }),
  ),
);
export const visRaysResponse = envelope(
  z.object({
    time: chinaDateTime.nullable(),
    rays: z.array(z.object({ azimuth: z.number(), visibility: z.number().nullable(), grade: z.string() })),
  }),
);
export const visWarningRow = z.object({
  warningId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  roadId: z.string(),
  roadName: z.string(),
  areaCode: z.string(),
  level: z.number().int(),
  levelName: z.string(),
  color: z.string(),
  grade: z.string(),
  visibility: z.number(),
  startTime: chinaDateTime,
  lastTime: chinaDateTime,
  endTime: chinaDateTime.nullable(),
  status: z.enum(['active', 'ended']),
  policeUnits: z.array(z.string()),
});
export const visWarningListQuery = pageQuery.extend({
  startTime: optionalTime,
  endTime: optionalTime,
  status: z.enum(['active', 'ended']).optional(),
  level: z.coerce.number().int().min(1).max(3).optional(),
});
export const visWarningListResponse = envelope(pageOf(visWarningRow));
export const visWarningsResponse = envelope(z.array(visWarningRow));
export const policeQuery = z.object({ warningId: deviceId.optional(), areaCode: areaCode.optional() });
export const policeResponse = envelope(
  z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      phone: z.string(),
      areaCode: z.string(),
      lon: z.number(),
      lat: z.number(),
      distance: z.number().nullable(),
      roads: z.array(z.string()),
    }),
  ),
);
export const visAvgQuery = z.object({ deviceId, startTime: chinaDateTime, endTime: chinaDateTime });
export const visAvgResponse = envelope(
  z.array(z.object({ time: chinaDateTime, mean: z.number().nullable(), min: z.number().nullable() })),
);

// --- Import ---

export const importResponse = envelope(
  z.object({
    deviceId: z.string(),
    type: lidarScanType,
    time: chinaDateTime,
    scanId: z.string(),
    hotSpots: z.number().int(),
  }),
);
