import { type AqiLevel, type IndexKey, type LevelBreaks, levelBreaks, pollutantLevel } from '@lantian/domain';

/**
 * The alarm rule, on one subject's (city's or station's) hourly values of one item:
 * - an hour is "at alarm" when the item's level is at or above the alarm level (default 3,
 *   轻度污染): the value is above breaks[level - 1] of the item's hourly level table;
 * - an episode is a run of hours at alarm, each exactly one hour after the previous; an hour below
 *   the level or a missing hour ends it (an hour with no value says nothing, so it cannot continue
 *   an alarm);
 * - the event is reported at the first hour of the run inside the range, with its peak and length;
 *   the hour before the range is looked at only to tell whether the run began earlier.
 */

const HOUR = 3600;

export interface HourValue {
  /** Epoch seconds, end of the hour. */
  time: number;
  value: number | null;
}

export interface Episode {
  start: number;
  end: number;
  hours: number;
  peakTime: number;
  peakValue: number;
  peakLevel: AqiLevel;
  /** The hour before `from` was at alarm too. */
  beganBeforeRange: boolean;
}

/** Hourly values use the real-time tables; O3 8 h has its own table whatever the period. */
export function hourlyBreaks(item: IndexKey): LevelBreaks {
  return levelBreaks(item, 'HOUR');
}

/** The value above which an item is at `minLevel` or higher. */
export function alarmThreshold(item: IndexKey, minLevel: AqiLevel): number {
  return hourlyBreaks(item)[Math.max(1, minLevel) - 1] ?? 0;
}

interface Run {
  hours: { time: number; value: number; level: AqiLevel }[];
}

function toEpisode(run: Run, from: number): Episode | undefined {
  const inRange = run.hours.filter((h) => h.time >= from);
  const first = inRange[0];
  const last = inRange[inRange.length - 1];
  if (first === undefined || last === undefined) return undefined;
  let peak = first;
  for (const h of inRange) if (h.value > peak.value) peak = h;
  return {
    start: first.time,
    end: last.time,
    hours: inRange.length,
    peakTime: peak.time,
    peakValue: peak.value,
    peakLevel: peak.level,
    beganBeforeRange: (run.hours[0]?.time ?? first.time) < from,
  };
}

/**
 * Episodes of one item in hours sorted by time. `hours` may start one hour before `from` (the
 * look-back hour); episodes are clipped to [from, …].
 */
export function findEpisodes(hours: readonly HourValue[], item: IndexKey, minLevel: AqiLevel, from: number): Episode[] {
  const episodes: Episode[] = [];
  let run: Run | undefined;
  const close = () => {
    const episode = run === undefined ? undefined : toEpisode(run, from);
    if (episode !== undefined) episodes.push(episode);
    run = undefined;
  };
  for (const { time, value } of hours) {
    const level = pollutantLevel(item, value, 'HOUR');
    if (value === null || level < minLevel) {
      close();
      continue;
    }
    const previous = run?.hours[run.hours.length - 1];
    if (run !== undefined && previous !== undefined && time !== previous.time + HOUR) close();
    run ??= { hours: [] };
    run.hours.push({ time, value, level });
  }
  close();
  return episodes;
}
