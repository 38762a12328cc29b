import { type AlarmRow, type AlarmStreamEvent, alarmStreamEvent } from '@lantian/contracts';
import { alarmLevelLook } from '../../shared/alarm/levels';
import { parseEventData } from '../../shared/live/event-stream';

/**
 * The alarm centre's live stream (`GET /adm/alarm/center/stream`, Server-Sent Events): each
 * `event: alarm` carries `{ action, alarm }`, the alarm as the list shows it. Read here, checked
 * against the contract's alarm row; anything else is ignored rather than shown half-read.
 */

export const ALARM_STREAM_EVENT = 'alarm';

export type AlarmEvent = AlarmStreamEvent;

/** An event's data as an alarm event, or undefined when it is not one. */
export function parseAlarmEvent(data: unknown): AlarmEvent | undefined {
  const event = alarmStreamEvent.safeParse(parseEventData(data));
  return event.success ? event.data : undefined;
}

/** The live counter: new alarms raised since the operator last looked (only raises count). */
export interface LiveCounter {
  count: number;
  /** Ids of the alarms raised live, newest first (their rows are highlighted), at most 200. */
  ids: string[];
}

export const EMPTY_COUNTER: LiveCounter = { count: 0, ids: [] };

export function countEvent(counter: LiveCounter, event: AlarmEvent): LiveCounter {
  if (event.action !== 'raise' || counter.ids.includes(event.alarm.alarmId)) return counter;
  return { count: counter.count + 1, ids: [event.alarm.alarmId, ...counter.ids].slice(0, 200) };
}

/** The notification's words for a raised alarm. */
export function raiseNotice(alarm: AlarmRow): { title: string; description: string } {
  const value = alarm.value === null ? '' : `，当前值 ${alarm.value}`;
  return {
    title: `${alarmLevelLook(alarm.level).name}告警：${alarm.deviceName}`,
    description: `${alarm.typeName} · ${alarm.itemName}${value}。${alarm.message}（${alarm.siteName}，${alarm.firstAt.slice(5, 16)}）`,
  };
}

/** Whether a level is serious enough for an error notification rather than a warning. */
export const isSevere = (level: number) => level <= 2;
