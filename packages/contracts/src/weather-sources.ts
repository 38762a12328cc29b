import { z } from 'zod';
import { envelope } from './envelope';

/**
 * The surface weather and remote-sensing sources (spec §7 `GET /api/common/*`): typhoon tracks,
 * early warnings, airport observations, radar/satellite/nowcast images. Every answer says plainly
 * when nothing has been imported yet (`message`), rather than failing.
 */

/** The national early-warning feed's type codes (11B…) and the `type` words of getDisasterInfo. */
export const WARNING_TYPES = {
  typhoon: { code: '11B01', name: '台风' },
  rainstorm: { code: '11B03', name: '暴雨' },
  blizzard: { code: '11B04', name: '暴雪' },
  coldwave: { code: '11B05', name: '寒潮' },
  gale: { code: '11B06', name: '大风' },
  sandstorm: { code: '11B07', name: '沙尘暴' },
  heat: { code: '11B09', name: '高温' },
  thunder: { code: '11B14', name: '雷电' },
  hail: { code: '11B15', name: '冰雹' },
  frost: { code: '11B16', name: '霜冻' },
  fog: { code: '11B17', name: '大雾' },
  haze: { code: '11B19', name: '霾' },
  thunderstorm: { code: '11B20', name: '雷雨大风' },
  roadicing: { code: '11B21', name: '道路结冰' },
  drought: { code: '11B22', name: '干旱' },
} as const;
export type WarningTypeKey = keyof typeof WARNING_TYPES;
export const WARNING_TYPE_KEYS = Object.keys(WARNING_TYPES) as [WarningTypeKey, ...WarningTypeKey[]];

/** The four warning levels and their signal colours. */
export const WARNING_LEVELS = {
  blue: { name: '蓝色', color: '#1e6fd9' },
  yellow: { name: '黄色', color: '#f5c400' },
  orange: { name: '橙色', color: '#ff7f00' },
  red: { name: '红色', color: '#e60000' },
} as const;
export type WarningLevelKey = keyof typeof WARNING_LEVELS;

const noData = z.string().nullable().describe('尚无数据时的说明（中文），有数据时为 null');
const chinaTimeText = z.string().describe('YYYY-MM-DD HH:mm:ss（北京时间）');

// ——— typhoons ———

export const typhoonPointProperties = z.object({
  kind: z.literal('point'),
  time: chinaTimeText,
  category: z.number().int().describe('CMA 强度标记：0 弱于热带低压，1–6 热带低压…超强台风，9 变性'),
  categoryCode: z.string().describe('TD/TS/STS/TY/STY/SuperTY/ET'),
  categoryName: z.string().describe('GB/T 19201-2006 等级名称，如 强台风'),
  pressure: z.number().describe('中心气压 hPa'),
  wind: z.number().nullable().describe('2 分钟平均近中心最大风速 m/s'),
});

export const typhoonTrackProperties = z.object({
  kind: z.literal('track'),
  id: z.string(),
  year: z.number().int(),
  international: z.string().describe('国际编号 YYNN'),
  nameEn: z.string(),
  nameCn: z.string().nullable(),
  maxCategoryName: z.string(),
  minPressure: z.number(),
  maxWind: z.number().nullable(),
  start: chinaTimeText,
  end: chinaTimeText,
  points: z.number().int(),
});

const lineString = z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) });
const point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const typhoonFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  year: z.number().int(),
  message: noData,
  features: z.array(
    z.union([
      z.object({ type: z.literal('Feature'), geometry: lineString, properties: typhoonTrackProperties }),
      z.object({ type: z.literal('Feature'), geometry: point, properties: typhoonPointProperties }),
    ]),
  ),
});
export type TyphoonFeatureCollection = z.infer<typeof typhoonFeatureCollection>;
export const typhoonResponse = envelope(typhoonFeatureCollection);

// ——— warnings ———

export const weatherWarning = z.object({
  id: z.string().describe('CAP identifier'),
  type: z.string().describe('预警类型代码（11B03 等）'),
  typeName: z.string(),
  level: z.enum(['blue', 'yellow', 'orange', 'red']),
  levelName: z.string().describe('蓝色/黄色/橙色/红色'),
  color: z.string().describe('级别颜色 #rrggbb'),
  headline: z.string(),
  description: z.string(),
  instruction: z.string().nullable(),
  sender: z.string(),
  areaDesc: z.string(),
  areaCode: z.string().nullable(),
  effective: chinaTimeText,
  expires: chinaTimeText.nullable(),
});
export type WeatherWarning = z.infer<typeof weatherWarning>;
export const disasterInfo = z.object({ list: z.array(weatherWarning), message: noData });
export const disasterInfoResponse = envelope(disasterInfo);

// ——— airport observations ———

export const stationLiveProperties = z.object({
  icao: z.string(),
  name: z.string(),
  time: chinaTimeText,
  temperature: z.number().nullable().describe('°C'),
  dewPoint: z.number().nullable().describe('°C'),
  humidity: z.number().nullable().describe('%，由气温与露点计算（Magnus 公式）'),
  windDirection: z.number().nullable().describe('度，null 为静风或风向不定'),
  windSpeed: z.number().nullable().describe('m/s'),
  gust: z.number().nullable(),
  visibility: z.number().nullable().describe('米，10000 表示 ≥10 km'),
  pressure: z.number().nullable().describe('修正海平面气压 hPa'),
  weather: z.string().describe('天气现象（中文），无则空'),
  raw: z.string().describe('原始报文'),
});
export const stationLiveCollection = z.object({
  type: z.literal('FeatureCollection'),
  message: noData,
  features: z.array(z.object({ type: z.literal('Feature'), geometry: point, properties: stationLiveProperties })),
});
export const stationLiveResponse = envelope(stationLiveCollection);

// ——— images ———

export const imageFrameItem = z.object({
  name: z.string().describe('文件名'),
  time: chinaTimeText,
  url: z.string().describe('图像地址（可直接用于 <img>，无需签名）'),
  product: z.string(),
  demo: z.boolean().describe('是否为【演示】图像'),
});
export type ImageFrameItem = z.infer<typeof imageFrameItem>;
export const imageFrameSequence = z.object({ frames: z.array(imageFrameItem), message: noData });
export type ImageFrameSequence = z.infer<typeof imageFrameSequence>;
export const imageFrameSequenceResponse = envelope(imageFrameSequence);
export const imageFrameListAnswer = envelope(z.array(imageFrameItem));

export const radarConfig = z.object({
  regions: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[西, 南, 东, 北] 经纬度'),
    }),
  ),
  products: z.array(
    z.object({
      kind: z.string().describe('radar / satellite / nowcast'),
      product: z.string(),
      name: z.string(),
      region: z.string(),
      frames: z.number().int(),
      first: chinaTimeText,
      last: chinaTimeText,
    }),
  ),
  legend: z.array(z.object({ from: z.number().describe('dBZ 下限'), color: z.string() })),
  message: noData,
});
export type RadarConfig = z.infer<typeof radarConfig>;
export const radarConfigResponse = envelope(radarConfig);

/** One city's traffic image (imported; there is no offline source of them). */
export const trafficImageItem = imageFrameItem.extend({
  cityCode: z.string().describe('城市区划代码'),
  cityName: z.string(),
});
export type TrafficImageItem = z.infer<typeof trafficImageItem>;
export const trafficImageRecord = z.object({ list: z.array(trafficImageItem), message: noData });
export const trafficImageRecordResponse = envelope(trafficImageRecord);

export const trafficImageConfig = z.object({
  cities: z.array(
    z.object({
      cityCode: z.string(),
      cityName: z.string(),
      live: z.boolean().describe('是否在 TRAFFIC_IMAGE_CITIES 中（按 TRAFFIC_IMAGE_URL 定时抓取）'),
      frames: z.number().int().describe('已有图像数'),
      first: chinaTimeText.nullable(),
      last: chinaTimeText.nullable(),
    }),
  ),
  intervalMinutes: z.number().int().describe('定时抓取的间隔（分钟）'),
  message: noData,
});
export type TrafficImageConfig = z.infer<typeof trafficImageConfig>;
export const trafficImageConfigResponse = envelope(trafficImageConfig);
