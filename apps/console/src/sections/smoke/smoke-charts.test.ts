import { describe, expect, it } from 'vitest';
import { runningOption, stateOf } from './smoke-charts';

describe('stateOf', () => {
  const base = { online: 'online', overLimit: false, purifierOff: false, fanState: 'on' } as const;
  it('names the worst state first', () => {
    expect(stateOf({ ...base, overLimit: true, purifierOff: true })).toBe('overLimit');
    expect(stateOf({ ...base, purifierOff: true })).toBe('purifierOff');
    expect(stateOf(base)).toBe('running');
    expect(stateOf({ ...base, fanState: 'off' })).toBe('stopped');
    expect(stateOf({ ...base, online: 'offline' })).toBe('offline');
  });
});

describe('runningOption', () => {
  it('draws one bar per segment in China time', () => {
    const option = runningOption({
      stationCode: '1',
      deviceCode: 'X',
      interval: '10m',
      fanOnAmps: 0.5,
      purifierOnAmps: 0.2,
      startTime: '2024-05-10 12:00:00',
      endTime: '2024-05-10 12:20:00',
      fan: [{ startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 12:20:00', state: 'on', stateName: '运行' }],
      purifier: [{ startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 12:20:00', state: 'off', stateName: '停止' }],
      fanOnMinutes: 20,
      purifierOffWhileFanOnMinutes: 20,
    });
    const data = option.series[0]?.data ?? [];
    expect(data.map((d) => d.name)).toEqual(['净化器 停止 12:00–12:20', '风机 运行 12:00–12:20']);
    expect(data[1]?.value).toEqual([1, Date.UTC(2024, 4, 10, 4), Date.UTC(2024, 4, 10, 4, 20)]);
  });
});
