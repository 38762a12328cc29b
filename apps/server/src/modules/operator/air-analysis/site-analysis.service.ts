import type {
  AnalysisIndex,
  cityAndSiteDataQuery,
  cityAndSiteQuery,
  InterpolationGrid,
  interpolationQuery,
  pultDataQuery,
  siteHistoryQuery,
  siteTrendQuery,
} from '@lantian/contracts';
import { ErrorCode } from '@lantian/contracts';
import {
  cityRealtimeAqi,
  formatChinaDateTime,
  idwGrid,
  isReferenceStation,
  LEVELS,
  POLLUTANTS,
  projectKm,
  type Sample,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { type AirStore, type CityHour, presentAir, type StationHour } from '../../data/air';
import type { Station, StationsRepository } from '../../data/stations';
import { areaIn, cityName, hourRange, timeOf } from './scope';

type Q<T extends z.ZodType> = z.output<T>;

/** IDW as the image analysis draws its frames: d², the 8 nearest stations, none farther than 50 km. */
export const SITE_IDW = { power: 2, neighbours: 8, radius: 50 } as const;
/** Cells along the longer side of the grid: fine enough for a city, small enough to answer at once. */
const GRID_CELLS = 80;

function indexValue(row: StationHour, index: AnalysisIndex): number | null {
  return row[index];
}

function stationEntry(s: Station) {
  return {
    code: s.code,
    name: s.name,
    countyCode: s.county_code,
    lon: s.longitude,
    lat: s.latitude,
    isReference: isReferenceStation({ name: s.name, isReference: s.is_reference === 1 }),
  };
}

const stationNotFound = () => notFound('未找到该站点', ErrorCode.STATION_NOT_FOUND);

/**
 * The station side of the analysis (/analysis/airStations/*, /analysis/airSiteTrend/vochartslist,
 * /zhhb/center/getPultData): station hours paged in SQL within the operator's area, the stations of
 * an area by city, an hour of a city and its stations, multi-station trends, and the IDW grid of an
 * hour over an area's stations (the interpolation of packages/domain the image analysis uses).
 */
export class SiteAnalysisService {
  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly now: Clock,
  ) {}

  /** A station inside the operator's area; one outside answers 404, as a row outside does. */
  private async station(code: string, scope: AreaScope): Promise<Station> {
    const station = (await this.stations.inScopes([scope])).find((s) => s.code === code);
    if (station === undefined) throw stationNotFound();
    return station;
  }

  async history(query: Q<typeof siteHistoryQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    if (query.stationCode !== undefined) await this.station(query.stationCode, scope);
    const range = hourRange(query, this.now(), 24, 31);
    const page = pageOf(query, query.pageSize);
    const result = await this.air.stationHours.pageInScopes(
      [scope, area.scope],
      range.from,
      range.to,
      page,
      query.stationCode,
    );
    return pageAnswer(page, {
      list: result.list.map((r) => ({
        ...presentAir(r),
        time: formatChinaDateTime(r.time),
        stationCode: r.station_code,
        stationName: r.station_name,
        cityCode: r.city_code,
        countyCode: r.county_code,
        isDemo: r.source === 'demo',
      })),
      total: result.total,
    });
  }

  async cityAndSite(query: Q<typeof cityAndSiteQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const stations = await this.stations.inScopes([scope, area.scope]);
    const byCity = new Map<string, Station[]>();
    for (const s of stations) {
      const list = byCity.get(s.city_code);
      if (list === undefined) byCity.set(s.city_code, [s]);
      else list.push(s);
    }
    return [...byCity.entries()].map(([code, list]) => ({
      cityCode: code,
      cityName: cityName(code),
      stations: list.map(stationEntry),
    }));
  }

  /** The newest hour of the given stations, not after `notAfter`. */
  private async latestHour(codes: readonly string[]): Promise<number | undefined> {
    const rows = await this.air.stationHours.latestOf(codes);
    return rows.reduce<number | undefined>((max, r) => (max === undefined || r.time > max ? r.time : max), undefined);
  }

  private async hourOf(
    stations: readonly Station[],
    time: number | undefined,
  ): Promise<{ t?: number; rows: StationHour[] }> {
    const codes = stations.map((s) => s.code);
    const t = time ?? (await this.latestHour(codes));
    if (t === undefined) return { rows: [] };
    const wanted = new Set(codes);
    const cities = [...new Set(stations.map((s) => s.city_code))];
    const rows = (await this.air.stationHours.at(t, cities)).filter((r) => wanted.has(r.station_code));
    return { t, rows };
  }

  async cityAndSiteData(query: Q<typeof cityAndSiteDataQuery>, scope: AreaScope) {
    const area = areaIn(query.cityCode, scope);
    const stations = await this.stations.inScopes([scope, area.scope]);
    const { t, rows } = await this.hourOf(stations, timeOf(query.time));
    const byCode = new Map(rows.map((r) => [r.station_code, r]));
    let city: CityHour | undefined;
    if (t !== undefined)
      city = (await this.air.cityHours.atInScopes(t, [scope, area.scope])).find((c) => c.city_code === area.code);
    return {
      cityCode: area.code,
      cityName: area.name,
      time: t === undefined ? null : formatChinaDateTime(t),
      city: city === undefined ? null : { ...presentAir(city), isDemo: city.source === 'demo' },
      stations: stations
        .filter((s) => byCode.has(s.code))
        .map((s) => {
          const row = byCode.get(s.code) as StationHour;
          return { ...stationEntry(s), ...presentAir(row), isDemo: row.source === 'demo' };
        }),
    };
  }

  async trend(query: Q<typeof siteTrendQuery>, scope: AreaScope) {
    const codes = [...new Set(query.stationCodes.split(','))];
    const inside = new Map((await this.stations.inScopes([scope])).map((s) => [s.code, s]));
    for (const code of codes) if (!inside.has(code)) throw stationNotFound();
    const range = hourRange(query, this.now(), 72, 31);
    const rows = await this.air.stationHours.seriesOf(codes, range.from, range.to);
    const firstHour = Math.ceil(range.from / 3600) * 3600;
    const times: number[] = [];
    for (let t = firstHour; t <= range.to; t += 3600) times.push(t);
    const at = new Map(times.map((t, i) => [t, i]));
    const series = codes.map((code) => {
      const values: (number | null)[] = times.map(() => null);
      for (const r of rows) {
        const i = at.get(r.time);
        if (r.station_code === code && i !== undefined) values[i] = indexValue(r, query.index);
      }
      return { stationCode: code, stationName: inside.get(code)?.name ?? code, values };
    });
    const unit = query.index === 'aqi' ? '' : POLLUTANTS[query.index].unit;
    return { index: query.index, unit, times: times.map(formatChinaDateTime), series };
  }

  /**
   * The IDW field of one hour over the stations of an area, on a lon/lat grid around them (ESRI ASCII
   * Grid's square cells in degrees). The equirectangular projection of the domain is linear in lon and
   * lat, so the regular lon/lat grid is a regular grid in kilometres too.
   */
  async interpolation(query: Q<typeof interpolationQuery>, scope: AreaScope): Promise<InterpolationGrid> {
    const area = areaIn(query.areaCode, scope);
    const stations = (await this.stations.inScopes([scope, area.scope])).filter(
      (s) => s.longitude !== null && s.latitude !== null,
    );
    const { t, rows } = await this.hourOf(stations, timeOf(query.time));
    const place = new Map(stations.map((s) => [s.code, s]));
    const points = rows.flatMap((r) => {
      const s = place.get(r.station_code);
      const v = indexValue(r, query.index);
      return s === undefined || v === null ? [] : [{ lon: s.longitude ?? 0, lat: s.latitude ?? 0, value: v }];
    });
    if (t === undefined || points.length === 0) throw notFound('该地区该时次没有站点数据，无法插值');
    const lons = points.map((p) => p.lon);
    const lats = points.map((p) => p.lat);
    // A margin of a tenth of the spread (at least 0.05°, about 5 km) so edge stations are not on the border.
    const pad = Math.max(
      0.05,
      (Math.max(...lons) - Math.min(...lons)) * 0.1,
      (Math.max(...lats) - Math.min(...lats)) * 0.1,
    );
    const west = Math.min(...lons) - pad;
    const south = Math.min(...lats) - pad;
    const width = Math.max(...lons) + pad - west;
    const height = Math.max(...lats) + pad - south;
    const cellsize = Math.max(width, height) / GRID_CELLS;
    const ncols = Math.max(1, Math.ceil(width / cellsize));
    const nrows = Math.max(1, Math.ceil(height / cellsize));
    const lat0 = south + height / 2;
    const samples: Sample[] = points.map((p) => ({ ...projectKm(p.lon, p.lat, lat0), value: p.value }));
    const origin = projectKm(west + cellsize / 2, south + (nrows - 0.5) * cellsize, lat0);
    const step = projectKm(west + cellsize * 1.5, south + (nrows - 1.5) * cellsize, lat0);
    const field = idwGrid(
      samples,
      { x0: origin.x, y0: origin.y, dx: step.x - origin.x, dy: step.y - origin.y, cols: ncols, rows: nrows },
      SITE_IDW,
    );
    const values: (number | null)[][] = [];
    let min: number | null = null;
    let max: number | null = null;
    for (let row = 0; row < nrows; row++) {
      const line: (number | null)[] = [];
      for (let col = 0; col < ncols; col++) {
        const v = field[row * ncols + col] ?? Number.NaN;
        if (Number.isNaN(v)) {
          line.push(null);
          continue;
        }
        const rounded = Math.round(v * 10) / 10;
        min = min === null ? rounded : Math.min(min, rounded);
        max = max === null ? rounded : Math.max(max, rounded);
        line.push(rounded);
      }
      values.push(line);
    }
    return {
      areaCode: area.code,
      areaName: area.name,
      index: query.index,
      time: formatChinaDateTime(t),
      method: `IDW（反距离加权）：幂 ${SITE_IDW.power}，最近 ${SITE_IDW.neighbours} 站，搜索半径 ${SITE_IDW.radius} km`,
      stations: points.length,
      ncols,
      nrows,
      xllcorner: Math.round(west * 1e6) / 1e6,
      yllcorner: Math.round(south * 1e6) / 1e6,
      cellsize: Math.round(cellsize * 1e6) / 1e6,
      min,
      max,
      values,
    };
  }

  /**
   * An area's newest hour: its cities' values and the mean of its stations' concentrations with the
   * AQI computed from it (as a city value is: reference stations left out, HJ 633-2012).
   */
  async pultData(query: Q<typeof pultDataQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const stations = await this.stations.inScopes([scope, area.scope]);
    const { t, rows } = await this.hourOf(stations, undefined);
    const names = new Map(stations.map((s) => [s.code, s]));
    const cities = t === undefined ? [] : await this.air.cityHours.atInScopes(t, [scope, area.scope]);
    let mean = null;
    if (rows.length > 0) {
      const result = cityRealtimeAqi(
        rows.map((r) => {
          const s = names.get(r.station_code);
          return {
            name: s?.name ?? r.station_code,
            isReference: s?.is_reference === 1,
            values: { so2: r.so2, no2: r.no2, pm10: r.pm10, co: r.co, o3: r.o3, pm2_5: r.pm2_5, so2_24h: r.so2_24h },
          };
        }),
      );
      const info = LEVELS[result.level];
      const c = result.concentrations;
      mean = {
        aqi: result.aqi,
        pm2_5: c.pm2_5,
        pm10: c.pm10,
        so2: c.so2,
        no2: c.no2,
        o3: c.o3,
        // The real-time AQI has no 8-hour O3; a mean of the stations' moving means would be another statistic.
        o3_8h: null,
        co: c.co,
        level: info.level,
        levelName: info.name,
        color: info.color,
        primaryPollutant: [...result.primaryPollutants],
      };
    }
    return {
      areaCode: area.code,
      areaName: area.name,
      time: t === undefined ? null : formatChinaDateTime(t),
      stations: rows.length,
      mean,
      cities: cities
        .filter((c) => inScope(c.city_code, area.scope))
        .map((c) => ({
          ...presentAir(c),
          cityCode: c.city_code,
          cityName: cityName(c.city_code),
          isDemo: c.source === 'demo',
        })),
    };
  }
}
