import { FLUX_TYPES, type LidarDataType } from '@lantian/contracts';
import { columnFlux, formatChinaDateTime, sectionFlux, toLocal } from '@lantian/domain';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField, notFound } from '../../../platform/errors';
import { unpackDepol, unpackExtinction } from './codec';
import type { RegistryService, TelemetryReads } from './lidar.ports';
import { type LidarService, rangeOf } from './lidar.service';
import { valuesOf } from './products';
import type { ProfileRecord } from './scans.repository';

/** The telescope's blind zone (incomplete overlap) below which a profile's lowest valid bin is repeated, m. */
const BLIND_METRES = 30;
/** Wind speed at height z from the 10 m wind of the site's weather sensor (neutral power law). */
const windProfile = (speed10: number) => (z: number) => speed10 * (Math.max(z, 2) / 10) ** 0.25;
const MAX_SPAN = 31 * 86_400;

function heightsOf(p: ProfileRecord): number[] {
  return Array.from({ length: p.bins }, (_, j) => p.first_height + j * p.bin_m);
}

function concentration(p: ProfileRecord, factor: 'PM25' | 'PM10'): Float32Array {
  return valuesOf(factor, unpackExtinction(p.extinction), unpackDepol(p.depol));
}

/**
 * Transport flux (/lidar/flux…): a site's column flux (the mass passing through a one-metre-wide
 * column up to `top`, mg/(m·s)), and a section's flux between two sites (the mass crossing the
 * vertical plane between them, g/s, positive along the wind); both from the vertical profiles and
 * the wind measured with them (domain flux.ts). Also vfData, the multi-site series and the VOC
 * comparison of a lidar site.
 */
export class FluxService {
  constructor(
    private readonly lidar: LidarService,
    private readonly registry: RegistryService,
    private readonly reads: TelemetryReads,
  ) {}

  types() {
    return FLUX_TYPES.map((t) => ({ ...t }));
  }

  factors() {
    return [
      { factorId: 'PM25', name: 'PM2.5', unit: 'μg/m³' },
      { factorId: 'PM10', name: 'PM10', unit: 'μg/m³' },
    ];
  }

  async sites(scope: AreaScope) {
    return this.lidar.present(await this.lidar.devicesOf(scope, ['L01']));
  }

  async windDevices(scope: AreaScope) {
    const weather = await this.registry.all({ type: 'W01' }, scope);
    const lidars = await this.lidar.devicesOf(scope, ['L01']);
    return [
      ...weather.map((d) => ({
        deviceId: String(d.id),
        name: d.name,
        type: d.type,
        lon: d.lon,
        lat: d.lat,
        source: 'weather',
      })),
      ...lidars.map((d) => ({
        deviceId: String(d.id),
        name: `${d.name}（同址风速风向）`,
        type: d.type,
        lon: d.lon,
        lat: d.lat,
        source: 'lidar',
      })),
    ];
  }

  async combines(scope: AreaScope) {
    const sites = await this.lidar.devicesOf(scope, ['L01']);
    const out = [];
    for (let i = 0; i < sites.length; i++) {
      for (let j = i + 1; j < sites.length; j++) {
        const a = sites[i];
        const b = sites[j];
        if (a === undefined || b === undefined) continue;
        const d = toLocal({ lon: a.lon, lat: a.lat }, { lon: b.lon, lat: b.lat });
        const length = Math.hypot(d.x, d.y);
        if (length > 30_000) continue;
        out.push({
          combineId: `${a.id}-${b.id}`,
          name: `${a.name} — ${b.name}`,
          deviceIds: [String(a.id), String(b.id)],
          lengthMeters: Math.round(length),
        });
      }
    }
    return out;
  }

  async column(
    deviceId: number,
    scope: AreaScope,
    query: { factorId: 'PM25' | 'PM10'; startTime: string; endTime: string; top: number },
  ) {
    const { from, to } = rangeOf(query.startTime, query.endTime, MAX_SPAN, '31 天');
    const { device, rows } = await this.lidar.profilesBetween(deviceId, scope, from, to);
    let total = 0;
    const list = rows.map((p, i) => {
      const speed = p.wind_speed;
      const flux =
        speed === null
          ? null
          : columnFlux(
              Array.from(concentration(p, query.factorId)),
              heightsOf(p),
              windProfile(speed),
              BLIND_METRES,
              query.top,
            ) / 1000;
      const next = rows[i + 1];
      if (flux !== null && next !== undefined) total += flux * (next.t - p.t);
      return {
        time: formatChinaDateTime(p.t),
        flux: flux === null ? null : Math.round(flux * 100) / 100,
        windSpeed: speed,
        windFrom: p.wind_from,
        boundaryLayerHeight: p.blh === null ? null : Math.round(p.blh),
      };
    });
    return {
      fluxType: 'column',
      factorId: query.factorId,
      unit: 'mg/(m·s)',
      name: device.name,
      list,
      total: rows.length === 0 ? null : Math.round(total) / 1000,
      totalUnit: 'g/m',
    };
  }

  async section(
    combineId: string,
    scope: AreaScope,
    query: { factorId: 'PM25' | 'PM10'; startTime: string; endTime: string; top: number },
  ) {
    const [aId, bId] = combineId.split('-').map(Number);
    if (aId === undefined || bId === undefined || aId === bId)
      throw invalidField('combineId', '应为两个不同的设备编号');
    const { from, to } = rangeOf(query.startTime, query.endTime, MAX_SPAN, '31 天');
    const a = await this.lidar.profilesBetween(aId, scope, from, to);
    const b = await this.lidar.profilesBetween(bId, scope, from, to);
    const origin = { lon: a.device.lon, lat: a.device.lat };
    const pb = toLocal(origin, { lon: b.device.lon, lat: b.device.lat });
    let total = 0;
    const list = a.rows.map((pa, i) => {
      const match = b.rows.find((r) => Math.abs(r.t - pa.t) <= 600);
      let flux: number | null = null;
      if (match !== undefined && pa.wind_speed !== null && pa.wind_from !== null) {
        const heights = heightsOf(pa).filter((z) => z <= query.top);
        const cut = (p: ProfileRecord) => Array.from(concentration(p, query.factorId)).slice(0, heights.length);
        // The section between the two sites, sampled at its ends and midpoint (the midpoint's profile is the mean).
        const ca = cut(pa);
        const cb = cut(match);
        const mid = ca.map((v, j) => (v + (cb[j] ?? v)) / 2);
        const result = sectionFlux({
          points: [
            { x: 0, y: 0, profile: ca },
            { x: pb.x / 2, y: pb.y / 2, profile: mid },
            { x: pb.x, y: pb.y, profile: cb },
          ],
          heights,
          blindHeight: BLIND_METRES,
          windFrom: pa.wind_from,
          windAt: windProfile(pa.wind_speed),
          excessOnly: false,
        });
        flux = result.gramsPerSecond;
      }
      const next = a.rows[i + 1];
      if (flux !== null && next !== undefined) total += flux * (next.t - pa.t);
      return {
        time: formatChinaDateTime(pa.t),
        flux: flux === null ? null : Math.round(flux * 100) / 100,
        windSpeed: pa.wind_speed,
        windFrom: pa.wind_from,
        boundaryLayerHeight: pa.blh === null ? null : Math.round(pa.blh),
      };
    });
    return {
      fluxType: 'section',
      factorId: query.factorId,
      unit: 'g/s',
      name: `${a.device.name} — ${b.device.name}`,
      list,
      total: a.rows.length === 0 ? null : Math.round(total) / 1000,
      totalUnit: 'kg',
    };
  }

  async factorData(
    query: {
      deviceId?: string | undefined;
      combineId?: string | undefined;
      factorId: 'PM25' | 'PM10';
      startTime: string;
      endTime: string;
      top: number;
    },
    scope: AreaScope,
  ) {
    if (query.combineId !== undefined) return this.section(query.combineId, scope, query);
    if (query.deviceId !== undefined) return this.column(Number(query.deviceId), scope, query);
    throw invalidField('deviceId', '请给出 deviceId（站点通量）或 combineId（断面通量）');
  }

  async siteData(
    query: { factorId: 'PM25' | 'PM10'; startTime: string; endTime: string; top: number },
    scope: AreaScope,
  ) {
    const sites = await this.lidar.devicesOf(scope, ['L01']);
    return Promise.all(
      sites.map(async (s) => ({ deviceId: String(s.id), ...(await this.column(s.id, scope, query)) })),
    );
  }

  async vfData(
    query: { deviceId: string; startTime: string; endTime: string; heights: string; dataType: LidarDataType },
    scope: AreaScope,
  ) {
    const { from, to } = rangeOf(query.startTime, query.endTime, MAX_SPAN, '31 天');
    const { rows } = await this.lidar.profilesBetween(Number(query.deviceId), scope, from, to);
    const wanted = query.heights.split(',').map(Number);
    return {
      unit: valuesUnit(query.dataType),
      series: wanted.map((height) => ({
        height,
        points: rows.map((p): [string, number | null] => {
          const j = Math.round((height - p.first_height) / p.bin_m);
          const values = valuesOf(query.dataType, unpackExtinction(p.extinction), unpackDepol(p.depol));
          const v = j >= 0 && j < p.bins ? values[j] : undefined;
          return [
            formatChinaDateTime(p.t),
            v === undefined || !Number.isFinite(v) ? null : Math.round(v * 1000) / 1000,
          ];
        }),
      })),
    };
  }

  async multiSite(query: { deviceIds: string; factors: string; startTime: string; endTime: string }, scope: AreaScope) {
    const { from, to } = rangeOf(query.startTime, query.endTime, MAX_SPAN, '31 天');
    const out = [];
    for (const id of [...new Set(query.deviceIds.split(',').map(Number))]) {
      const { device, rows } = await this.lidar.profilesBetween(id, scope, from, to);
      for (const factor of query.factors.split(',')) {
        out.push({
          deviceId: String(id),
          name: device.name,
          factor,
          unit: factor === 'BLH' ? 'm' : factor === 'Extinction' ? '1/km' : 'μg/m³',
          points: rows.map((p): [string, number | null] => {
            if (factor === 'BLH') return [formatChinaDateTime(p.t), p.blh === null ? null : Math.round(p.blh)];
            const values = valuesOf(factor as LidarDataType, unpackExtinction(p.extinction), unpackDepol(p.depol));
            const lowest = Math.max(0, Math.ceil((BLIND_METRES - p.first_height) / p.bin_m));
            const v = values[lowest] ?? Number.NaN;
            return [formatChinaDateTime(p.t), Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null];
          }),
        });
      }
    }
    return out;
  }

  /** The lidar's near-ground PM2.5 beside the VOC monitors within `radius` (hourly), with their correlation. */
  async vocAnalysis(query: { deviceId: string; startTime: string; endTime: string; radius: number }, scope: AreaScope) {
    const { from, to } = rangeOf(query.startTime, query.endTime, MAX_SPAN, '31 天');
    const { device, rows } = await this.lidar.profilesBetween(Number(query.deviceId), scope, from, to);
    const vocs = (await this.registry.all({ type: 'V01' }, scope))
      .map((v) => ({
        v,
        d: Math.hypot(...Object.values(toLocal({ lon: device.lon, lat: device.lat }, { lon: v.lon, lat: v.lat }))),
      }))
      .filter((x) => x.d <= query.radius);
    const hourOf = (t: number) => Math.ceil(t / 3600) * 3600;
    const lidarHours = new Map<number, number[]>();
    for (const p of rows) {
      const values = valuesOf('PM25', unpackExtinction(p.extinction), unpackDepol(p.depol));
      const lowest = Math.max(0, Math.ceil((BLIND_METRES - p.first_height) / p.bin_m));
      const v = values[lowest] ?? Number.NaN;
      if (Number.isFinite(v)) lidarHours.set(hourOf(p.t), [...(lidarHours.get(hourOf(p.t)) ?? []), v]);
    }
    const vocHours = new Map<number, number[]>();
    for (const { v } of vocs) {
      const series = await this.reads.hourly(v.id, ['TVOC', 'a24088'], from, to, scope);
      for (const [t, value] of series) vocHours.set(t, [...(vocHours.get(t) ?? []), value]);
    }
    const mean = (xs: number[] | undefined) =>
      xs === undefined || xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
    const hours = [...new Set([...lidarHours.keys(), ...vocHours.keys()])].sort((a, b) => a - b);
    const lidar = hours.map((h): [string, number | null] => [formatChinaDateTime(h), round(mean(lidarHours.get(h)))]);
    const voc = hours.map((h): [string, number | null] => [formatChinaDateTime(h), round(mean(vocHours.get(h)))]);
    return {
      deviceId: String(device.id),
      vocDevices: vocs.map(({ v, d }) => ({ deviceId: String(v.id), name: v.name, distance: Math.round(d) })),
      lidar,
      voc,
      correlation: pearson(
        lidar.map((x) => x[1]),
        voc.map((x) => x[1]),
      ),
    };
  }

  async siteOrThrow(deviceId: number, scope: AreaScope) {
    const device = await this.lidar.device(deviceId, scope, ['L01']);
    if (device === undefined) throw notFound('未找到该站点');
    return device;
  }
}

function round(v: number | null): number | null {
  return v === null ? null : Math.round(v * 100) / 100;
}

function valuesUnit(dataType: LidarDataType): string {
  return { Extinction: '1/km', Depolarization: '', PM25: 'μg/m³', PM10: 'μg/m³', Visibility: 'm' }[dataType];
}

/** Pearson's r over the pairs where both are present; null with fewer than 3 pairs or no spread. */
export function pearson(a: Array<number | null>, b: Array<number | null>): number | null {
  const pairs: Array<[number, number]> = [];
  a.forEach((x, i) => {
    const y = b[i];
    if (x !== null && y !== null && y !== undefined) pairs.push([x, y]);
  });
  if (pairs.length < 3) return null;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / pairs.length;
  const my = pairs.reduce((s, p) => s + p[1], 0) / pairs.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1000) / 1000;
}
