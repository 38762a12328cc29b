import { areaByCode } from '@lantian/areas';
import {
  type ClusterCollection,
  type ClusterEach,
  type ClusterMethod,
  ErrorCode,
  type HistoryPollutant,
} from '@lantian/contracts';
import {
  DEFAULT_KMEANS_SEED,
  dailyProfile,
  formatChinaDateTime,
  kMeans,
  PROFILE_HOURS,
  roundHalfEven,
  SECONDS_PER_DAY,
  silhouette,
  squaredDistance,
  startOfChinaHour,
  zScore,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import type { AirStore } from '../../data/air';
import type { StationsRepository } from '../../data/stations';
import { CLUSTER_LIMITS, type ClusterQuery } from './data-analysis.schemas';
import { POLLUTANT_NAMES } from './history-periods';

/**
 * Station clusters (getClusterData / getClusterMsg / getClusterEachData): stations grouped by the
 * shape of their pollution over a period. Each station's feature is the mean of the pollutant at each
 * hour of the China day (24 values), z-scored so that the shape counts, not the level; k-means with
 * k-means++ seeding from a fixed seed groups them, so the same data always gives the same answer.
 * The three calls share one computation, kept per data hour and parameters.
 */

/** Silhouette is O(n²): above this many stations it is computed on an evenly spaced sample. */
const SILHOUETTE_SAMPLE = 800;
/** An hour of the day counts when at least this share of the period's days have a value there. */
const MIN_SHARE_PER_SLOT = 0.5;
const KEPT = 16;

interface Clustering {
  method: ClusterMethod;
  features: ClusterCollection['features'];
  each: ClusterEach[];
}

const round = (v: number, d = 3) => roundHalfEven(v, d);

export class ClustersService {
  private readonly kept = new Map<string, Promise<Clustering>>();

  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly now: Clock,
  ) {}

  async data(query: ClusterQuery): Promise<ClusterCollection> {
    const c = await this.clustering(query);
    return { type: 'FeatureCollection', features: c.features, method: c.method };
  }

  async msg(query: ClusterQuery): Promise<ClusterMethod> {
    return (await this.clustering(query)).method;
  }

  async each(query: ClusterQuery): Promise<ClusterEach[]> {
    return (await this.clustering(query)).each;
  }

  private async clustering(query: ClusterQuery): Promise<Clustering> {
    const latest = await this.air.stationHours.latestTime();
    const factor = query.factor ?? 'pm2_5';
    const days = query.days ?? CLUSTER_LIMITS.defaultDays;
    const k = query.k ?? CLUSTER_LIMITS.defaultK;
    // The period ends at the hour asked, or at the data's latest hour (never after it: no empty tail).
    const end = startOfChinaHour(Math.min(query.time ?? Number.POSITIVE_INFINITY, latest ?? this.now()));
    const cities = query.cities?.map((a) => a.code).sort();
    // Answers are kept per data hour: a new hour of data makes a new key.
    const key = JSON.stringify([latest ?? null, factor, end, days, k, cities ?? null]);
    let kept = this.kept.get(key);
    if (kept === undefined) {
      kept = this.compute(factor, end, days, k, cities, latest);
      this.kept.set(key, kept);
      kept.catch(() => this.kept.delete(key));
      const oldest = this.kept.keys().next();
      if (this.kept.size > KEPT && oldest.done !== true) this.kept.delete(oldest.value);
    }
    return kept;
  }

  private async compute(
    factor: HistoryPollutant,
    end: number,
    days: number,
    k: number,
    cities: string[] | undefined,
    latest: number | undefined,
  ): Promise<Clustering> {
    const from = end - days * SECONDS_PER_DAY;
    const register = new Map((await this.stations.all()).map((s) => [s.code, s] as const));
    const inScope = (code: string) => {
      const station = register.get(code);
      if (station === undefined || station.longitude === null || station.latitude === null) return false;
      return cities === undefined || cities.includes(station.city_code);
    };
    const means = (await this.air.stationHours.hourOfDayMeans(factor, from, end)).filter((m) =>
      inScope(m.station_code),
    );
    const byStation = new Map<string, { hour: number; mean: number; count: number }[]>();
    for (const m of means) {
      // Hour of the day by the hour's end: 1 … 24 (24 is the hour ending at midnight), stored at 0 … 23.
      const slot = { hour: (m.hour + PROFILE_HOURS - 1) % PROFILE_HOURS, mean: m.mean, count: m.count };
      const list = byStation.get(m.station_code);
      if (list === undefined) byStation.set(m.station_code, [slot]);
      else list.push(slot);
    }
    if (byStation.size > CLUSTER_LIMITS.maxStations) {
      throw new AppError(
        ErrorCode.QUERY_TOO_LARGE,
        `参与聚类的站点超过 ${CLUSTER_LIMITS.maxStations} 个，请用 cities 限定城市`,
        { data: { stations: byStation.size, limit: CLUSTER_LIMITS.maxStations } },
      );
    }
    const minCount = Math.max(1, Math.ceil(days * MIN_SHARE_PER_SLOT));
    const codes: string[] = [];
    const raw: number[][] = [];
    for (const [code, slots] of [...byStation].sort(([a], [b]) => a.localeCompare(b))) {
      const profile = dailyProfile(slots, minCount);
      if (profile === null) continue;
      codes.push(code);
      raw.push(profile);
    }
    const points = raw.map(zScore);
    const result = kMeans(points, k, { seed: DEFAULT_KMEANS_SEED });
    const step = Math.max(1, Math.ceil(points.length / SILHOUETTE_SAMPLE));
    const sample = points.map((_, i) => i).filter((i) => i % step === 0);
    const score = silhouette(
      sample.map((i) => points[i] ?? []),
      sample.map((i) => result.assignments[i] ?? 0),
    );
    const method: ClusterMethod = {
      algorithm: 'k-means（k-means++ 初始化，固定随机种子，Lloyd 迭代至收敛或 100 次）',
      features: `各站点 ${POLLUTANT_NAMES[factor]} 在时段内每个整点（北京时间，按小时结束时刻 1–24 时）的平均值，构成 24 维日变化曲线`,
      normalisation:
        '每个站点的 24 维曲线各自做 z-score 标准化（减均值、除以标准差；恒定曲线记为全 0），按形状而非浓度高低聚类',
      pollutant: factor,
      k,
      kUsed: result.k,
      seed: DEFAULT_KMEANS_SEED,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(end),
      stations: points.length,
      excludedStations: byStation.size - points.length,
      minHoursPerSlot: minCount,
      iterations: result.iterations,
      inertia: round(result.inertia),
      silhouette: score === null ? null : round(score),
      dataTime: latest === undefined ? null : formatChinaDateTime(latest),
    };
    const features: ClusterCollection['features'] = codes.map((code, i) => {
      const station = register.get(code);
      const cluster = result.assignments[i] ?? 0;
      const profile = raw[i] ?? [];
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [station?.longitude ?? 0, station?.latitude ?? 0] },
        properties: {
          stationCode: code,
          stationName: station?.name ?? code,
          cityCode: station?.city_code ?? '',
          cityName: areaByCode(station?.city_code ?? '')?.name ?? station?.city_code ?? '',
          cluster,
          mean: round(profile.reduce((s, v) => s + v, 0) / PROFILE_HOURS, 1),
          distance: round(Math.sqrt(squaredDistance(points[i] ?? [], result.centroids[cluster] ?? []))),
        },
      };
    });
    const each: ClusterEach[] = result.centroids.map((centroid, cluster) => {
      const members = codes.map((_, i) => i).filter((i) => result.assignments[i] === cluster);
      const meanProfile = Array.from({ length: PROFILE_HOURS }, (_, h) =>
        round(members.reduce((s, i) => s + (raw[i]?.[h] ?? 0), 0) / Math.max(1, members.length), 1),
      );
      const peak = centroid.reduce((best, v, h) => (v > (centroid[best] ?? -Infinity) ? h : best), 0);
      return {
        cluster,
        size: members.length,
        centroid: centroid.map((v) => round(v)),
        meanProfile,
        peakHour: peak + 1,
        members: members.map((i) => {
          const station = register.get(codes[i] ?? '');
          return {
            stationCode: codes[i] ?? '',
            stationName: station?.name ?? '',
            cityName: areaByCode(station?.city_code ?? '')?.name ?? '',
          };
        }),
      };
    });
    return { method, features, each };
  }
}
