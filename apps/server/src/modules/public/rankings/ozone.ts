import type { O3SchemeHour } from '@lantian/contracts';
import {
  chinaDayStart,
  formatChinaDateTime,
  iaqi,
  LEVELS,
  movingMeans8h,
  pollutantLevel,
  roundConcentration,
  SECONDS_PER_HOUR,
} from '@lantian/domain';

/**
 * A day's ozone profile from a city's hourly O3: the 1-hour values of the 24 hours of the day
 * (labelled 01:00 … 24:00), the 8-hour moving means ending at each of them, and the day's figures.
 *
 * The moving means are computed here from the city's 1-hour values rather than read from the stored
 * mean of station 8-hour values, so that the curve and the daily maximum come from one series. The
 * early hours' windows reach into the previous evening (as the hourly 8-hour value does); the daily
 * maximum follows HJ 663-2013: the windows ending 08:00 … 24:00, valid with at least 14 of them.
 */

/** Hours of the previous day that the first window of the day needs. */
export const LEAD_HOURS = 7;
const WINDOWS_NEEDED = 14;
/** GB 3095-2012 grade II: 8-hour 160 μg/m³, 1-hour 200 μg/m³. */
export const O3_8H_LIMIT = 160;
export const O3_1H_LIMIT = 200;

export interface O3Profile {
  hours: O3SchemeHour[];
  max1h: { value: number | null; time: string | null };
  max8h: { value: number | null; time: string | null };
  max8hLevel: number;
  max8hIaqi: number | null;
  hoursOver160: number;
  hoursOver200: number;
  eightHourOver160: number;
}

function maxOf(values: readonly { time: number; value: number | null }[]): {
  value: number | null;
  time: string | null;
} {
  let best: { time: number; value: number } | undefined;
  for (const v of values) {
    if (v.value !== null && (best === undefined || v.value > best.value)) best = { time: v.time, value: v.value };
  }
  return best === undefined ? { value: null, time: null } : { value: best.value, time: formatChinaDateTime(best.time) };
}

/** `o3At(t)` is the 1-hour O3 labelled `t`, or null; `day` is a China day number. */
export function o3Profile(day: number, o3At: (time: number) => number | null): O3Profile {
  const first = chinaDayStart(day) + SECONDS_PER_HOUR;
  const labels = Array.from({ length: 24 + LEAD_HOURS }, (_, i) => first + (i - LEAD_HOURS) * SECONDS_PER_HOUR);
  const values = labels.map(o3At);
  const means = movingMeans8h(values);
  const series = labels.map((time, i) => {
    const mean = means[i] ?? null;
    return { time, o3: values[i] ?? null, o3_8h: mean === null ? null : roundConcentration('o3', mean) };
  });
  const ofDay = series.slice(LEAD_HOURS);
  // The windows ending 08:00 … 24:00 lie wholly inside the day.
  const dayWindows = ofDay.slice(LEAD_HOURS).map((h) => ({ time: h.time, value: h.o3_8h }));
  const validWindows = dayWindows.filter((w) => w.value !== null).length;
  const max8h = validWindows >= WINDOWS_NEEDED ? maxOf(dayWindows) : { value: null, time: null };
  const o3Values = ofDay.map((h) => h.o3).filter((v): v is number => v !== null);
  return {
    hours: ofDay.map((h): O3SchemeHour => {
      const info = LEVELS[pollutantLevel('o3', h.o3, 'HOUR')];
      return { time: formatChinaDateTime(h.time), o3: h.o3, o3_8h: h.o3_8h, level: info.level, color: info.color };
    }),
    max1h: maxOf(ofDay.map((h) => ({ time: h.time, value: h.o3 }))),
    max8h,
    max8hLevel: pollutantLevel('o3_8h', max8h.value, 'DAY'),
    max8hIaqi: iaqi('o3_8h', max8h.value, 'DAY'),
    hoursOver160: o3Values.filter((v) => v > O3_8H_LIMIT).length,
    hoursOver200: o3Values.filter((v) => v > O3_1H_LIMIT).length,
    eightHourOver160: ofDay.filter((h) => h.o3_8h !== null && h.o3_8h > O3_8H_LIMIT).length,
  };
}
