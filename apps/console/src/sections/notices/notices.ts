import { NOTICE_TYPES } from '@lantian/contracts';

/**
 * The 消息通知 screen's logic: its filters as the address keeps them, and a notice's link (an address
 * of the console, `/platform/…`) as a route inside the console.
 */

export const NOTICE_FILTERS = ['type', 'isRead', 'startTime', 'endTime'] as const;

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The list call's parameters: malformed filters from a pasted address are dropped, and any sort (newest first always). */
export function noticeParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    if (name === 'sortBy' || name === 'sortOrder') continue;
    if (name === 'type' && !Object.hasOwn(NOTICE_TYPES, text)) continue;
    if (name === 'isRead' && text !== '0' && text !== '1') continue;
    if ((name === 'startTime' || name === 'endTime') && !TIME_TEXT.test(text)) continue;
    out[name] = value;
  }
  return out;
}

const BASE = '/platform';

/**
 * The route a notice's link opens inside the console (`/platform/alarms?x=1` → `/alarms?x=1`), or
 * undefined when it is not a console address (another site, a malformed or protocol-relative link).
 */
export function noticeRoute(link: string | null): string | undefined {
  if (link === null) return undefined;
  const text = link.trim();
  if (text === BASE || text === `${BASE}/`) return '/';
  if (!text.startsWith(`${BASE}/`) || text.startsWith(`${BASE}//`)) return undefined;
  return text.slice(BASE.length);
}

export const TYPE_COLORS = {
  alarm: 'red',
  device: 'blue',
  system: 'default',
  event: 'orange',
  task: 'purple',
  complaint: 'magenta',
  report: 'cyan',
} as const;

export const TYPE_OPTIONS = Object.entries(NOTICE_TYPES).map(([value, label]) => ({ value, label }));
