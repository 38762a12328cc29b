/**
 * HJ 212 time texts. Loggers write China Standard Time (UTC+8, fixed, no daylight saving) without a
 * zone: `DataTime`/`SystemTime` as yyyyMMddHHmmss, `QN` as yyyyMMddHHmmssSSS. The arithmetic comes from
 * ../time so that nothing depends on the machine's time zone.
 */

import { chinaParts, chinaTime, daysInMonth } from '../time';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function wallClock(epochSeconds: number): string {
  const p = chinaParts(epochSeconds);
  if (p.year < 0 || p.year > 9999) throw new RangeError(`year ${p.year} does not fit HJ 212's 4-digit year`);
  return `${pad(p.year, 4)}${pad(p.month, 2)}${pad(p.day, 2)}${pad(p.hour, 2)}${pad(p.minute, 2)}${pad(p.second, 2)}`;
}

/** `yyyyMMddHHmmss` in China time, as `DataTime` and `SystemTime` are written. Fractions are floored. */
export function formatDataTime(epochSeconds: number): string {
  if (!Number.isFinite(epochSeconds)) throw new RangeError(`epoch seconds must be finite, got ${epochSeconds}`);
  return wallClock(Math.floor(epochSeconds));
}

/** `yyyyMMddHHmmssSSS` in China time: a request number (QN) for the given instant. */
export function formatQn(epochMillis: number): string {
  if (!Number.isFinite(epochMillis)) throw new RangeError(`epoch milliseconds must be finite, got ${epochMillis}`);
  const ms = Math.floor(epochMillis);
  const seconds = Math.floor(ms / 1000);
  return `${wallClock(seconds)}${pad(ms - seconds * 1000, 3)}`;
}

const DATA_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * Epoch seconds of a `yyyyMMddHHmmss` China time, or null when it is not one: wrong length, a
 * non-digit, month 13, 31 April, 24 o'clock, second 60 … are all refused rather than rolled over.
 */
export function parseDataTime(text: string): number | null {
  const m = DATA_TIME.exec(text);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return chinaTime(year, month, day, hour, minute, second);
}

/** Epoch milliseconds of a QN (`yyyyMMddHHmmssSSS`, China time), or null when it is not a valid one. */
export function parseQn(qn: string): number | null {
  if (!/^\d{17}$/.test(qn)) return null;
  const seconds = parseDataTime(qn.slice(0, 14));
  return seconds === null ? null : seconds * 1000 + Number(qn.slice(14));
}
