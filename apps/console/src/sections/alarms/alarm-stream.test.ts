import type { AlarmRow } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { countEvent, EMPTY_COUNTER, parseAlarmEvent, raiseNotice } from './alarm-stream';

const ALARM: AlarmRow = {
  alarmId: '41',
  type: 'over_limit',
  typeName: '超限',
  level: 1,
  levelName: '一级',
  status: 'active',
  statusName: '待处理',
  ruleId: '3',
  ruleName: 'PM2.5 超限',
  deviceId: '7',
  mn: 'LT0000000000000000000001',
  deviceName: '朝阳微站 1 号',
  deviceType: 'A01',
  siteName: '朝阳公园',
  areaCode: '110105',
  areaName: '朝阳区',
  itemName: 'PM2.5',
  factor: 'a34004',
  message: 'PM2.5 超过限值 75',
  value: 132,
  firstAt: '2025-03-01 08:15:00',
  lastAt: '2025-03-01 08:20:00',
  count: 2,
  acknowledgedBy: null,
  acknowledgedAt: null,
  clearedBy: null,
  clearedAt: null,
  clearMode: null,
  clearNote: null,
};

describe('parseAlarmEvent', () => {
  it('reads an event whose alarm keeps the contract', () => {
    expect(parseAlarmEvent(JSON.stringify({ action: 'raise', alarm: ALARM }))).toEqual({
      action: 'raise',
      alarm: ALARM,
    });
  });

  it('ignores unknown actions, broken alarms and non-JSON', () => {
    expect(parseAlarmEvent(JSON.stringify({ action: 'explode', alarm: ALARM }))).toBeUndefined();
    expect(parseAlarmEvent(JSON.stringify({ action: 'raise', alarm: { ...ALARM, level: 'high' } }))).toBeUndefined();
    expect(parseAlarmEvent(JSON.stringify({ action: 'raise' }))).toBeUndefined();
    expect(parseAlarmEvent('null')).toBeUndefined();
    expect(parseAlarmEvent(':keep-alive')).toBeUndefined();
  });
});

describe('the live counter', () => {
  it('counts raised alarms once each, newest first', () => {
    let counter = countEvent(EMPTY_COUNTER, { action: 'raise', alarm: ALARM });
    counter = countEvent(counter, { action: 'raise', alarm: { ...ALARM, alarmId: '42' } });
    counter = countEvent(counter, { action: 'raise', alarm: ALARM });
    expect(counter).toEqual({ count: 2, ids: ['42', '41'] });
  });

  it('does not count repeats, acknowledgements or clears', () => {
    for (const action of ['repeat', 'acknowledge', 'clear'] as const) {
      expect(countEvent(EMPTY_COUNTER, { action, alarm: ALARM })).toBe(EMPTY_COUNTER);
    }
  });
});

describe('raiseNotice', () => {
  it('names the level, the device, what and where', () => {
    const notice = raiseNotice(ALARM);
    expect(notice.title).toBe('一级告警：朝阳微站 1 号');
    expect(notice.description).toContain('当前值 132');
    expect(notice.description).toContain('朝阳公园');
  });
});
