import type { Area } from '@lantian/areas';
import type { CitySiteData, SiteCurrentData, SiteDetailData } from '@lantian/contracts';
import { formatChinaDateTime, isStale, SECONDS_PER_DAY, SECONDS_PER_HOUR, startOfChinaHour } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { notFound } from '../../../platform/errors';
import { boundedRange, type TimeRange } from '../../../platform/http/params';
import { type AirStore, presentAir, presentMeta } from '../../data/air';
import type { Station, StationsRepository } from '../../data/stations';
import { latestHourAir, pollutantIndexes, toSiteDetailInfo } from './sites.presenters';

const DEFAULT_SPAN = 23 * SECONDS_PER_HOUR;
const MAX_SPAN = 31 * SECONDS_PER_DAY;

/** A city's stations, one station's latest hour and its hourly series. */
export class SitesService {
  constructor(
    private readonly stations: StationsRepository,
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  /** Every station of the city with its own latest hour (one query for all), beside the city's. */
  async citySites({ city: area }: { city: Area }): Promise<CitySiteData> {
    const [stations, cityHour] = await Promise.all([
      this.stations.byCity(area.code),
      this.air.cityHours.latestOf(area.code),
    ]);
    const latest = await this.air.stationHours.latestOf(stations.map((s) => s.code));
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
    const [hour] = await this.air.stationHours.latestOf([station.code]);
    return {
      site: toSiteDetailInfo(station),
      latest: hour === undefined ? null : { ...latestHourAir(hour, this.now()), pollutants: pollutantIndexes(hour) },
    };
  }

  /** The hours stored in the range (by default the 24 hours up to the current one), oldest first. */
  async siteDetail(query: {
    siteCode: string;
    startTime?: number | undefined;
    endTime?: number | undefined;
  }): Promise<SiteDetailData> {
    const station = await this.station(query.siteCode);
    const { from, to } = this.range(query.startTime, query.endTime);
    const [rows, latest] = await Promise.all([
      this.air.stationHours.series(station.code, from, to),
      this.air.stationHours.latestOf([station.code]),
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

  /** Both ends as given (at most 31 days), or 24 hours after the start, or up to the end (by default the current hour). */
  private range(startTime: number | undefined, endTime: number | undefined): TimeRange {
    if (startTime !== undefined && endTime !== undefined)
      return boundedRange({ startTime, endTime }, MAX_SPAN, ' 31 天');
    if (startTime !== undefined) return { from: startTime, to: startTime + DEFAULT_SPAN };
    const to = endTime ?? startOfChinaHour(this.now());
    return { from: to - DEFAULT_SPAN, to };
  }
}
