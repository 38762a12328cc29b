import { windComponents } from '@lantian/domain';
import { type CitySeries, citySeries, DEFAULT_DEMO_SEED, demoCities } from '../demo';
import type { IgraLevel, IgraSounding } from './igra';
import { type NcFile, writeNetcdf } from './netcdf-writer';
import { CHINESE_SOUNDING_STATIONS, igraIdOf } from './stations';

/**
 * 【演示】 upper air from the demo weather model (modules/data/demo), for DEMO_DATA=on only: the
 * model gives every demo city's hourly surface wind, temperature, humidity and pressure; from them
 * - a 1° wind grid over China (10 m: the cities' winds spread by inverse-distance weighting of the
 *   nearest 12 of the larger ones; 850 hPa: the 10 m wind ×2.5, veered 20° — the Ekman turning with height — plus a 6 m/s
 *   westerly, the mid-latitude flow), written as a CF NetCDF classic file;
 * - soundings at the Chinese radiosonde stations at 00 and 12 UTC, written as an IGRA v2 file: the
 *   surface values of the station's city, a 6.5 K/km lapse rate, a ground inversion at 08:00 China
 *   time that calm air strengthens, and dew-point depressions widening with height.
 * Both files then go through the same importers as downloaded ones.
 */

export const GRID = { lo1: 73, la1: 54, dx: 1, dy: 1, nx: 63, ny: 37 } as const;
export const DEMO_LABEL = '【演示】由演示天气模型生成，非实测或业务预报';

const HOUR = 3600;
/** Cities each grid node's wind is weighted from. */
const NEIGHBOURS = 12;

interface CityHour {
  lon: number;
  lat: number;
  series: CitySeries;
}

function seriesOf(start: number, hours: number): CityHour[] {
  // The larger cities only (municipalities, capitals, major cities): each city's series costs a few
  // milliseconds, and the capitals cover the west where cities are few.
  return demoCities()
    .filter(({ profile }) => profile.tier !== 'ordinary')
    .map(({ area, profile }) => ({
      lon: area.longitude,
      lat: area.latitude,
      series: citySeries(profile, DEFAULT_DEMO_SEED, start, hours),
    }));
}

/** The demo forecast: `hours` hourly grids from `start` (epoch seconds, on the hour), both levels. */
export function demoWindFiles(start: number, hours: number, refTime = start): { level: string; file: Buffer }[] {
  const cities = seriesOf(start, hours);
  const n = GRID.nx * GRID.ny;
  const u10 = new Float32Array(hours * n);
  const v10 = new Float32Array(hours * n);
  const u850 = new Float32Array(hours * n);
  const v850 = new Float32Array(hours * n);
  const winds = cities.map((c) =>
    Array.from({ length: hours }, (_, h) => windComponents(c.series.windDirection[h] ?? 0, c.series.windSpeed[h] ?? 0)),
  );
  for (let row = 0; row < GRID.ny; row++) {
    const lat = GRID.la1 - row * GRID.dy;
    for (let col = 0; col < GRID.nx; col++) {
      const lon = GRID.lo1 + col * GRID.dx;
      // The nearest cities only: the same field for a fraction of the work (the demo runs in the
      // server's own thread, so it must stay short).
      const nearest = cities
        .map((c, k) => {
          const dx = (c.lon - lon) * Math.cos((lat * Math.PI) / 180);
          return { k, w: 1 / (dx * dx + (c.lat - lat) ** 2 + 0.25) ** 1.5 };
        })
        .sort((a, b) => b.w - a.w)
        .slice(0, NEIGHBOURS);
      const total = nearest.reduce((a, b) => a + b.w, 0);
      for (let h = 0; h < hours; h++) {
        let u = 0;
        let v = 0;
        for (const { k, w } of nearest) {
          const wind = winds[k]?.[h];
          if (wind) {
            u += w * wind.u;
            v += w * wind.v;
          }
        }
        u /= total;
        v /= total;
        const i = h * n + row * GRID.nx + col;
        u10[i] = u;
        v10[i] = v;
        const veer = (20 * Math.PI) / 180;
        u850[i] = 2.5 * (u * Math.cos(veer) + v * Math.sin(veer)) + 6;
        v850[i] = 2.5 * (-u * Math.sin(veer) + v * Math.cos(veer));
      }
    }
  }
  const file = (level: string, u: Float32Array, v: Float32Array) =>
    writeNetcdf(cfFile(start, hours, level, u, v, `Lantian demo wind ${level}`, refTime));
  return [
    { level: '10m', file: file('10m', u10, v10) },
    { level: '850hPa', file: file('850hPa', u850, v850) },
  ];
}

/** A CF-1.8 file with (time, lat, lon) u10/v10, latitudes north to south as many models write them. */
export function cfFile(
  start: number,
  hours: number,
  level: string,
  u: ArrayLike<number>,
  v: ArrayLike<number>,
  title: string,
  refTime = start,
): NcFile {
  const wind = (name: string, standard: string) => ({
    name,
    dimensions: [0, 1, 2],
    type: 'float' as const,
    attributes: {
      units: { type: 'char' as const, value: 'm s-1' },
      standard_name: { type: 'char' as const, value: standard },
      _FillValue: { type: 'float' as const, value: [-9999] },
    },
    data: Array.from(name === 'u10' ? u : v, (x) => (Number.isFinite(x) ? x : -9999)),
  });
  return {
    dimensions: [
      { name: 'time', size: hours },
      { name: 'lat', size: GRID.ny },
      { name: 'lon', size: GRID.nx },
    ],
    attributes: {
      Conventions: { type: 'char', value: 'CF-1.8' },
      title: { type: 'char', value: title },
      source: { type: 'char', value: `Lantian demo weather model / ${DEMO_LABEL}` },
      // ASCII, so that any reader sees it (netcdfjs reads char attributes byte by byte).
      lantian_demo: { type: 'char', value: 'yes' },
      level: { type: 'char', value: level },
      reference_time: { type: 'char', value: new Date(refTime * 1000).toISOString() },
    },
    variables: [
      {
        name: 'time',
        dimensions: [0],
        type: 'double',
        attributes: {
          units: { type: 'char', value: 'hours since 1970-01-01 00:00:00' },
          standard_name: { type: 'char', value: 'time' },
        },
        data: Array.from({ length: hours }, (_, h) => start / HOUR + h),
      },
      {
        name: 'lat',
        dimensions: [1],
        type: 'float',
        attributes: {
          units: { type: 'char', value: 'degrees_north' },
          standard_name: { type: 'char', value: 'latitude' },
        },
        data: Array.from({ length: GRID.ny }, (_, r) => GRID.la1 - r * GRID.dy),
      },
      {
        name: 'lon',
        dimensions: [2],
        type: 'float',
        attributes: {
          units: { type: 'char', value: 'degrees_east' },
          standard_name: { type: 'char', value: 'longitude' },
        },
        data: Array.from({ length: GRID.nx }, (_, c) => GRID.lo1 + c * GRID.dx),
      },
      wind('u10', 'eastward_wind'),
      wind('v10', 'northward_wind'),
    ],
  };
}

const STANDARD_LEVELS = [1000, 925, 850, 700, 500, 400, 300, 250, 200, 150, 100];

function dewpoint(tC: number, rh: number): number {
  const e = (Math.max(1, Math.min(100, rh)) / 100) * 6.112 * Math.exp((17.67 * tC) / (tC + 243.5));
  const x = Math.log(e / 6.112);
  return (243.5 * x) / (17.67 - x);
}

/** Demo ascents at 00 and 12 UTC between `from` and `to` (epoch seconds) at every Chinese station. */
export function demoSoundings(from: number, to: number): Omit<IgraSounding, 'skipped'>[] {
  const first = Math.ceil(from / (12 * HOUR)) * 12 * HOUR;
  const times: number[] = [];
  for (let t = first; t <= to; t += 12 * HOUR) times.push(t);
  if (times.length === 0) return [];
  const cities = demoCities();
  const out: Omit<IgraSounding, 'skipped'>[] = [];
  for (const station of CHINESE_SOUNDING_STATIONS) {
    const city =
      cities.find((c) => c.area.code === station.areaCode) ??
      cities.find((c) => c.area.code.slice(0, 4) === station.areaCode.slice(0, 4)) ??
      cities.find((c) => c.area.code.slice(0, 2) === station.areaCode.slice(0, 2));
    if (!city) continue;
    const start = times[0] as number;
    // Hours, from the first ascent to the last.
    const hours = ((times[times.length - 1] as number) - start) / HOUR + 1;
    const series = citySeries(city.profile, DEFAULT_DEMO_SEED, start, hours);
    for (const time of times) {
      const h = Math.round((time - start) / HOUR);
      out.push(ascent(station, time, series, h));
    }
  }
  return out;
}

function ascent(
  station: (typeof CHINESE_SOUNDING_STATIONS)[number],
  time: number,
  series: CitySeries,
  h: number,
): Omit<IgraSounding, 'skipped'> {
  const t0 = series.temperature[h] ?? 15;
  const rh0 = series.humidity[h] ?? 60;
  const wind0 = series.windSpeed[h] ?? 2;
  const dir0 = series.windDirection[h] ?? 0;
  // Station pressure from the standard atmosphere at the station's height: the model's own
  // pressure field is sea-level-like and would put plateau stations below 1000 hPa.
  const p0 = Math.round(1013.25 * (1 - 2.25577e-5 * station.elevation) ** 5.25588 * 10) / 10;
  // 00 UTC is 08:00 in China: a night's ground inversion, stronger in calm air.
  const inversion = new Date(time * 1000).getUTCHours() === 0 ? Math.max(0, 5 - wind0) : 0;
  const levels: IgraLevel[] = [
    {
      pressure: p0,
      height: station.elevation,
      temperature: round1(t0),
      dewpoint: round1(dewpoint(t0, rh0)),
      windDirection: Math.round(dir0),
      windSpeed: round1(wind0),
    },
  ];
  let below = levels[0] as IgraLevel;
  // A level 30 hPa (about 270 m) above the ground carries the inversion's top.
  const pressures = [p0 - 30, ...STANDARD_LEVELS.filter((x) => x < p0 - 40)];
  for (const p of pressures) {
    const tBelow = below.temperature as number;
    // First guess of the layer's height from the lower temperature, then the lapse over it.
    const dz = ((287.04 * (tBelow + 273.15)) / 9.80665) * Math.log(below.pressure / p);
    const z = (below.height as number) + dz;
    const above = z - station.elevation;
    const t = Math.max(-75, p === p0 - 30 && inversion > 0 ? tBelow + inversion : tBelow - 0.0065 * dz);
    const depression = Math.min(30, (100 - rh0) / 5 + above / 400);
    const speed = wind0 + above / 500;
    levels.push({
      pressure: p,
      height: Math.round(z),
      temperature: round1(t),
      dewpoint: round1(t - depression),
      windDirection: Math.round((dir0 + Math.min(60, above / 150) + 360) % 360),
      windSpeed: round1(Math.min(60, speed)),
    });
    below = levels[levels.length - 1] as IgraLevel;
  }
  return {
    igraId: igraIdOf(station.code),
    time,
    releaseTime: time - 45 * 60,
    latitude: station.latitude,
    longitude: station.longitude,
    levels,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
