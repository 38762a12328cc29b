import { type Area, areaByCode } from '@lantian/areas';
import type { AlarmCodes, AlarmEvent, AlarmInfo, AlarmItem, AlarmSubjectType, AlarmTrend } from '@lantian/contracts';
import { type AqiLevel, formatChinaDateTime, isStale, LEVELS, pollutantLevel, SECONDS_PER_HOUR } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { invalidField, notFound } from '../../../platform/errors';
import type { AirStore, AlarmThresholds, CityAlarmHour, StationAlarmHour } from '../../data/air';
import type { DataSource, StationsRepository } from '../../data/stations';
import { ALARM_ITEMS, alarmCodes, DEFAULT_ALARM_LEVEL, itemLabel, itemUnit } from './alarm-codes';
import { alarmRange, hourEnds } from './alarm-range';
import type { AlarmInfoQuery, AlarmTrendQuery } from './alarms.schemas';
import { alarmThreshold, type Episode, findEpisodes, hourlyBreaks } from './episodes';

/** One subject's hours at alarm, as both repositories' rows reduce to. */
interface Subject {
  type: AlarmSubjectType;
  code: string;
  name: string;
  cityCode: string;
  hours: (CityAlarmHour | StationAlarmHour)[];
}

const ALARM_LEVELS = [3, 4, 5, 6] as const;

/** Spec §9: "Default alarm and hot-info list limit 20". */
const DEFAULT_ALARM_LIMIT = 20;

function toLevel(n: number): AqiLevel {
  return ALARM_LEVELS.find((level) => level === n) ?? DEFAULT_ALARM_LEVEL;
}

function groupSubjects(cities: readonly CityAlarmHour[], sites: readonly StationAlarmHour[]): Subject[] {
  const subjects = new Map<string, Subject>();
  const add = (key: string, make: () => Subject, row: CityAlarmHour | StationAlarmHour) => {
    let subject = subjects.get(key);
    if (subject === undefined) {
      subject = make();
      subjects.set(key, subject);
    }
    subject.hours.push(row);
  };
  for (const row of cities) {
    const name = areaByCode(row.city_code)?.name ?? row.city_code;
    add(
      `city:${row.city_code}`,
      () => ({ type: 'city', code: row.city_code, name, cityCode: row.city_code, hours: [] }),
      row,
    );
  }
  for (const row of sites) {
    add(
      `site:${row.station_code}`,
      () => ({ type: 'site', code: row.station_code, name: row.station_name, cityCode: row.city_code, hours: [] }),
      row,
    );
  }
  return [...subjects.values()];
}

function sourceAt(subject: Subject, time: number): DataSource {
  return subject.hours.find((h) => h.time === time)?.source ?? subject.hours[0]?.source ?? 'demo';
}

export class AlarmService {
  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly now: Clock,
  ) {}

  codes(): AlarmCodes {
    return alarmCodes();
  }

  /** Alarm events of the range, newest first (the rule: episodes.ts). */
  async info(query: AlarmInfoQuery): Promise<AlarmInfo> {
    const now = this.now();
    const { from, to } = alarmRange(query.startTime, query.endTime, now);
    const minLevel = toLevel(query.level ?? DEFAULT_ALARM_LEVEL);
    const limit = query.limit ?? DEFAULT_ALARM_LIMIT;
    const items = query.item === undefined ? ALARM_ITEMS : [query.item];
    const area = query.city;
    const thresholds: AlarmThresholds = Object.fromEntries(items.map((i) => [i, alarmThreshold(i, minLevel)]));
    const wantCities = query.type !== 'site';
    const wantSites = query.type !== 'city';
    // One hour of look-back tells whether an episode began before the range.
    const lookBack = from - SECONDS_PER_HOUR;
    const [cityRows, siteRows, cityLatest, siteLatest] = await Promise.all([
      wantCities ? this.air.cityHours.aboveThresholds(lookBack, to, thresholds, area?.code) : [],
      wantSites ? this.air.stationHours.aboveThresholds(lookBack, to, thresholds, area?.code) : [],
      wantCities ? this.air.cityHours.latestTime() : undefined,
      wantSites ? this.air.stationHours.latestTime() : undefined,
    ]);
    const latest = { city: cityLatest, site: siteLatest };
    const events: AlarmEvent[] = [];
    for (const subject of groupSubjects(cityRows, siteRows)) {
      const newest = latest[subject.type];
      const live = newest !== undefined && !isStale(newest, now);
      for (const item of items) {
        const hours = subject.hours.map((h) => ({ time: h.time, value: h[item] }));
        for (const episode of findEpisodes(hours, item, minLevel, from)) {
          events.push(toEvent(subject, item, minLevel, episode, live && episode.end === newest));
        }
      }
    }
    events.sort(
      (a, b) => b.startTime.localeCompare(a.startTime) || b.level - a.level || a.alarmId.localeCompare(b.alarmId),
    );
    const dataTime = Math.max(cityLatest ?? -Infinity, siteLatest ?? -Infinity);
    const known = Number.isFinite(dataTime);
    return {
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      minLevel,
      total: events.length,
      list: events.slice(0, limit),
      dataTime: known ? formatChinaDateTime(dataTime) : null,
      stale: !known || isStale(dataTime, now),
    };
  }

  /** One item's hourly series for a city or a station, every hour of the range, with its level bands. */
  async trend(query: AlarmTrendQuery): Promise<AlarmTrend> {
    const now = this.now();
    if (query.city === undefined && query.siteCode === undefined)
      throw invalidField('city', '与 siteCode 必须填写一个');
    if (query.city !== undefined && query.siteCode !== undefined)
      throw invalidField('siteCode', '不能与 city 同时填写');
    const { from, to } = alarmRange(query.startTime, query.endTime, now);
    const item = query.item;
    const subject = await this.trendSubject(query.city, query.siteCode, from, to);
    const byTime = new Map(subject.rows.map((r) => [r.time, r]));
    const series = hourEnds(from, to).map((time) => {
      const value = byTime.get(time)?.[item] ?? null;
      return { time: formatChinaDateTime(time), value, level: pollutantLevel(item, value, 'HOUR') };
    });
    const last = subject.rows.filter((r) => r[item] !== null).at(-1);
    const breaks = hourlyBreaks(item);
    return {
      type: subject.type,
      code: subject.code,
      name: subject.name,
      itemName: item,
      itemLabel: itemLabel(item),
      unit: itemUnit(item),
      alarmThreshold: alarmThreshold(item, DEFAULT_ALARM_LEVEL),
      thresholds: ([1, 2, 3, 4, 5, 6] as const).map((level) => ({
        level,
        levelName: LEVELS[level].name,
        color: LEVELS[level].color,
        from: breaks[level - 1] ?? 0,
        to: level === 6 ? null : (breaks[level] ?? null),
      })),
      series,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      dataTime: last === undefined ? null : formatChinaDateTime(last.time),
      stale: last === undefined || isStale(last.time, now),
      source: last?.source ?? null,
      isDemo: last?.source === 'demo',
    };
  }

  private async trendSubject(city: Area | undefined, siteCode: string | undefined, from: number, to: number) {
    if (siteCode !== undefined) {
      const station = await this.stations.byCode(siteCode);
      if (station === undefined) throw notFound('未找到该站点');
      const rows = await this.air.stationHours.series(station.code, from, to);
      return { type: 'site' as const, code: station.code, name: station.name, rows };
    }
    if (city === undefined) throw invalidField('city', '与 siteCode 必须填写一个');
    const rows = await this.air.cityHours.ofCity(city.code, from, to);
    return { type: 'city' as const, code: city.code, name: city.name, rows };
  }
}

function toEvent(subject: Subject, item: AlarmItem, minLevel: AqiLevel, episode: Episode, active: boolean): AlarmEvent {
  const info = LEVELS[episode.peakLevel];
  const source = sourceAt(subject, episode.peakTime);
  return {
    alarmId: `${subject.type}-${subject.code}-${item}-${episode.start}`,
    type: subject.type,
    code: subject.code,
    name: subject.name,
    cityCode: subject.cityCode,
    itemName: item,
    itemLabel: itemLabel(item),
    unit: itemUnit(item),
    threshold: alarmThreshold(item, minLevel),
    level: info.level,
    levelName: info.name,
    color: info.color,
    startTime: formatChinaDateTime(episode.start),
    endTime: formatChinaDateTime(episode.end),
    peakTime: formatChinaDateTime(episode.peakTime),
    peakValue: episode.peakValue,
    durationHours: episode.hours,
    active,
    beganBeforeRange: episode.beganBeforeRange,
    source,
    isDemo: source === 'demo',
  };
}
