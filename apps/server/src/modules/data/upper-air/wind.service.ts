import {
  ErrorCode,
  type MeteoProduct,
  type PointValues,
  type TrajectoryCollection,
  type VelocityRecord,
  WIND_LEVELS,
  type WindField,
} from '@lantian/contracts';
import {
  formatChinaDateTime,
  gridField,
  gridWindAt,
  type TimedGrid,
  trajectory,
  type WindGrid,
  windDirectionSpeed,
} from '@lantian/domain';
import { AppError } from '../../../platform/errors';
import { NetcdfWindError, readNetcdfWind, type WindVariableNames } from './netcdf-wind';
import type { GridRow, UpperAirRepository } from './upper-air.repository';

export type WindLevel = (typeof WIND_LEVELS)[number];

export const TRAJECTORY_METHOD =
  '运动学轨迹：Petterssen 二阶龙格—库塔格式，步长 1 小时，风场空间双线性、时间线性插值；' +
  '二维（保持起始高度层，不含垂直运动、地形与湍流扩散），24 小时后位置误差通常为行程的 15–30%，仅供参考。';

/** Which level a start height uses: the 10 m wind near the ground, 850 hPa (~1.5 km) above 500 m. */
export const levelOfHeight = (height: number): WindLevel => (height < 500 ? '10m' : '850hPa');

const toFloats = (blob: Uint8Array): Float32Array => {
  // Copied: a Buffer from the driver may sit at an offset not aligned for a Float32Array view.
  const bytes = new Uint8Array(blob.byteLength);
  bytes.set(blob);
  return new Float32Array(bytes.buffer);
};
const toBlob = (values: Float32Array): Uint8Array => new Uint8Array(values.buffer.slice(0));

const gridOf = (row: GridRow): WindGrid => ({
  nx: row.nx,
  ny: row.ny,
  lo1: row.lo1,
  la1: row.la1,
  dx: row.dx,
  dy: row.dy,
  u: toFloats(row.u),
  v: toFloats(row.v),
});

export interface WindImport {
  level: string;
  grids: number;
  from: number;
  to: number;
  demo: boolean;
}

export interface TrajectoryRequest {
  longitude: number;
  latitude: number;
  time: number;
  hours: number;
  heights: number[];
  direction: 'backward' | 'forward';
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The gridded wind: NetCDF imports, the wind-field layer, point values, products and trajectories. */
export class WindService {
  constructor(
    private readonly repository: UpperAirRepository,
    private readonly clock: () => number,
    private readonly names: WindVariableNames,
  ) {}

  /** A whole CF NetCDF file, or nothing: a bad file is refused naming the variable at fault. */
  async importNetcdf(buffer: Uint8Array, origin: string, names: WindVariableNames = this.names): Promise<WindImport> {
    let file: ReturnType<typeof readNetcdfWind>;
    try {
      file = readNetcdfWind(buffer, names);
    } catch (err) {
      if (err instanceof NetcdfWindError)
        throw new AppError(ErrorCode.VALIDATION, `风场文件 ${origin} 有误，未导入：${err.message}`, {
          data: { field: err.field, reason: err.reason },
        });
      throw err;
    }
    if (!(WIND_LEVELS as readonly string[]).includes(file.level))
      throw new AppError(
        ErrorCode.VALIDATION,
        `风场文件 ${origin} 的层次「${file.level}」不受支持（可用：${WIND_LEVELS.join('、')}）`,
      );
    if (file.grids.length === 0) throw new AppError(ErrorCode.VALIDATION, `风场文件 ${origin} 没有时次`);
    const now = this.clock();
    await this.repository.saveGrids(
      file.grids.map((g) => ({
        level: file.level,
        time: g.time,
        ref_time: file.refTime,
        nx: g.nx,
        ny: g.ny,
        lo1: g.lo1,
        la1: g.la1,
        dx: g.dx,
        dy: g.dy,
        u: toBlob(g.u),
        v: toBlob(g.v),
        source: file.demo ? 'demo' : 'netcdf',
        origin: origin.slice(0, 512),
        imported_at: now,
      })),
    );
    const times = file.grids.map((g) => g.time);
    return {
      level: file.level,
      grids: times.length,
      from: Math.min(...times),
      to: Math.max(...times),
      demo: file.demo,
    };
  }

  /** The stored time nearest to `time` (default now). */
  private async nearestTime(
    level: WindLevel,
    time: number | undefined,
  ): Promise<{ times: number[]; chosen: number | null }> {
    const times = await this.repository.gridTimes(level);
    const target = time ?? this.clock();
    let chosen: number | null = null;
    for (const t of times) if (chosen === null || Math.abs(t - target) < Math.abs(chosen - target)) chosen = t;
    return { times, chosen };
  }

  async field(level: WindLevel, time: number | undefined): Promise<WindField> {
    const { times, chosen } = await this.nearestTime(level, time);
    const row = chosen === null ? undefined : await this.repository.grid(level, chosen);
    if (!row) return { available: false, level, time: null, refTime: null, demo: false, times: [], records: [] };
    const grid = gridOf(row);
    const refTime = Number(row.ref_time);
    const record = (parameterNumber: 2 | 3, values: ArrayLike<number>): VelocityRecord => ({
      header: {
        parameterCategory: 2,
        parameterNumber,
        parameterNumberName: parameterNumber === 2 ? 'eastward_wind' : 'northward_wind',
        parameterUnit: 'm.s-1',
        nx: grid.nx,
        ny: grid.ny,
        lo1: grid.lo1,
        la1: grid.la1,
        lo2: grid.lo1 + (grid.nx - 1) * grid.dx,
        la2: grid.la1 - (grid.ny - 1) * grid.dy,
        dx: grid.dx,
        dy: grid.dy,
        refTime: new Date(refTime * 1000).toISOString(),
        forecastTime: Math.round((Number(row.time) - refTime) / 3600),
      },
      data: Array.from(values, (x) => (Number.isFinite(x) ? round2(x) : null)),
    });
    return {
      available: true,
      level,
      time: formatChinaDateTime(Number(row.time)),
      refTime: formatChinaDateTime(refTime),
      demo: row.source === 'demo',
      times: times.map(formatChinaDateTime),
      records: [record(2, grid.u), record(3, grid.v)],
    };
  }

  /** Every level's wind at a point (bilinear), at the grid time nearest to `time`. */
  async point(longitude: number, latitude: number, time: number | undefined): Promise<PointValues> {
    const values: PointValues['values'] = [];
    let at: number | null = null;
    let demo = false;
    for (const level of WIND_LEVELS) {
      const { chosen } = await this.nearestTime(level, time ?? at ?? undefined);
      const row = chosen === null ? undefined : await this.repository.grid(level, chosen);
      if (!row) continue;
      at ??= Number(row.time);
      demo ||= row.source === 'demo';
      const w = gridWindAt(gridOf(row), longitude, latitude);
      if (!w) continue;
      const { direction, speed } = windDirectionSpeed(w.u, w.v);
      values.push({ level, u: round2(w.u), v: round2(w.v), speed: round2(speed), direction: Math.round(direction) });
    }
    return {
      available: at !== null,
      longitude,
      latitude,
      time: at === null ? null : formatChinaDateTime(at),
      demo,
      values,
    };
  }

  async trajectories(request: TrajectoryRequest): Promise<TrajectoryCollection> {
    const span = request.hours * 3600;
    const from = request.direction === 'backward' ? request.time - span : request.time;
    const to = request.direction === 'backward' ? request.time : request.time + span;
    const fieldCache = new Map<WindLevel, { field: ReturnType<typeof gridField>; demo: boolean; count: number }>();
    let demo = false;
    let any = false;
    const features: TrajectoryCollection['features'] = [];
    for (const height of request.heights) {
      const level = levelOfHeight(height);
      let cached = fieldCache.get(level);
      if (!cached) {
        // One grid beyond each end, so that the first and last steps can interpolate in time.
        const rows = await this.repository.gridsBetween(level, from - 6 * 3600, to + 6 * 3600);
        const grids: TimedGrid[] = rows.map((r) => ({ time: Number(r.time), grid: gridOf(r) }));
        cached = { field: gridField(grids), demo: rows.some((r) => r.source === 'demo'), count: rows.length };
        fieldCache.set(level, cached);
      }
      any ||= cached.count > 0;
      demo ||= cached.demo;
      const points = trajectory(cached.field, {
        start: { lon: request.longitude, lat: request.latitude },
        startTime: request.time,
        hours: request.hours,
        direction: request.direction,
      });
      features.push({
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: points.map((p) => [round4(p.lon), round4(p.lat)] as [number, number]),
        },
        properties: {
          height,
          level,
          direction: request.direction,
          times: points.map((p) => formatChinaDateTime(p.time)),
          complete: points.length === request.hours + 1,
        },
      });
    }
    if (!any) throw new AppError(ErrorCode.NOT_FOUND, '该时段暂无格点风场数据，无法计算轨迹（尚未导入数值预报）');
    return { type: 'FeatureCollection', method: TRAJECTORY_METHOD, demo, features };
  }

  async products(): Promise<MeteoProduct[]> {
    const out: MeteoProduct[] = [];
    for (const level of WIND_LEVELS) {
      const times = await this.repository.gridTimes(level);
      const last = times[times.length - 1];
      const row = last === undefined ? undefined : await this.repository.grid(level, last);
      out.push({
        type: `wind${level}`,
        name: level === '10m' ? '10 米风场' : '850 hPa 风场',
        level,
        unit: 'm/s',
        refTime: row ? formatChinaDateTime(Number(row.ref_time)) : null,
        times: times.map(formatChinaDateTime),
        demo: row?.source === 'demo',
      });
    }
    return out;
  }

  async product(type: string | undefined, time: number | undefined) {
    const level = WIND_LEVELS.find((l) => `wind${l}` === (type ?? 'wind10m'));
    if (!level)
      throw new AppError(
        ErrorCode.VALIDATION,
        `未知的产品类型「${type}」（可用：${WIND_LEVELS.map((l) => `wind${l}`).join('、')}）`,
      );
    const field = await this.field(level, time);
    let stats: { min: number; max: number; mean: number } | null = null;
    const [u, v] = field.records;
    if (u && v) {
      let min = Number.POSITIVE_INFINITY;
      let max = 0;
      let sum = 0;
      let n = 0;
      u.data.forEach((x, i) => {
        const y = v.data[i];
        if (x === null || y === null || y === undefined) return;
        const s = Math.hypot(x, y);
        min = Math.min(min, s);
        max = Math.max(max, s);
        sum += s;
        n++;
      });
      if (n > 0) stats = { min: round2(min), max: round2(max), mean: round2(sum / n) };
    }
    return { type: `wind${level}`, time: field.time, demo: field.demo, stats, field };
  }

  async latestGridTime(): Promise<number | null> {
    return this.repository.latestGridTime();
  }
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
