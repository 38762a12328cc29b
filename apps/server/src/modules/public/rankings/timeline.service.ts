import type { Area } from '@lantian/areas';
import type {
  CityTimelineData,
  CityTimelinePoint,
  TimelineData,
  TimelinePoint,
  TimelineTimeType,
} from '@lantian/contracts';
import {
  aqiLevel,
  asAqiLevel,
  chinaDay,
  chinaDayStart,
  formatChinaDateTime,
  isStale,
  LEVELS,
  roundHalfUp,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { boundedRange } from '../../../platform/http/params';
import { type AirStore, type LevelCountRow, primaryKeys } from '../../data/air';
import { identityOf } from './cities';
import { lastCompleteDay } from './periods';
import type { RangeQuery } from './rankings.schemas';

/**
 * Time sliders: the national picture (cities per level, mean AQI) and one city's AQI, one entry per
 * hour or day of the range, empty where there is no data, so that the slider's steps are regular.
 */

interface Steps {
  from: number;
  to: number;
  step: number;
  /** The range was not given: it ends at the latest data. */
  latest: boolean;
}

const RULES = {
  hour: { step: SECONDS_PER_HOUR, defaultSteps: 23, maxSeconds: 7 * SECONDS_PER_DAY, maxText: ' 7 天' },
  day: { step: SECONDS_PER_DAY, defaultSteps: 29, maxSeconds: 366 * SECONDS_PER_DAY, maxText: ' 366 天' },
} as const;

/** An hour is labelled at or before the time given; a day is the one containing it. */
function align(timeType: TimelineTimeType, t: number): number {
  return timeType === 'hour' ? startOfChinaHour(t) : chinaDayStart(chinaDay(t));
}

function times(steps: Steps): number[] {
  const out: number[] = [];
  for (let t = steps.from; t <= steps.to; t += steps.step) out.push(t);
  return out;
}

export class TimelineService {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  async national(query: RangeQuery): Promise<TimelineData> {
    const timeType = query.timeType ?? 'hour';
    const steps = await this.steps(timeType, query);
    const rows =
      timeType === 'hour'
        ? await this.air.cityHours.levelCounts(steps.from, steps.to)
        : await this.air.cityDays.levelCounts(steps.from, steps.to);
    const byTime = new Map<number, LevelCountRow[]>();
    for (const row of rows) byTime.set(row.time, [...(byTime.get(row.time) ?? []), row]);
    const stepTimes = times(steps);
    const items = stepTimes.map((t) => nationalPoint(t, byTime.get(t) ?? []));
    const lastWithData = stepTimes[items.findLastIndex((i) => i.cityCount > 0)];
    return {
      timeType,
      startTime: formatChinaDateTime(steps.from),
      endTime: formatChinaDateTime(steps.to),
      stale: this.stale(timeType, steps, lastWithData),
      items,
    };
  }

  async city(query: RangeQuery & { city: Area }): Promise<CityTimelineData> {
    const identity = identityOf(query.city);
    const timeType = query.timeType ?? 'hour';
    const steps = await this.steps(timeType, query);
    const rows =
      timeType === 'hour'
        ? (await this.air.cityHours.ofCity(identity.cityCode, steps.from, steps.to)).map((h) => ({ ...h, at: h.time }))
        : (await this.air.cityDays.ofCity(identity.cityCode, steps.from, steps.to)).map((d) => ({ ...d, at: d.day }));
    const byTime = new Map(rows.map((r) => [r.at, r]));
    const stepTimes = times(steps);
    const items = stepTimes.map((t): CityTimelinePoint => {
      const row = byTime.get(t);
      const info = LEVELS[asAqiLevel(row?.level ?? 0)];
      return {
        time: formatChinaDateTime(t),
        aqi: row?.aqi ?? null,
        level: info.level,
        levelName: info.name,
        color: info.color,
        primaryPollutant: primaryKeys(row?.primary_pollutant ?? null),
        source: row?.source ?? null,
        isDemo: row?.source === 'demo',
      };
    });
    const lastWithData = stepTimes[items.findLastIndex((i) => i.source !== null)];
    return {
      ...identity,
      timeType,
      startTime: formatChinaDateTime(steps.from),
      endTime: formatChinaDateTime(steps.to),
      stale: this.stale(timeType, steps, lastWithData),
      items,
    };
  }

  /** Only a default ("latest") hourly range can be stale; an asked-for past range is just history. */
  private stale(timeType: TimelineTimeType, steps: Steps, lastWithData: number | undefined): boolean {
    if (timeType !== 'hour' || !steps.latest || lastWithData === undefined) return false;
    return isStale(lastWithData, this.now());
  }

  /**
   * The range: both ends as given (checked against the maximum span), one end with the default span
   * (24 hours or 30 days) on the other side, or that span ending at the latest hour or completed day.
   */
  private async steps(timeType: TimelineTimeType, query: RangeQuery): Promise<Steps> {
    const rules = RULES[timeType];
    const span = rules.defaultSteps * rules.step;
    const { startTime, endTime } = query;
    if (startTime !== undefined && endTime !== undefined) {
      const { from, to } = boundedRange({ startTime, endTime }, rules.maxSeconds, rules.maxText);
      return { from: align(timeType, from), to: align(timeType, to), step: rules.step, latest: false };
    }
    if (startTime !== undefined) {
      const from = align(timeType, startTime);
      return { from, to: from + span, step: rules.step, latest: false };
    }
    if (endTime !== undefined) {
      const to = align(timeType, endTime);
      return { from: to - span, to, step: rules.step, latest: false };
    }
    const to = await this.latest(timeType);
    return { from: to - span, to, step: rules.step, latest: true };
  }

  private async latest(timeType: TimelineTimeType): Promise<number> {
    const now = this.now();
    if (timeType === 'hour') return (await this.air.cityHours.latestTime()) ?? startOfChinaHour(now);
    const lastDay = lastCompleteDay(now);
    return (await this.air.cityDays.latest(lastDay)) ?? lastDay;
  }
}

function nationalPoint(time: number, rows: readonly LevelCountRow[]): TimelinePoint {
  const levelCounts = [0, 0, 0, 0, 0, 0, 0];
  let aqiSum = 0;
  let aqiCount = 0;
  for (const row of rows) {
    const level = asAqiLevel(row.level);
    levelCounts[level] = (levelCounts[level] ?? 0) + row.cities;
    aqiSum += row.aqiSum ?? 0;
    aqiCount += row.aqiCount;
  }
  const meanAqi = aqiCount === 0 ? null : roundHalfUp(aqiSum / aqiCount);
  const info = LEVELS[aqiLevel(meanAqi)];
  return {
    time: formatChinaDateTime(time),
    cityCount: levelCounts.reduce((a, b) => a + b, 0),
    levelCounts,
    meanAqi,
    level: info.level,
    color: info.color,
  };
}
