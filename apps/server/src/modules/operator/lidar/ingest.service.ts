import {
  detectCandidates,
  fogGrade,
  type HotSpotCandidate,
  molecularBeta,
  OPTICS,
  persistentHotSpots,
  toLocal,
  toLonLat,
  visibilityOf,
  warningLevel,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { DeviceView, IngestPacket } from '../devices';
import { packDepol, packExtinction, unpackExtinction } from './codec';
import type { HotspotsRepository } from './hotspots.repository';
import type { LidarFileScan } from './lidar-csv';
import type { AutoPoint, RecordsRepository } from './records.repository';
import type { ScanRecord, ScansRepository } from './scans.repository';
import type { RoadRecord, VisibilityRepository } from './visibility.repository';

/** A scan as a simulator or a file reader hands it over. */
export interface ScanInput extends Omit<LidarFileScan, 'device' | 'extinction' | 'depol'> {
  /** 1/km, azimuth-major. */
  extinction: ArrayLike<number>;
  depol: ArrayLike<number>;
  source: 'demo' | 'import';
}

export interface ProfileInput {
  t: number;
  bins: number;
  binMeters: number;
  firstHeight: number;
  extinction: ArrayLike<number>;
  depol: ArrayLike<number>;
  blh: number | null;
  windSpeed: number | null;
  windFrom: number | null;
  source: 'demo' | 'import';
}

export interface RecordInput {
  uniqueid: string;
  bins: number;
  binMeters: number;
  firstHeight: number;
  points: Array<
    Omit<AutoPoint, 'record_id' | 'extinction' | 'depol'> & { extinction: ArrayLike<number>; depol: ArrayLike<number> }
  >;
  lengthMeters: number;
  fluxGramsPerSecond: number | null;
  source: 'demo' | 'import';
}

/** Scans a hot spot must appear in, of the last `HOTSPOT_WINDOW`. */
const HOTSPOT_WINDOW = 3;
const HOTSPOT_MIN_SCANS = 2;
/** A detection within this distance of a known hot spot (seen in the last 6 h) is that hot spot again. */
const SAME_PLACE_METRES = 250;
const SAME_PLACE_SECONDS = 6 * 3600;

/** Visibility (m) of an extinction cell (1/km), molecular extinction added. */
export function cellVisibility(extinctionPerKm: number): number {
  return Math.min(50_000, visibilityOf(extinctionPerKm / 1000 + molecularBeta(0) * OPTICS.molecularRatio));
}

/** The cell of a scan under a point `x`, `y` metres from the lidar, or null outside the scan. */
export function cellAt(
  scan: Pick<ScanRecord, 'azimuth_start' | 'azimuth_step' | 'azimuth_count' | 'bins' | 'bin_m' | 'first_range'>,
  x: number,
  y: number,
): number | null {
  const range = Math.hypot(x, y);
  const bin = Math.floor((range - scan.first_range) / scan.bin_m + 0.5);
  if (bin < 0 || bin >= scan.bins) return null;
  let az = (Math.atan2(x, y) * 180) / Math.PI;
  if (az < 0) az += 360;
  const k = Math.floor(((az - scan.azimuth_start + 360) % 360) / scan.azimuth_step + 0.5) % scan.azimuth_count;
  return k * scan.bins + bin;
}

/**
 * Writes lidar products (from the simulator or an imported file) and reacts to them: a new HS scan of
 * a fixed lidar is searched for hot spots (persistent over the last scans, matched to the hot spots
 * already known at the place); a new scan of a visibility lidar gives each watched road its
 * visibility, opens, raises or ends fog warnings with the police units to notify, and is handed to
 * the device core as the device's `visibility` value — where the alarm rules and lifecycle take it.
 */
export class LidarIngest {
  constructor(
    private readonly scans: ScansRepository,
    private readonly hotspots: HotspotsRepository,
    private readonly records: RecordsRepository,
    private readonly visibility: VisibilityRepository,
    private readonly telemetry: { ingest(packets: readonly IngestPacket[]): Promise<unknown> },
    private readonly now: Clock,
  ) {}

  async saveScan(device: DeviceView, input: ScanInput): Promise<{ scanId: number; hotSpots: number }> {
    let sum = 0;
    let max = 0;
    let count = 0;
    for (let i = 0; i < input.extinction.length; i++) {
      const v = input.extinction[i] ?? 0;
      if (!Number.isFinite(v)) continue;
      sum += v;
      count++;
      if (v > max) max = v;
    }
    const scanId = await this.scans.saveScan({
      device_id: device.id,
      area_code: device.area_code,
      kind: input.kind,
      t: input.t,
      elevation: input.elevation,
      azimuth_start: input.azimuthStart,
      azimuth_step: input.azimuthStep,
      azimuth_count: input.azimuthCount,
      bins: input.bins,
      bin_m: input.binMeters,
      first_range: input.firstRange,
      extinction: packExtinction(input.extinction),
      depol: packDepol(input.depol),
      mean_ext: sum / Math.max(1, count),
      max_ext: max,
      source: input.source,
      created_at: this.now(),
    });
    let hotSpots = 0;
    if (input.kind === 'HS' && device.type === 'L01') hotSpots = await this.detect(device, input.t, input.source);
    if (input.kind === 'HS' && device.type === 'Y01') await this.roadVisibility(device, input.t);
    return { scanId, hotSpots };
  }

  /** Finds the hot spots persistent over the device's last scans up to `t`; the number new or seen again. */
  async detect(device: DeviceView, t: number, source: string): Promise<number> {
    const recent = await this.scans.lastScans(device.id, 'HS', t, HOTSPOT_WINDOW);
    if (recent.length < HOTSPOT_MIN_SCANS) return 0;
    const wind = await this.scans.latestProfile(device.id, { areaCode: device.area_code }, t);
    const windFrom = wind?.wind_from ?? undefined;
    const perScan: HotSpotCandidate[][] = recent
      .slice()
      .reverse()
      .map((scan) =>
        detectCandidates(
          {
            azimuths: Array.from({ length: scan.azimuth_count }, (_, k) => scan.azimuth_start + k * scan.azimuth_step),
            bins: scan.bins,
            binMeters: scan.bin_m,
            firstRange: scan.first_range,
            values: unpackExtinction(scan.extinction),
          },
          windFrom === undefined ? {} : { windFrom },
        ),
      );
    const found = persistentHotSpots(perScan, { minScans: HOTSPOT_MIN_SCANS });
    const known = await this.hotspots.recentOfDevice(device.id, t - SAME_PLACE_SECONDS);
    const origin = { lon: device.lon, lat: device.lat };
    let count = 0;
    for (const spot of found) {
      const place = toLonLat(origin, spot.x, spot.y);
      const same = known.find((k) => {
        const p = toLocal(origin, { lon: k.lon, lat: k.lat });
        return Math.hypot(p.x - spot.x, p.y - spot.y) <= SAME_PLACE_METRES;
      });
      count++;
      if (same !== undefined) {
        if (same.last_t < t) {
          await this.hotspots.update(same.id, {
            last_t: t,
            scans: same.scans + 1,
            peak_excess: Math.max(same.peak_excess, spot.peakExcess),
          });
        }
        continue;
      }
      const range = Math.hypot(spot.x, spot.y);
      let azimuth = (Math.atan2(spot.x, spot.y) * 180) / Math.PI;
      if (azimuth < 0) azimuth += 360;
      await this.hotspots.insert({
        origin: 'scan',
        device_id: device.id,
        area_code: device.area_code,
        record_id: null,
        lon: place.lon,
        lat: place.lat,
        distance: Math.round(range),
        azimuth: Math.round(azimuth * 10) / 10,
        first_t: t,
        last_t: t,
        scans: spot.scans,
        peak_excess: spot.peakExcess,
        auto_factor: 'Extinction',
        value: Math.round(spot.peakExcess * 1000) / 1000,
        status: 'pending',
        plot_type: null,
        plot_shortname: null,
        plot_placename: null,
        description: '',
        reviewed_by: null,
        reviewed_at: null,
        source,
        created_at: this.now(),
      });
    }
    return count;
  }

  /** Visibility along a road: one value per segment, at its midpoint, from the scan. */
  roadSegments(device: DeviceView, scan: ScanRecord, road: RoadRecord, extinction: Float32Array) {
    const line = JSON.parse(road.line_json) as Array<[number, number]>;
    const origin = { lon: device.lon, lat: device.lat };
    const segments = [];
    for (let i = 0; i + 1 < line.length; i++) {
      const a = line[i] as [number, number];
      const b = line[i + 1] as [number, number];
      const mid = toLocal(origin, { lon: (a[0] + b[0]) / 2, lat: (a[1] + b[1]) / 2 });
      const cell = cellAt(scan, mid.x, mid.y);
      const seen = cell === null ? Number.NaN : cellVisibility(extinction[cell] ?? 0);
      const visibility = Number.isFinite(seen) ? Math.round(seen) : null;
      segments.push({
        from: a,
        to: b,
        visibility,
        grade: visibility === null ? '无数据' : fogGrade(visibility).name,
        level: visibility === null ? null : (warningLevel(visibility)?.level ?? null),
      });
    }
    return segments;
  }

  /** Road visibility after a visibility lidar's scan: warnings opened, raised, ended; the device core told. */
  async roadVisibility(device: DeviceView, t: number): Promise<void> {
    const [scan] = await this.scans.lastScans(device.id, 'HS', t, 1);
    if (scan === undefined) return;
    const extinction = unpackExtinction(scan.extinction);
    const roads = await this.visibility.roadsOf(device.id);
    const police = await this.visibility.police({ areaCode: device.area_code });
    let lowest: number | null = null;
    for (const road of roads) {
      const values = this.roadSegments(device, scan, road, extinction)
        .map((s) => s.visibility)
        .filter((v): v is number => v !== null);
      if (values.length === 0) continue;
      const min = Math.min(...values);
      lowest = lowest === null ? min : Math.min(lowest, min);
      const level = warningLevel(min);
      const open = await this.visibility.openWarning(road.id);
      if (level === null) {
        if (open !== undefined) await this.visibility.updateWarning(open.id, { end_t: t, last_t: t });
        continue;
      }
      const units = police.filter((p) => (JSON.parse(p.roads_json) as number[]).includes(road.id)).map((p) => p.name);
      if (open === undefined) {
        await this.visibility.insertWarning({
          device_id: device.id,
          road_id: road.id,
          area_code: road.area_code,
          level: level.level,
          visibility: min,
          start_t: t,
          last_t: t,
          end_t: null,
          police_json: JSON.stringify(units),
        });
      } else {
        await this.visibility.updateWarning(open.id, {
          level: Math.min(open.level, level.level),
          visibility: Math.min(open.visibility, min),
          last_t: t,
          police_json: JSON.stringify(units),
        });
      }
    }
    if (lowest !== null) {
      await this.telemetry.ingest([
        {
          deviceId: device.id,
          cn: '2051',
          dataTime: t,
          receivedAt: this.now(),
          values: [{ factor: 'visibility', value: lowest, flag: 'N' }],
        },
      ]);
    }
  }

  async saveProfile(device: DeviceView, input: ProfileInput): Promise<void> {
    await this.scans.saveProfile({
      device_id: device.id,
      area_code: device.area_code,
      t: input.t,
      bins: input.bins,
      bin_m: input.binMeters,
      first_height: input.firstHeight,
      extinction: packExtinction(input.extinction),
      depol: packDepol(input.depol),
      blh: input.blh,
      wind_speed: input.windSpeed,
      wind_from: input.windFrom,
      source: input.source,
    });
  }

  async saveRecord(device: DeviceView, input: RecordInput): Promise<number> {
    const pm = input.points.map((p) => p.pm25).filter((v): v is number => v !== null);
    const first = input.points[0];
    const last = input.points[input.points.length - 1];
    if (first === undefined || last === undefined) throw new Error('a record without points');
    return this.records.save(
      {
        device_id: device.id,
        area_code: device.area_code,
        uniqueid: input.uniqueid,
        start_t: first.t,
        end_t: last.t,
        is_collect: 0,
        points: input.points.length,
        length_m: input.lengthMeters,
        mean_pm25: pm.length === 0 ? null : pm.reduce((a, b) => a + b, 0) / pm.length,
        max_pm25: pm.length === 0 ? null : Math.max(...pm),
        flux_gs: input.fluxGramsPerSecond,
        bins: input.bins,
        bin_m: input.binMeters,
        first_height: input.firstHeight,
        source: input.source,
      },
      input.points.map((p) => ({
        seq: p.seq,
        t: p.t,
        lon: p.lon,
        lat: p.lat,
        extinction: packExtinction(p.extinction),
        depol: packDepol(p.depol),
        blh: p.blh,
        pm25: p.pm25,
        pm10: p.pm10,
      })),
    );
  }

  /** Visibility along each ray of a scan: the median over the first 3 km (m). */
  static rays(scan: ScanRecord): Array<{ azimuth: number; visibility: number | null }> {
    const extinction = unpackExtinction(scan.extinction);
    const out = [];
    const reach = Math.min(scan.bins, Math.ceil((3000 - scan.first_range) / scan.bin_m));
    for (let k = 0; k < scan.azimuth_count; k++) {
      const values: number[] = [];
      for (let i = Math.ceil(100 / scan.bin_m); i < reach; i++) {
        const v = cellVisibility(extinction[k * scan.bins + i] ?? 0);
        if (Number.isFinite(v)) values.push(v);
      }
      values.sort((a, b) => a - b);
      out.push({
        azimuth: scan.azimuth_start + k * scan.azimuth_step,
        visibility: values.length === 0 ? null : Math.round(values[values.length >> 1] ?? 0),
      });
    }
    return out;
  }
}
