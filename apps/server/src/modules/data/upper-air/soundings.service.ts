import type { InversionStat, SoundingDto, SoundingStationDto } from '@lantian/contracts';
import { ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime, haversineMeters, type SoundingLevel, soundingIndices } from '@lantian/domain';
import type { AreaScope } from '../../../platform/db/area-scope';
import { AppError, notFound } from '../../../platform/errors';
import { IgraFileError, type IgraSounding, readIgra } from './igra';
import { CHINESE_SOUNDING_STATIONS, igraIdOf } from './stations';
import type { SoundingRow, StationRow, StationWithLatest, UpperAirRepository } from './upper-air.repository';

/** Ascent times listed beside a sounding (the picker of the plots). */
const RECENT_TIMES = 20;
/** Inversion statistics cover at most this span. */
const MAX_STATS_DAYS = 93;

export const referenceStations = (): StationRow[] =>
  CHINESE_SOUNDING_STATIONS.map((s) => ({
    code: s.code,
    igra_id: igraIdOf(s.code),
    name: s.name,
    longitude: s.longitude,
    latitude: s.latitude,
    elevation: s.elevation,
    area_code: s.areaCode,
  }));

type Row = [number, number | null, number | null, number | null, number | null, number | null];

const encodeLevels = (levels: IgraSounding['levels']) =>
  JSON.stringify(
    levels.map((l): Row => [l.pressure, l.height, l.temperature, l.dewpoint, l.windDirection, l.windSpeed]),
  );

function decodeLevels(text: string): SoundingLevel[] {
  const rows = JSON.parse(text) as Row[];
  return rows.map(([pressure, height, temperature, dewpoint, windDirection, windSpeed]) => ({
    pressure,
    height,
    temperature,
    dewpoint,
    windDirection,
    windSpeed,
  }));
}

const stationDto = (s: StationRow, latest: number | null): SoundingStationDto => ({
  code: s.code,
  igraId: s.igra_id,
  name: s.name,
  longitude: s.longitude,
  latitude: s.latitude,
  elevation: s.elevation,
  areaCode: s.area_code,
  latestTime: latest === null ? null : formatChinaDateTime(latest),
});

export interface SoundingImport {
  soundings: number;
  stations: string[];
  skippedLevels: number;
}

/** Radiosonde soundings: IGRA v2 imports, the stations, one ascent with its indices, inversion statistics. */
export class SoundingService {
  constructor(
    private readonly repository: UpperAirRepository,
    private readonly clock: () => number,
  ) {}

  private stationsReady: Promise<void> | undefined;

  /** The reference stations, written once per process before the first read or import. */
  async ensureReferenceStations(): Promise<void> {
    this.stationsReady ??= this.repository.insertMissingStations(referenceStations()).catch((err: unknown) => {
      this.stationsReady = undefined;
      throw err;
    });
    await this.stationsReady;
  }

  /** A whole IGRA v2 file, or nothing: a bad line refuses the file and names the line. */
  async importIgra(text: string, origin: string, source: 'igra2' | 'demo' = 'igra2'): Promise<SoundingImport> {
    let parsed: IgraSounding[];
    try {
      parsed = readIgra(text);
    } catch (err) {
      if (err instanceof IgraFileError)
        throw new AppError(ErrorCode.VALIDATION, `探空文件 ${origin} 有误，未导入：${err.message}`, {
          data: { line: err.line, reason: err.reason },
        });
      throw err;
    }
    await this.ensureReferenceStations();
    const stations = new Map<string, StationRow>();
    const codes = new Map<string, string>();
    for (const s of parsed) {
      if (codes.has(s.igraId)) continue;
      const known = await this.repository.stationByIgraId(s.igraId);
      if (known) {
        codes.set(s.igraId, known.code);
      } else {
        // A station outside the reference list: kept under its IGRA id, outside every area.
        stations.set(s.igraId, {
          code: s.igraId,
          igra_id: s.igraId,
          name: s.igraId,
          longitude: s.longitude,
          latitude: s.latitude,
          elevation: null,
          area_code: null,
        });
        codes.set(s.igraId, s.igraId);
      }
    }
    const now = this.clock();
    const rows: SoundingRow[] = parsed.map((s) => ({
      station_code: codes.get(s.igraId) as string,
      time: s.time,
      release_time: s.releaseTime,
      levels: encodeLevels(s.levels),
      source,
      imported_at: now,
    }));
    await this.repository.saveSoundings([...stations.values()], rows);
    return {
      soundings: rows.length,
      stations: [...new Set(codes.values())],
      skippedLevels: parsed.reduce((n, s) => n + s.skipped, 0),
    };
  }

  async stations(scope: AreaScope | null): Promise<StationWithLatest[]> {
    await this.ensureReferenceStations();
    return this.repository.stations(scope);
  }

  async stationList(scope: AreaScope | null): Promise<SoundingStationDto[]> {
    await this.ensureReferenceStations();
    return (await this.repository.stations(scope)).map((s) => stationDto(s, s.latest));
  }

  private async station(code: string, scope: AreaScope | null): Promise<StationRow> {
    await this.ensureReferenceStations();
    const station = (await this.repository.station(code, scope)) ?? (await this.repository.stationByIgraId(code));
    if (!station || (scope && (await this.repository.station(station.code, scope)) === undefined))
      throw notFound(`未找到探空站 ${code}`);
    return station;
  }

  /** The ascent at `time` or the latest before it (the latest of all without a time). */
  async sounding(code: string, time: number | undefined, scope: AreaScope | null): Promise<SoundingDto> {
    const station = await this.station(code, scope);
    const row = await this.repository.soundingAtOrBefore(station.code, time);
    if (!row)
      throw notFound(
        time === undefined ? `探空站 ${station.name} 暂无探空数据` : `探空站 ${station.name} 在该时间之前暂无探空数据`,
      );
    return this.present(station, row);
  }

  /** One stored ascent with its levels, indices and the station's recent times. */
  private async present(station: StationRow, row: SoundingRow): Promise<SoundingDto> {
    const levels = decodeLevels(row.levels);
    const times = await this.repository.soundingTimes(station.code, RECENT_TIMES);
    const latest = times[0] ?? null;
    return {
      station: stationDto(station, latest),
      time: formatChinaDateTime(Number(row.time)),
      releaseTime: row.release_time === null ? null : formatChinaDateTime(Number(row.release_time)),
      source: row.source === 'demo' ? 'demo' : 'igra2',
      demo: row.source === 'demo',
      times: times.map(formatChinaDateTime),
      levels,
      indices: soundingIndices(levels),
    };
  }

  /**
   * The ascent of the nearest station within `maxKm` that has one at or before `time` (the latest
   * without a time), nearest first: a city between stations borrows its neighbour's profile, as a
   * forecaster would; none within reach → undefined.
   */
  async nearestSounding(
    point: { longitude: number; latitude: number },
    time: number | undefined,
    maxKm: number,
  ): Promise<SoundingDto | undefined> {
    const candidates = (await this.stations(null))
      .filter((s) => s.latest !== null)
      .map((s) => ({
        s,
        km:
          haversineMeters({ lon: point.longitude, lat: point.latitude }, { lon: s.longitude, lat: s.latitude }) / 1000,
      }))
      .filter((c) => c.km <= maxKm)
      .sort((a, b) => a.km - b.km);
    for (const { s } of candidates) {
      const row = await this.repository.soundingAtOrBefore(s.code, time);
      if (row) return this.present(s, row);
    }
    return undefined;
  }

  /** Mixing height and inversions of every ascent of a station in [from, to] (default: the last 7 days). */
  async inversionStats(
    code: string,
    from: number | undefined,
    to: number | undefined,
    scope: AreaScope,
  ): Promise<InversionStat[]> {
    const station = await this.station(code, scope);
    const end = to ?? this.clock();
    const start = from ?? end - 7 * 86_400;
    if (start > end) throw new AppError(ErrorCode.VALIDATION, '开始时间不能晚于结束时间');
    if (end - start > MAX_STATS_DAYS * 86_400)
      throw new AppError(ErrorCode.VALIDATION, `统计时段最长 ${MAX_STATS_DAYS} 天`);
    const rows = await this.repository.soundingsBetween(station.code, start, end);
    return rows.map((row) => {
      const levels = decodeLevels(row.levels);
      const ix = soundingIndices(levels);
      const ground = levels[0]?.height ?? station.elevation ?? 0;
      const strongest = ix.inversions.reduce<(typeof ix.inversions)[number] | null>(
        (best, inv) => (best === null || inv.strength > best.strength ? inv : best),
        null,
      );
      return {
        time: formatChinaDateTime(Number(row.time)),
        mixingHeight: ix.mixingHeight,
        inversionCount: ix.inversions.length,
        strongest,
        groundInversion: ix.inversions.some((i) => i.baseHeight - ground < 100),
      };
    });
  }
}
