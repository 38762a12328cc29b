import { type Area, areaByCode } from '@lantian/areas';
import type { TrafficImageConfig, TrafficImageItem } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { notFound } from '../../../platform/errors';
import type { FramesRepository } from './frames.repository';
import { presentFrame } from './weather-sources.service';

/** getTrafficImageRecord reaches this far back from its time. */
const RECORD_SECONDS = 24 * 3600;
/** getTrafficImage answers the newest image no older than this: an older one is not "real-time". */
const CURRENT_SECONDS = 2 * 3600;

/**
 * City traffic images (spec §7 getTrafficImage, getTrafficImageRecord, getTrafficImageConfig).
 * There is no public offline source of them, so they exist only once imported — files named
 * `TRAFFIC_<city code>_<UTC time>.png` through the CLI or the drop folder, or fetched for the cities
 * of TRAFFIC_IMAGE_CITIES from TRAFFIC_IMAGE_URL — and nothing is drawn to stand in for them.
 */
export class TrafficImages {
  constructor(
    private readonly frames: FramesRepository,
    private readonly liveCities: readonly string[],
    private readonly intervalMinutes: number,
    /** Data clock (epoch seconds). */
    private readonly now: () => number,
  ) {}

  /** The city's newest image of the last two hours, with its bytes; none → 404 暂无交通图像. */
  async current(city: Area) {
    const now = this.now();
    const frame = await this.frames.latestOf('traffic', city.code, now);
    if (!frame || Number(frame.time) < now - CURRENT_SECONDS) throw notFound(`暂无${city.name}的交通图像`);
    return frame;
  }

  /** The images of one city (or of every city) in the 24 hours up to `at` (default now), oldest first. */
  async record(city: Area | undefined, at: number | undefined) {
    const to = at ?? this.now();
    const rows = await this.frames.list('traffic', 'traffic', to - RECORD_SECONDS, to, city?.code);
    const list: TrafficImageItem[] = rows.map((f) => ({
      ...presentFrame(f),
      cityCode: f.region,
      cityName: areaByCode(f.region)?.name ?? f.region,
    }));
    const whose = city ? city.name : '各城市';
    return { list, message: list.length > 0 ? null : `${whose}该时段暂无交通图像（尚未导入或抓取）` };
  }

  /** The cities fetched live and the cities holding images, with their span. */
  async config(): Promise<TrafficImageConfig> {
    const held = new Map(
      (await this.frames.summary()).filter((s) => s.kind === 'traffic').map((s) => [s.region, s] as const),
    );
    const codes = [...new Set([...this.liveCities, ...held.keys()])].sort();
    const cities = codes.map((code) => {
      const s = held.get(code);
      return {
        cityCode: code,
        cityName: areaByCode(code)?.name ?? code,
        live: this.liveCities.includes(code),
        frames: s?.frames ?? 0,
        first: s ? formatChinaDateTime(s.first) : null,
        last: s ? formatChinaDateTime(s.last) : null,
      };
    });
    return {
      cities,
      intervalMinutes: this.intervalMinutes,
      message: cities.length > 0 ? null : '暂无交通图像（未配置 TRAFFIC_IMAGE_URL 抓取，也未导入任何图像）',
    };
  }
}
