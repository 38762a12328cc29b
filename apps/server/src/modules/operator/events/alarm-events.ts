import type { AlarmRow } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { EventsService } from './events.service';

/** What the event needs of the alarm's device. */
export interface AlarmDevice {
  name: string;
  site_name: string;
  lon: number;
  lat: number;
  area_code: string;
}

/**
 * A severe device alarm opens one grid event at the device's site (catalogue 监测设备告警, priority
 * from the level). "Once" is the database's: `events.alarm_id` is unique, so a repeat of the hook (a
 * retried delivery, two instances) fails on the constraint and is let go.
 */
export async function openEventFromAlarm(
  events: EventsService,
  alarm: AlarmRow,
  device: AlarmDevice,
  log: FastifyBaseLogger,
): Promise<number | null> {
  const alarmId = Number(alarm.alarmId);
  if ((await events.eventOfAlarm(alarmId)) !== undefined) return null;
  try {
    return await events.reportBySystem({
      source: 'alarm',
      title: `${alarm.levelName}告警：${alarm.deviceName} ${alarm.itemName}${alarm.typeName}`,
      catalog: 'deviceAlarm',
      description: alarm.message,
      priority: alarm.level <= 1 ? 1 : alarm.level === 2 ? 2 : 3,
      lon: Number(device.lon),
      lat: Number(device.lat),
      address: device.site_name,
      areaCode: device.area_code,
      reporterName: '设备告警',
      alarmId,
    });
  } catch (err) {
    if ((await events.eventOfAlarm(alarmId)) !== undefined) return null;
    log.error({ err, alarmId }, 'could not open an event for the alarm');
    return null;
  }
}
