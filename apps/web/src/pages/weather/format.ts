import { formatChinaDate, MISSING_TEXT } from '@lantian/domain';

/** A number with a fixed count of decimals, or '—' when missing (missing is never 0). */
export function num(value: number | null | undefined, decimals = 1): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING_TEXT;
  const text = value.toFixed(decimals);
  // -0.3 shown without decimals is 0, not "-0".
  return Number(text) === 0 ? text.replace('-', '') : text;
}

/** '11-22 14:00' from 'YYYY-MM-DD HH:mm:ss'. */
export function monthDayHour(time: string): string {
  return time.slice(5, 16);
}

/** '15时' from 'YYYY-MM-DD HH:mm:ss' (an hourly value is labelled by the end of its hour). */
export function hourLabel(time: string): string {
  return `${Number(time.slice(11, 13))}时`;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** 今天 / 明天 / 后天 / 周X for a 'YYYY-MM-DD' date, against today in China Standard Time. */
export function dayName(date: string, nowMs = Date.now()): string {
  const today = formatChinaDate(Math.floor(nowMs / 1000));
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return '今天';
  if (days === 1) return '明天';
  if (days === 2) return '后天';
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[weekday] ?? '';
}

/** '11/22' from 'YYYY-MM-DD'. */
export function monthDay(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}`;
}
