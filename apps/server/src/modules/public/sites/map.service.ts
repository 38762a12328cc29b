import { areaByCode } from '@lantian/areas';
import { compactMapSiteData, type MapDataType, type MapSiteColumns, type MapSiteData } from '@lantian/contracts';
import { chinaDay, chinaDayStart, formatChinaDateTime, isStale, startOfChinaHour } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AirStore } from '../../data/air';
import type { Station, StationsRepository } from '../../data/stations';
import { dailyValues, type MapPoint, toFeature } from './map';
import { StationDays } from './station-days';

export interface MapQuery {
  timeType?: 'hour' | 'day' | undefined;
  time?: number | undefined;
  dataType?: MapDataType | undefined;
  mapType?: 'site' | 'city' | undefined;
  formatType?: '1' | '2' | undefined;
}

/**
 * The national map (getMapSiteData) as GeoJSON. Every variant reads one hour or one day across the
 * country through a (time|day, code) index, plus the station register for coordinates: no per-point queries.
 *
 * Day × site has no stored table: a station's day is computed from its hours of that day with the
 * rules of city days (24-hour means with at least 20 hours, O3 daily max 8 h, daily AQI); see
 * station-days.ts, which also keeps the days that are over for a few minutes.
 */
export class MapService {
  private readonly stationDays: StationDays;

  constructor(
    private readonly stations: StationsRepository,
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {
    this.stationDays = new StationDays(air, now);
  }

  /** The map in the form asked for: GeoJSON, or its columns (formatType=2, the same map in a quarter of the bytes). */
  async map(query: MapQuery): Promise<MapSiteData | MapSiteColumns> {
    const geojson = await this.geojson(query);
    return query.formatType === '2' ? compactMapSiteData(geojson) : geojson;
  }

  private async geojson(query: MapQuery): Promise<MapSiteData> {
    const timeType = query.timeType ?? 'hour';
    const mapType = query.mapType ?? 'site';
    const dataType: MapDataType = query.dataType ?? 'aqi';
    const time = await this.resolveTime(timeType, mapType, query.time);
    const base = { type: 'FeatureCollection' as const, timeType, dataType, mapType };
    if (time === undefined) return { ...base, time: null, stale: false, features: [] };

    const stale = timeType === 'hour' && isStale(time, this.now());
    const points = await this.points(timeType, mapType, time);
    const period = timeType === 'hour' ? 'HOUR' : 'DAY';
    const features = points.flatMap((p) => toFeature(p, dataType, period, { time, stale }) ?? []);
    return { ...base, time: formatChinaDateTime(time), stale, features };
  }

  private async resolveTime(
    timeType: 'hour' | 'day',
    mapType: 'site' | 'city',
    time: number | undefined,
  ): Promise<number | undefined> {
    if (time !== undefined) return timeType === 'hour' ? startOfChinaHour(time) : chinaDayStart(chinaDay(time));
    if (timeType === 'day') return this.air.cityDays.latest(chinaDayStart(chinaDay(this.now()) - 1));
    return mapType === 'site' ? this.air.stationHours.latestTime() : this.air.cityHours.latestTime();
  }

  private async points(timeType: 'hour' | 'day', mapType: 'site' | 'city', time: number): Promise<MapPoint[]> {
    if (mapType === 'city') {
      if (timeType === 'hour') return (await this.air.cityHours.at(time)).flatMap((h) => cityPoint(h.city_code, h));
      return (await this.air.cityDays.at(time)).flatMap((d) => cityPoint(d.city_code, dailyValues(d)));
    }
    const stations = new Map((await this.stations.all()).map((s) => [s.code, s]));
    if (timeType === 'hour') {
      const rows = await this.air.stationHours.at(time);
      return rows.flatMap((h) => stationPoint(stations.get(h.station_code), h));
    }
    const days = [...(await this.stationDays.of(time))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return days.flatMap(([code, values]) => stationPoint(stations.get(code), values));
  }
}

function cityPoint(code: string, values: MapPoint['values']): MapPoint[] {
  const area = areaByCode(code);
  if (area === undefined) return [];
  return [
    {
      code,
      name: area.name,
      cityCode: code,
      cityName: area.name,
      isReference: false,
      longitude: area.longitude,
      latitude: area.latitude,
      values,
    },
  ];
}

function stationPoint(station: Station | undefined, values: MapPoint['values']): MapPoint[] {
  if (station === undefined) return [];
  return [
    {
      code: station.code,
      name: station.name,
      cityCode: station.city_code,
      cityName: areaByCode(station.city_code)?.name ?? station.city_code,
      isReference: station.is_reference === 1,
      longitude: station.longitude,
      latitude: station.latitude,
      values,
    },
  ];
}
