import {
  type ImageFrameItem,
  type ImageFrameSequence,
  type RadarConfig,
  type TyphoonFeatureCollection,
  WARNING_LEVELS,
  WARNING_TYPES,
  type WarningLevelKey,
  type WarningTypeKey,
  type WeatherWarning,
} from '@lantian/contracts';
import { formatChinaDateTime, RADAR_DBZ_LEGEND, TROPICAL_CYCLONE_CATEGORIES, weatherText } from '@lantian/domain';
import { notFound } from '../../../platform/errors';
import type { FrameMeta, FramesRepository } from './frames.repository';
import { METAR_STATION_BY_ICAO } from './metar-stations';
import type { ObservationsRepository } from './observations.repository';
import type { TyphoonsRepository } from './typhoons.repository';
import type { WarningRow, WarningsRepository } from './warnings.repository';

/** Where the unsigned frame route serves an image (browsers load it in <img>). */
export const FRAME_ROUTE = '/api/common/nmcFrame';

/** An observation older than this is not "live" any more. */
const LIVE_WINDOW_SECONDS = 3 * 3600;
/** The radar loop and the satellite list reach this far back from their latest frame. */
const LOOP_SECONDS = 2 * 3600;
const SATELLITE_SECONDS = 24 * 3600;

export const RADAR_REGIONS: RadarConfig['regions'] = [
  { code: 'ACHN', name: '全国', bounds: [73, 12.2, 135, 54.2] },
  { code: 'AECN', name: '华东', bounds: [108.5, 22.5, 126, 38.5] },
  { code: 'ASCN', name: '华南', bounds: [104.5, 17.5, 120, 28.5] },
  { code: 'ANCN', name: '华北', bounds: [107, 34.5, 125, 45] },
];

const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  EBREF: '组合反射率拼图',
  CREF: '组合反射率拼图',
  fy4a_true_color: '风云四号 A 星真彩色图',
  nowcast: '雷达外推临近预报',
};

const categoryOf = (code: number) => TROPICAL_CYCLONE_CATEGORIES[code] ?? { code: '?', name: '未知' };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The reads behind the public calls; each says so in `message` when its source has no data yet. */
export class WeatherSources {
  constructor(
    private readonly typhoons: TyphoonsRepository,
    private readonly warnings: WarningsRepository,
    private readonly observations: ObservationsRepository,
    private readonly frames: FramesRepository,
    /** Data clock (epoch seconds). */
    private readonly now: () => number,
  ) {}

  /** Without a name: every cyclone of the year as a track line. With one: its track and its points. */
  async typhoonData(year: number, name: string | undefined): Promise<TyphoonFeatureCollection> {
    const empty = (message: string): TyphoonFeatureCollection => ({
      type: 'FeatureCollection',
      year,
      message,
      features: [],
    });
    const ofYear = await this.typhoons.ofYear(year);
    if (ofYear.length === 0) return empty(`暂无 ${year} 年的台风路径数据（尚未导入该年的最佳路径文件）`);
    const chosen = name === undefined ? ofYear : [await this.typhoons.find(year, name)];
    const features: TyphoonFeatureCollection['features'] = [];
    for (const t of chosen) {
      if (!t) throw notFound(`${year} 年没有名为“${name}”的台风`);
      const points = await this.typhoons.points(t.id);
      features.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: points.map((p) => [p.lon, p.lat]) },
        properties: {
          kind: 'track',
          id: t.id,
          year: t.year,
          international: t.international,
          nameEn: t.name_en,
          nameCn: t.name_cn,
          maxCategoryName: categoryOf(t.max_category).name,
          minPressure: t.min_pressure,
          maxWind: t.max_wind,
          start: formatChinaDateTime(Number(t.first_time)),
          end: formatChinaDateTime(Number(t.last_time)),
          points: points.length,
        },
      });
      if (name === undefined) continue;
      for (const p of points) {
        const category = categoryOf(p.category);
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
          properties: {
            kind: 'point',
            time: formatChinaDateTime(Number(p.time)),
            category: p.category,
            categoryCode: category.code,
            categoryName: category.name,
            pressure: p.pressure,
            wind: p.wind,
          },
        });
      }
    }
    return { type: 'FeatureCollection', year, message: null, features };
  }

  async disasterInfo(type: WarningTypeKey | 'all'): Promise<{ list: WeatherWarning[]; message: string | null }> {
    const codes = type === 'all' ? undefined : [WARNING_TYPES[type].code];
    // In force at the data clock's now (the wall clock in a running server; tests set it).
    const rows = await this.warnings.active(this.now(), codes);
    if (rows.length > 0) return { list: rows.map(presentWarning), message: null };
    const held = await this.warnings.count();
    return {
      list: [],
      message: held === 0 ? '暂无预警数据（预警信息源尚未导入任何消息）' : '当前没有生效中的预警',
    };
  }

  async stationLive(at: number | undefined) {
    const to = at ?? (await this.observations.latestTime()) ?? this.now();
    const rows = await this.observations.latestPerStation(to - LIVE_WINDOW_SECONDS, to);
    const features = rows.flatMap((r) => {
      const station = METAR_STATION_BY_ICAO.get(r.icao);
      if (!station) return [];
      const groups = r.weather.split(' ').filter(Boolean);
      return [
        {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [station.lon, station.lat] as [number, number] },
          properties: {
            icao: r.icao,
            name: station.name,
            time: formatChinaDateTime(Number(r.time)),
            temperature: r.temperature,
            dewPoint: r.dew_point,
            humidity: r.humidity,
            windDirection: r.wind_direction,
            windSpeed: r.wind_speed,
            gust: r.gust,
            visibility: r.visibility,
            pressure: r.pressure === null ? null : round1(r.pressure),
            weather: groups.map(weatherText).join('、'),
            raw: r.raw,
          },
        },
      ];
    });
    return {
      type: 'FeatureCollection' as const,
      message: features.length > 0 ? null : '暂无气象站实况（尚未导入该时段的 METAR 报文）',
      features,
    };
  }

  async radarConfig(): Promise<RadarConfig> {
    const summary = await this.frames.summary();
    return {
      regions: RADAR_REGIONS,
      products: summary.map((s) => ({
        kind: s.kind,
        product: s.product,
        name: PRODUCT_NAMES[s.product] ?? s.product,
        region: s.region,
        frames: s.frames,
        first: formatChinaDateTime(s.first),
        last: formatChinaDateTime(s.last),
      })),
      legend: RADAR_DBZ_LEGEND.map((b) => ({ from: b.from, color: b.color })),
      message: summary.length > 0 ? null : '暂无雷达、卫星图像（尚未导入，演示数据关闭时不生成）',
    };
  }

  /** The latest radar loop up to `at` (two hours) and the nowcast frames after it. */
  async nowcasting(at: number | undefined): Promise<ImageFrameSequence> {
    const to = at ?? (await this.frames.latestTime('radar'));
    if (to === undefined) return { frames: [], message: '暂无雷达图像（尚未导入）' };
    const observed = await this.frames.list('radar', undefined, to - LOOP_SECONDS, to);
    const ahead = await this.frames.list('nowcast', undefined, to + 1, to + LOOP_SECONDS);
    const frames = [...observed, ...ahead].map(presentFrame);
    return { frames, message: frames.length > 0 ? null : '该时段暂无雷达图像' };
  }

  /** Satellite frames of a product in the 24 hours up to `at`. */
  async satelliteFrames(type: string, code: string, at: number): Promise<ImageFrameItem[]> {
    const product = `${type}_${code}`.toLowerCase();
    return (await this.frames.list('satellite', product, at - SATELLITE_SECONDS, at)).map(presentFrame);
  }

  /**
   * An imported image by its name, our frame URL or the source URL it was fetched from. Nothing
   * else is ever fetched: an unknown name is 404, so the call cannot be used to reach other hosts.
   */
  async image(url: string, kinds: readonly string[]) {
    const name = url.split('?')[0]?.split('/').pop() ?? '';
    const frame = await this.frames.byNameOrUrl(name, url);
    if (!frame || !kinds.includes(frame.kind))
      throw notFound('未找到该图像（只提供已导入的图像：雷达、卫星和临近预报）');
    return frame;
  }

  async frameBytes(name: string) {
    const frame = await this.frames.byName(name);
    if (!frame) throw notFound('未找到该图像');
    return frame;
  }
}

export function presentWarning(r: WarningRow): WeatherWarning {
  const level = (r.level in WARNING_LEVELS ? r.level : 'blue') as WarningLevelKey;
  const type = Object.values(WARNING_TYPES).find((t) => t.code === r.type_code);
  return {
    id: r.id,
    type: r.type_code,
    typeName: type?.name ?? r.event,
    level,
    levelName: WARNING_LEVELS[level].name,
    color: WARNING_LEVELS[level].color,
    headline: r.headline,
    description: r.description,
    instruction: r.instruction,
    sender: r.sender,
    areaDesc: r.area_desc,
    areaCode: r.area_code,
    effective: formatChinaDateTime(Number(r.effective)),
    expires: r.expires === null ? null : formatChinaDateTime(Number(r.expires)),
  };
}

export function presentFrame(f: FrameMeta): ImageFrameItem {
  return {
    name: f.name,
    time: formatChinaDateTime(Number(f.time)),
    url: `${FRAME_ROUTE}/${encodeURIComponent(f.name)}`,
    product: f.product,
    demo: f.origin === 'demo',
  };
}
