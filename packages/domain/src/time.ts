/**
 * China Standard Time helpers. Times are epoch seconds (UTC); China has used a fixed +08:00 offset
 * without daylight saving since 1991, so every conversion here is plain arithmetic. Nothing reads the
 * machine's time zone: calendar fields come from a days↔civil-date algorithm, not from `Date` getters.
 */

export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 86_400;
/** UTC+8, fixed. */
export const CHINA_OFFSET_SECONDS = 8 * SECONDS_PER_HOUR;

export interface ChinaDateTimeParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

/** A string that is not a valid China-time `YYYY-MM-DD HH:mm:ss`. */
export class TimeParseError extends Error {
  constructor(
    readonly input: string,
    readonly problem: string,
  ) {
    super(`时间格式错误 / invalid time ${JSON.stringify(input)}: ${problem}`);
    this.name = 'TimeParseError';
  }
}

function assertEpoch(t: number): number {
  if (!Number.isFinite(t)) throw new RangeError(`epoch seconds must be a finite number, got ${t}`);
  return Math.floor(t);
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil), so that no
 * two-digit-year or local-time quirk of `Date` can leak in.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Inverse of {@link daysFromCivil}. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Hour bucket: hours since the epoch, counted on China wall-clock hours. */
export function chinaHour(t: number): number {
  return Math.floor((assertEpoch(t) + CHINA_OFFSET_SECONDS) / SECONDS_PER_HOUR);
}

/** Day bucket (GUIDE §5): floor((t + 8 h) / 86400), i.e. days since 1970-01-01 in China. */
export function chinaDay(t: number): number {
  return Math.floor((assertEpoch(t) + CHINA_OFFSET_SECONDS) / SECONDS_PER_DAY);
}

/** Month bucket: year × 12 + (month − 1), in China time. */
export function chinaMonth(t: number): number {
  const { year, month } = civilFromDays(chinaDay(t));
  return year * 12 + month - 1;
}

/** Year bucket: the calendar year in China time. */
export function chinaYear(t: number): number {
  return civilFromDays(chinaDay(t)).year;
}

export function startOfChinaHour(t: number): number {
  return chinaHour(t) * SECONDS_PER_HOUR - CHINA_OFFSET_SECONDS;
}

export function startOfChinaDay(t: number): number {
  return chinaDayStart(chinaDay(t));
}

/** Epoch seconds of 00:00 China time of a day bucket. */
export function chinaDayStart(day: number): number {
  return day * SECONDS_PER_DAY - CHINA_OFFSET_SECONDS;
}

export function startOfChinaMonth(t: number): number {
  const { year, month } = civilFromDays(chinaDay(t));
  return chinaDayStart(daysFromCivil(year, month, 1));
}

export function startOfChinaYear(t: number): number {
  return chinaDayStart(daysFromCivil(chinaYear(t), 1, 1));
}

/** Epoch seconds of 00:00 China time on the first day of a month bucket. */
export function chinaMonthStart(monthBucket: number): number {
  const year = Math.floor(monthBucket / 12);
  return chinaDayStart(daysFromCivil(year, monthBucket - year * 12 + 1, 1));
}

/**
 * Day of an hourly value. CNEMC labels an hour by its end (the "16:00" value is 15:00–16:00, GUIDE §5),
 * so the value labelled 00:00 belongs to the previous day; a day's 24 values are labelled 01:00…24:00.
 */
export function dayOfHourEnding(t: number): number {
  return chinaDay(assertEpoch(t) - SECONDS_PER_HOUR);
}

export function chinaParts(t: number): ChinaDateTimeParts {
  const local = assertEpoch(t) + CHINA_OFFSET_SECONDS;
  const days = Math.floor(local / SECONDS_PER_DAY);
  const secondOfDay = local - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
    // 1970-01-01 was a Thursday.
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

/** Epoch seconds of a China wall-clock time; the fields must already be valid. */
export function chinaTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second - CHINA_OFFSET_SECONDS;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const pad4 = (n: number) => String(n).padStart(4, '0');

/** 'YYYY-MM-DD HH:mm:ss' in China time. */
export function formatChinaDateTime(t: number): string {
  const p = chinaParts(t);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}

/** {@link formatChinaDateTime}, with a missing time (never happened, not set) as null. */
export function formatChinaDateTimeOrNull(t: number | null): string | null {
  return t === null ? null : formatChinaDateTime(t);
}

/** 'YYYY-MM-DD' in China time. */
export function formatChinaDate(t: number): string {
  const p = chinaParts(t);
  return `${pad4(p.year)}-${pad2(p.month)}-${pad2(p.day)}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Strictly parses 'YYYY-MM-DD HH:mm:ss' as China time. Anything else — another separator, a zone
 * suffix, 24:00, 02-30 — is rejected with a TimeParseError saying why, never silently rolled over.
 */
export function parseChinaDateTime(input: string): number {
  const m = DATE_TIME.exec(input);
  if (m === null) throw new TimeParseError(input, '应为 YYYY-MM-DD HH:mm:ss / expected YYYY-MM-DD HH:mm:ss');
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12) throw new TimeParseError(input, `月份 ${month} 无效 / month out of range`);
  if (day < 1 || day > daysInMonth(year, month)) {
    throw new TimeParseError(input, `${year}-${pad2(month)} 没有 ${day} 日 / day out of range`);
  }
  if (hour > 23) throw new TimeParseError(input, `小时 ${hour} 无效 / hour out of range`);
  if (minute > 59) throw new TimeParseError(input, `分钟 ${minute} 无效 / minute out of range`);
  if (second > 59) throw new TimeParseError(input, `秒 ${second} 无效 / second out of range`);
  return chinaTime(year, month, day, hour, minute, second);
}

/** {@link parseChinaDateTime}, or null instead of an error. */
export function tryParseChinaDateTime(input: string): number | null {
  try {
    return parseChinaDateTime(input);
  } catch (err) {
    if (err instanceof TimeParseError) return null;
    throw err;
  }
}
