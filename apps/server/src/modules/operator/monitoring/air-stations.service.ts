import { areaByCode } from '@lantian/areas';
import {
  AIR_STATION_DEVICE_TYPES,
  type allStationQuery,
  type cityStationQuery,
  type MonitorStationKind,
  type MonitorStationRow,
  ONLINE_STATES,
  POLLUTION_SOURCE_TYPES,
  type pollutionSourceQuery,
  type stationPageQuery,
} from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { Station } from '../../data/stations';
import { areaName, type DeviceView, onlineOf } from '../devices';
import { cityAirLatest, countDevices, deviceStationRow, nationalStationRow } from './monitoring.presenters';
import { checkArea, type MonitoringSources } from './sources';

/** A station lies in an area when its city or its county does (a district's stations by their county). */
function stationIn(station: Station, area: AreaScope): boolean {
  return inScope(station.city_code, area) || (station.county_code !== null && inScope(station.county_code, area));
}

function matches(row: MonitorStationRow, keyword: string | undefined): boolean {
  if (keyword === undefined || keyword === '') return true;
  const k = keyword.toLowerCase();
  return row.name.toLowerCase().includes(k) || row.code.toLowerCase().includes(k);
}

/**
 * The air stations of an operator's area (spec §7 /onlineMonitor/airStation/*): the national stations
 * of the air data (register and current hour, filtered by the station's city and county codes) and
 * the air devices of the core (micro-stations, automatic stations, dust monitors) with their newest
 * values; the cities' current values and device counts; the pollution-source devices.
 */
export class AirStationsService {
  constructor(
    private readonly sources: MonitoringSources,
    private readonly now: Clock,
  ) {}

  async all(query: z.output<typeof allStationQuery>, scope: AreaScope): Promise<MonitorStationRow[]> {
    const area = query.areaCode === undefined ? undefined : checkArea(query.areaCode, scope);
    return this.stations(area, query.kind, scope);
  }

  async ofCity(query: z.output<typeof cityStationQuery>, scope: AreaScope): Promise<MonitorStationRow[]> {
    return this.stations(checkArea(query.cityCode, scope, '城市'), query.kind, scope);
  }

  async page(query: z.output<typeof stationPageQuery>, scope: AreaScope) {
    const area = query.areaCode === undefined ? undefined : checkArea(query.areaCode, scope);
    const rows = (await this.stations(area, query.kind, scope)).filter((row) => matches(row, query.keyword));
    const page = pageOf(query, 20);
    return pageAnswer(page, { list: rows.slice(page.offset, page.offset + page.limit), total: rows.length });
  }

  /** A city's current hour, its stations and devices counted, and the devices' open alarms. */
  async cityTotals(cityCode: string, scope: AreaScope) {
    const code = checkArea(cityCode, scope, '城市');
    const area = { areaCode: code };
    const [snapshot, register, devices] = await Promise.all([
      this.sources.current.current(),
      this.sources.register.all(),
      this.sources.core.registry.all({ areaCode: code }, scope),
    ]);
    const city = snapshot.cities.get(code);
    const national = register.filter((s) => s.active === 1 && stationIn(s, scope) && stationIn(s, area));
    const hour = city?.time ?? snapshot.stationHour;
    const alarms = await this.sources.core.registry.activeAlarmCounts(devices.map((d) => d.id));
    const now = this.now();
    const airTypes: readonly string[] = AIR_STATION_DEVICE_TYPES;
    return {
      cityCode: code,
      cityName: areaByCode(code)?.name ?? code,
      current: city === undefined ? null : cityAirLatest(city),
      nationalStations: {
        total: national.length,
        reporting: national.filter((s) => hour !== undefined && snapshot.stations.get(s.code)?.time === hour).length,
      },
      devices: countDevices(devices, now),
      airDevices: countDevices(
        devices.filter((d) => airTypes.includes(d.type)),
        now,
      ),
      activeAlarms: [...alarms.values()].reduce((sum, n) => sum + n, 0),
    };
  }

  /** The city's latest hour with its 24-hour values, null when it has none in the last 7 days. */
  async cityLast(cityCode: string, scope: AreaScope) {
    const code = checkArea(cityCode, scope, '城市');
    const city = (await this.sources.current.current()).cities.get(code);
    if (city === undefined) return null;
    return {
      ...cityAirLatest(city),
      cityCode: code,
      cityName: areaByCode(code)?.name ?? code,
      pm2_5_24h: city.pm2_5_24h,
      pm10_24h: city.pm10_24h,
      so2_24h: city.so2_24h,
      no2_24h: city.no2_24h,
      co_24h: city.co_24h,
      o3_1h_max: city.o3_1h_max,
      o3_8h_max: city.o3_8h_max,
    };
  }

  async pollutionSources(query: z.output<typeof pollutionSourceQuery>, scope: AreaScope) {
    const area = query.areaCode === undefined ? undefined : checkArea(query.areaCode, scope);
    const types = query.type === undefined ? POLLUTION_SOURCE_TYPES : [query.type];
    const keyword = query.keyword?.toLowerCase() ?? '';
    const devices = (await this.devicesOf(types, area, scope)).filter(
      (d) =>
        keyword === '' ||
        d.mn.toLowerCase().includes(keyword) ||
        d.name.toLowerCase().includes(keyword) ||
        d.site_name.toLowerCase().includes(keyword),
    );
    const latest = await this.sources.core.telemetry.latest(devices.map((d) => d.id));
    const { labels } = this.sources.core;
    const now = this.now();
    return Promise.all(
      devices.map(async (d) => {
        const online = onlineOf(d, now);
        const values = [...(latest.get(d.id) ?? [])].sort((a, b) => a.factor.localeCompare(b.factor));
        return {
          deviceId: String(d.id),
          mn: d.mn,
          name: d.name,
          type: d.type,
          typeName: (await labels.deviceType(d.type))?.label ?? d.type,
          siteName: d.site_name,
          areaCode: d.area_code,
          areaName: areaName(d.area_code),
          lon: d.lon,
          lat: d.lat,
          online,
          onlineName: ONLINE_STATES[online],
          lastSeen: formatChinaDateTimeOrNull(d.last_seen),
          latest: await Promise.all(
            values.map(async (row) => {
              const label = await labels.factor(row.factor);
              return {
                factor: row.factor,
                name: label?.label ?? row.factor,
                unit: label?.unit ?? '',
                value: row.value,
                flag: row.flag,
                time: formatChinaDateTime(row.t),
              };
            }),
          ),
        };
      }),
    );
  }

  private async stations(
    area: string | undefined,
    kind: MonitorStationKind | undefined,
    scope: AreaScope,
  ): Promise<MonitorStationRow[]> {
    const [national, devices] = await Promise.all([
      kind === 'device' ? [] : this.nationalStations(area, scope),
      kind === 'national' ? [] : this.deviceStations(area, scope),
    ]);
    return [...national, ...devices];
  }

  private async nationalStations(area: string | undefined, scope: AreaScope): Promise<MonitorStationRow[]> {
    const [register, snapshot] = await Promise.all([this.sources.register.all(), this.sources.current.current()]);
    const now = this.now();
    return register
      .filter((s) => s.active === 1 && stationIn(s, scope) && (area === undefined || stationIn(s, { areaCode: area })))
      .map((s) => nationalStationRow(s, snapshot.stations.get(s.code), now));
  }

  private async deviceStations(area: string | undefined, scope: AreaScope): Promise<MonitorStationRow[]> {
    const devices = await this.devicesOf(AIR_STATION_DEVICE_TYPES, area, scope);
    const latest = await this.sources.core.telemetry.latest(devices.map((d) => d.id));
    const now = this.now();
    return Promise.all(
      devices.map(async (d) =>
        deviceStationRow(
          d,
          (await this.sources.core.labels.deviceType(d.type))?.label ?? d.type,
          latest.get(d.id) ?? [],
          now,
        ),
      ),
    );
  }

  /** The devices of some types in the scope (and the area), in registry order. */
  private async devicesOf(types: readonly string[], area: string | undefined, scope: AreaScope): Promise<DeviceView[]> {
    const lists = await Promise.all(
      types.map((type) => this.sources.core.registry.all({ type, areaCode: area }, scope)),
    );
    return lists.flat().sort((a, b) => a.id - b.id);
  }
}
