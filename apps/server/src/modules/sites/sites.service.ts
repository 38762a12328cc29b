import type { CitySiteData, SiteCurrentData, SiteDetailData } from '@lantian/contracts';
import { formatChinaDateTime, SECONDS_PER_DAY, SECONDS_PER_HOUR, startOfChinaHour } from '@lantian/domain';
import { notFound } from '../../platform/errors';
import type { AirRepository } from '../air';
import { parseRange, parseTime, resolveCityParam } from '../public-api/params';
import { isStale, presentAir, presentMeta } from '../public-api/presenters';
import type { Station, StationsRepository } from '../stations';
import { latestHourAir, pollutantIndexes, toSiteDetailInfo } from './presenters';

const DEFAULT_SPAN = 23 * SECONDS_PER_HOUR;
const MAX_SPAN = 31 * SECONDS_PER_DAY;

/** A city's stations, one station's latest hour and its hourly series. */
export class SitesService {
  constructor(
    private readonly stations: StationsRepository,
    private readonly air: AirRepository,
    private readonly now: () => number,
  ) {}

  /** Every station of the city with its own latest hour (one query for all), beside the city's. */
  async citySites(query: { city: string }): Promise<CitySiteData> {
    const area = resolveCityParam(query.city);
    const [stations, cityHour] = await Promise.all([
      this.stations.byCity(area.code),
      this.air.latestCityHour(area.code),
    ]);
    const latest = await this.air.latestStationHours(stations.map((s) => s.code));
    const byCode = new Map(latest.map((h) => [h.station_code, h]));
    const now = this.now();
    return {
      cityCode: area.code,
      cityName: area.name,
      pyName: area.pyName,
      city: cityHour === undefined ? null : latestHourAir(cityHour, now),
      sites: stations.map((s) => {
        const hour = byCode.get(s.code);
        return { ...toSiteDetailInfo(s), latest: hour === undefined ? null : latestHourAir(hour, now) };
      }),
    };
  }

  async siteCurrent(query: { siteCode: string }): Promise<SiteCurrentData> {
    const station = await this.station(query.siteCode);
    const [hour] = await this.air.latestStationHours([station.code]);
    return {
      site: toSiteDetailInfo(station),
      latest: hour === undefined ? null : { ...latestHourAir(hour, this.now()), pollutants: pollutantIndexes(hour) },
    };
  }

  /** The hours stored in the range (by default the 24 hours up to the current one), oldest first. */
  async siteDetail(query: {
    siteCode: string;
    startTime?: string | undefined;
    endTime?: string | undefined;
  }): Promise<SiteDetailData> {
    const station = await this.station(query.siteCode);
    const { from, to } = this.range(query.startTime, query.endTime);
    const [rows, latest] = await Promise.all([
      this.air.stationSeries(station.code, from, to),
      this.air.latestStationHours([station.code]),
    ]);
    const latestTime = latest[0]?.time;
    return {
      site: toSiteDetailInfo(station),
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      latestTime: latestTime === undefined ? null : formatChinaDateTime(latestTime),
      stale: latestTime === undefined || isStale(latestTime, this.now()),
      items: rows.map((r) => ({ ...presentAir(r), ...presentMeta(r.time, r.source) })),
    };
  }

  private async station(code: string): Promise<Station> {
    const station = await this.stations.byCode(code);
    if (station === undefined) throw notFound('未找到该站点');
    return station;
  }

  private range(startTime: string | undefined, endTime: string | undefined): { from: number; to: number } {
    if (startTime !== undefined && endTime !== undefined) {
      return parseRange(
        { field: 'startTime', value: startTime },
        { field: 'endTime', value: endTime },
        MAX_SPAN,
        ' 31 天',
      );
    }
    if (startTime !== undefined) {
      const from = parseTime('startTime', startTime);
      return { from, to: from + DEFAULT_SPAN };
    }
    const to = endTime === undefined ? startOfChinaHour(this.now()) : parseTime('endTime', endTime);
    return { from: to - DEFAULT_SPAN, to };
  }
}
