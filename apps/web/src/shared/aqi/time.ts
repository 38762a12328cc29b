import { chinaParts, tryParseChinaDateTime } from '@lantian/domain';

/**
 * Times as the API gives them ('YYYY-MM-DD HH:mm:ss', China Standard Time) and as people read them.
 * Everything goes through China time, never the browser's zone: a visitor abroad still sees 14:00
 * for the 14:00 hour of Beijing.
 */

/** Epoch seconds, or null for a missing or malformed time. */
export function parseChinaTime(text: string | null | undefined): number | null {
  return typeof text === 'string' ? tryParseChinaDateTime(text) : null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/**
 * A China time in one of the page's formats:
 * `datetime` 2026-11-22 14:00 · `short` 11-22 14:00 · `hour` 14:00 · `day` 11-22 ·
 * `monthDay` 11月22日 · `weekday` 周日.
 */
export function chinaLabel(
  t: number | null,
  format: 'datetime' | 'short' | 'hour' | 'day' | 'monthDay' | 'weekday',
): string {
  if (t === null) return '—';
  const p = chinaParts(t);
  switch (format) {
    case 'datetime':
      return `${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
    case 'short':
      return `${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)}`;
    case 'hour':
      return `${pad2(p.hour)}:${pad2(p.minute)}`;
    case 'day':
      return `${pad2(p.month)}-${pad2(p.day)}`;
    case 'monthDay':
      return `${p.month}月${p.day}日`;
    case 'weekday':
      return WEEKDAYS[p.weekday] ?? '';
  }
}

/** How long ago `t` was, in words: 刚刚, 35 分钟前, 3 小时前, 2 天前. */
export function ageText(t: number, nowSeconds: number = Date.now() / 1000): string {
  const minutes = Math.max(0, Math.floor((nowSeconds - t) / 60));
  if (minutes < 5) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} 小时前`;
  return `${Math.floor(hours / 24)} 天前`;
}
