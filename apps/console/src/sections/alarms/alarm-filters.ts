import { ALARM_KINDS, ALARM_STATUS_NAMES } from '@lantian/contracts';

/**
 * The alarm list's filters as the address keeps them. What the server would refuse (a malformed
 * time, a level of 9 pasted into the address) is left out, so the list shows unfiltered rather
 * than an error.
 */

export const ALARM_FILTERS = ['status', 'type', 'level', 'keyword', 'deviceId', 'startTime', 'endTime'] as const;

const TIME_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const valid: Readonly<Record<string, (value: string) => boolean>> = {
  status: (v) => Object.hasOwn(ALARM_STATUS_NAMES, v),
  type: (v) => Object.hasOwn(ALARM_KINDS, v),
  level: (v) => /^[1-4]$/.test(v),
  deviceId: (v) => /^[1-9]\d{0,9}$/.test(v),
  startTime: (v) => TIME_TEXT.test(v),
  endTime: (v) => TIME_TEXT.test(v),
};

/** The list call's parameters from the URL table's: invalid filters and any sort are dropped (the list is newest first). */
export function alarmParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'sortBy' || name === 'sortOrder') continue;
    const check = valid[name];
    if (check !== undefined && !check(String(value))) continue;
    out[name] = value;
  }
  return out;
}

/** The usable time range of the filters (both ends well formed or absent). */
export function timeRangeOf(filters: Readonly<Record<string, string>>): [string | undefined, string | undefined] {
  const ok = (text: string | undefined) => (text !== undefined && TIME_TEXT.test(text) ? text : undefined);
  return [ok(filters.startTime), ok(filters.endTime)];
}

/** The colour of a status tag: waiting red, acknowledged orange, cleared grey. */
export const STATUS_COLORS = { active: 'error', acknowledged: 'warning', cleared: 'default' } as const;

export const STATUS_OPTIONS = Object.entries(ALARM_STATUS_NAMES).map(([value, label]) => ({ value, label }));
export const TYPE_OPTIONS = Object.entries(ALARM_KINDS).map(([value, label]) => ({ value, label }));
