import {
  ErrorCode,
  IMAGE_SPANS,
  type ImageFrame,
  type ImageMethod,
  type ImagePollutant,
  type ImageSpan,
} from '@lantian/contracts';
import { formatChinaDateTime, type IdwOptions, startOfChinaHour } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError, notFound } from '../../../platform/errors';
import { contentEtag } from '../../../platform/http/encoded-body';
import type { AirStore, StationHourWithStation } from '../../data/air';
import { type AreaShape, type AreaShapes, COUNTRY_CODE, imageArea } from '../../data/maps';
import type { StationsRepository } from '../../data/stations';
import { type FrameLayout, frameLayout } from './frame-layout';
import { type FrameKey, frameName, frameUrl, parseFrameName } from './frame-names';
import { renderFrame, type StationSample } from './frame-render';

/**
 * The frames of the image analysis: which hours have them (the name list), and each frame drawn on
 * first request and kept. Kept in memory, bounded: FRAME_CACHE_ENTRIES frames (about 150 KB each),
 * the last few hours' station rows (shared by every pollutant and area of the hour) and the areas'
 * outlines and layouts. Everything is dropped when a new hour is stored (a late or revised hour may
 * change any frame), as the response cache is.
 */

/** IDW parameters by the area's size: a city's field leans on nearer stations than China's. */
export const IDW_BY_LEVEL: Readonly<Record<AreaShape['level'], IdwOptions>> = {
  country: { power: 2, neighbours: 8, radius: 500 },
  province: { power: 2, neighbours: 8, radius: 300 },
  city: { power: 2, neighbours: 8, radius: 150 },
};

const FRAME_CACHE_ENTRIES = 160;
const HOUR_CACHE_ENTRIES = 6;
const AREA_CACHE_ENTRIES = 40;

export const NO_DATA_MESSAGE = '该时次没有监测数据';

export interface RenderedFrame {
  png: Buffer;
  /** Weak ETag of the bytes, made once per drawing. */
  etag: string;
  /** Whether this call drew it (false: from the cache). */
  drawn: boolean;
}

interface Hour {
  rows: StationHourWithStation[];
  demo: boolean;
}

interface AreaFrame {
  shape: AreaShape;
  layout: FrameLayout;
}

/** A map used as a small LRU: the oldest entry goes first. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
  delete(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/** The value a frame of `pollutant` shows of a station's hour. */
function shownValue(row: StationHourWithStation, pollutant: ImagePollutant): number | null {
  return row[pollutant];
}

export class ImageFrames {
  private readonly frames = new Lru<Promise<{ png: Buffer; etag: string }>>(FRAME_CACHE_ENTRIES);
  private readonly hours = new Lru<Promise<Hour | undefined>>(HOUR_CACHE_ENTRIES);
  private readonly areas = new Lru<Promise<AreaFrame>>(AREA_CACHE_ENTRIES);
  private positions: Promise<Map<string, { lon: number; lat: number }>> | undefined;
  /** Bumped by clear(): a frame drawn from data read before the clear is not kept. */
  private generation = 0;

  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly shapes: AreaShapes,
    private readonly now: Clock,
  ) {}

  /** Forgets every frame and every hour read (a new hour was stored). */
  clear(): void {
    this.generation++;
    this.frames.clear();
    this.hours.clear();
    this.positions = undefined;
  }

  /** Frames kept in memory now. */
  get cachedFrames(): number {
    return this.frames.size;
  }

  /** getRgbaImageNameList: the frames of the hours that have data among the `mode` span up to `time`. */
  async list(query: {
    type: ImagePollutant;
    code: string;
    time?: number | undefined;
    mode?: ImageSpan | undefined;
    method?: ImageMethod | undefined;
  }) {
    imageArea(query.code);
    const end = startOfChinaHour(query.time ?? (await this.air.stationHours.latestTime()) ?? this.now());
    const span = IMAGE_SPANS[query.mode ?? '24h'];
    const times: number[] = [];
    for (let i = span - 1; i >= 0; i--) times.push(end - i * 3600);
    const counts = await this.air.stationHours.sourceCountsAt(times);
    const out: ImageFrame[] = [];
    for (const time of times) {
      const c = counts.get(time);
      if (c === undefined || c.rows === 0) continue;
      const key = { pollutant: query.type, code: query.code, time, method: query.method ?? 'idw' };
      out.push({
        name: frameName(key),
        time: formatChinaDateTime(time),
        url: frameUrl(key),
        stations: c.rows,
        demo: c.demo > 0,
      });
    }
    return out;
  }

  /** The frame a name stands for: 400 for a name that is not one, 404 for an hour without data. */
  async frame(name: string): Promise<RenderedFrame> {
    const key = parseFrameName(name);
    if (key === undefined) {
      throw new AppError(
        ErrorCode.VALIDATION,
        '参数错误：name 图像文件名应为 {污染物}_{区划代码}_{YYYYMMDDHH}.png，如 aqi_100000_2024050112.png',
      );
    }
    imageArea(key.code);
    const id = frameName(key);
    const cached = this.frames.get(id);
    if (cached !== undefined) return { ...(await cached), drawn: false };
    const generation = this.generation;
    const drawing = this.draw(key).then((png) => ({ png, etag: contentEtag(png) }));
    this.frames.set(id, drawing);
    try {
      const drawn = await drawing;
      if (generation !== this.generation) this.frames.delete(id);
      return { ...drawn, drawn: true };
    } catch (error) {
      this.frames.delete(id);
      throw error;
    }
  }

  private async draw(key: FrameKey): Promise<Buffer> {
    const [hour, area, positions] = await Promise.all([
      this.hour(key.time),
      this.area(key.code),
      this.stationPositions(),
    ]);
    if (hour === undefined) throw notFound(NO_DATA_MESSAGE);
    const samples: StationSample[] = [];
    for (const row of hour.rows) {
      const value = shownValue(row, key.pollutant);
      const at = positions.get(row.station_code);
      if (value === null || !Number.isFinite(value) || at === undefined) continue;
      samples.push({ lon: at.lon, lat: at.lat, value });
    }
    if (samples.length === 0) throw notFound(NO_DATA_MESSAGE);
    return renderFrame({
      shape: area.shape,
      layout: area.layout,
      pollutant: key.pollutant,
      timeText: formatChinaDateTime(key.time).slice(0, 16),
      demo: hour.demo,
      samples,
      method: key.method,
      idw: IDW_BY_LEVEL[area.shape.level],
    });
  }

  private hour(time: number): Promise<Hour | undefined> {
    const id = String(time);
    const cached = this.hours.get(id);
    if (cached !== undefined) return cached;
    const loading = this.air.stationHours
      .at(time)
      .then((rows) => (rows.length === 0 ? undefined : { rows, demo: rows.some((r) => r.source === 'demo') }));
    this.hours.set(id, loading);
    loading.catch(() => this.hours.delete(id));
    return loading;
  }

  private area(code: string): Promise<AreaFrame> {
    const cached = this.areas.get(code);
    if (cached !== undefined) return cached;
    const loading = this.shapes
      .shapeOf(code)
      .then((shape) => ({ shape, layout: frameLayout(shape.level, shape.outline) }));
    this.areas.set(code, loading);
    loading.catch(() => this.areas.delete(code));
    return loading;
  }

  private stationPositions(): Promise<Map<string, { lon: number; lat: number }>> {
    if (this.positions === undefined) {
      const loading = this.stations.all().then((all) => {
        const out = new Map<string, { lon: number; lat: number }>();
        for (const s of all) {
          if (s.longitude === null || s.latitude === null) continue;
          out.set(s.code, { lon: s.longitude, lat: s.latitude });
        }
        return out;
      });
      this.positions = loading;
      loading.catch(() => {
        if (this.positions === loading) this.positions = undefined;
      });
    }
    return this.positions;
  }

  /**
   * Draws the national AQI frame of the latest hour: the outline's paths, the mask and the code
   * paths are ready (and that frame cached) before the first visitor asks.
   */
  async warm(): Promise<void> {
    const latest = await this.air.stationHours.latestTime();
    if (latest === undefined) return;
    await this.frame(frameName({ pollutant: 'aqi', code: COUNTRY_CODE, time: latest, method: 'idw' }));
  }

  /** The layout of an area's frames (for tests and the bench: where a station's pixel is). */
  async layoutOf(code: string): Promise<FrameLayout> {
    return (await this.area(code)).layout;
  }
}
