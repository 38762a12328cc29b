import { describe, expect, it } from 'vitest';
import { deviceIdOf, deviceMapOption, mapState, pointLook, stateCounts, tooltipHtml } from './device-map';
import type { MapDevice } from './devices.api';

const device = (over: Partial<MapDevice>): MapDevice => ({
  deviceId: '1',
  mn: 'M1',
  name: '微站 <1>',
  type: 'A01',
  typeName: '空气质量微型监测站',
  lon: 116.4,
  lat: 39.9,
  status: 'active',
  online: 'online',
  lastSeen: '2025-03-01 08:00:00',
  alarmLevel: null,
  ...over,
});

describe('a device on the map', () => {
  it('shows an alarm above its online state, coloured by level', () => {
    expect(mapState(device({ alarmLevel: 2, online: 'offline' }))).toBe('alarm');
    expect(pointLook(device({ alarmLevel: 1 })).color).toBe('#E02020');
    expect(pointLook(device({ alarmLevel: 3 })).color).toBe('#FADB14');
  });

  it('is green online, grey offline, light when never heard from', () => {
    expect(pointLook(device({})).color).toBe('#52c41a');
    expect(pointLook(device({ online: 'offline' })).color).toBe('#8c8c8c');
    expect(mapState(device({ online: 'never' }))).toBe('never');
    expect(mapState(device({ status: 'retired', alarmLevel: 1 }))).toBe('retired');
  });

  it('counts the states for the legend', () => {
    const counts = stateCounts([device({}), device({ alarmLevel: 1 }), device({ online: 'never' }), device({})]);
    expect(counts).toEqual({ alarm: 1, online: 2, offline: 0, never: 1, retired: 0 });
  });

  it('escapes names in the tooltip', () => {
    expect(tooltipHtml(device({}))).toContain('微站 &#60;1&#62;');
    expect(tooltipHtml(device({ alarmLevel: 2 }))).toContain('二级告警（在线）');
  });
});

describe('deviceMapOption', () => {
  const devices = [
    device({ deviceId: '1' }),
    device({ deviceId: '2', alarmLevel: 3 }),
    device({ deviceId: '3', alarmLevel: 1 }),
  ];
  type Series = { id: string; coordinateSystem: string; data: { deviceId: string }[] };

  it('draws alarms last, most serious on top, on the outline', () => {
    const option = deviceMapOption(devices, 'lt-area-110000');
    const series = option.series as Series[];
    expect(series.map((s) => s.id)).toEqual(['devices', 'alarms']);
    expect(series[1]?.data.map((d) => d.deviceId)).toEqual(['2', '3']);
    expect(series[0]?.coordinateSystem).toBe('geo');
    expect(option.geo).toMatchObject({ map: 'lt-area-110000' });
  });

  it('places the points by longitude and latitude when there is no outline', () => {
    const option = deviceMapOption(devices, undefined);
    expect(option.geo).toBeUndefined();
    expect((option.series as Series[])[0]?.coordinateSystem).toBe('cartesian2d');
  });

  it('reads the device id of a clicked point', () => {
    expect(deviceIdOf({ deviceId: '7' })).toBe('7');
    expect(deviceIdOf({ name: 'x' })).toBeUndefined();
    expect(deviceIdOf(undefined)).toBeUndefined();
  });
});
