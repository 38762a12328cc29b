import { describe, expect, it } from 'vitest';
import { rankOption, siteCodeOf, trendOption, typePieOption } from './fire-charts';

describe('fire charts', () => {
  it('stacks the trend by type', () => {
    const option = trendOption({
      dateType: 'day',
      startTime: '2026-11-20 00:00:00',
      endTime: '2026-11-20 01:30:00',
      list: [
        { time: '00:00', total: 2, fire: 1, smoke: 1, temperature: 0, fault: 0, offline: 0 },
        { time: '01:00', total: 0, fire: 0, smoke: 0, temperature: 0, fault: 0, offline: 0 },
      ],
    }) as { series: Array<{ name: string; data: number[] }> };
    expect(option.series.map((s) => s.name)).toEqual(['火警', '烟感报警', '温度异常', '设备故障', '设备离线']);
    expect(option.series[0]?.data).toEqual([1, 0]);
  });

  it('leaves empty types out of the ring and ranks the top ten, most on top', () => {
    const pie = typePieOption({
      dateType: 'month',
      startTime: '',
      endTime: '',
      list: [
        { type: 'fire', name: '火警', color: '#f00', count: 0 },
        { type: 'smoke', name: '烟感报警', color: '#fa0', count: 3 },
      ],
    }) as { series: Array<{ data: Array<{ name: string }> }> };
    expect(pie.series[0]?.data.map((d) => d.name)).toEqual(['烟感报警']);
    const rank = rankOption({
      dateType: 'month',
      startTime: '',
      endTime: '',
      list: Array.from({ length: 12 }, (_, i) => ({
        rank: i + 1,
        code: `S${i}`,
        name: `站点${i}`,
        count: 12 - i,
        fire: 0,
      })),
    }) as { yAxis: { data: string[] } };
    expect(rank.yAxis.data).toHaveLength(10);
    expect(rank.yAxis.data.at(-1)).toBe('站点0');
  });

  it('reads the site code of a clicked point', () => {
    expect(siteCodeOf({ siteCode: 'A' })).toBe('A');
    expect(siteCodeOf(null)).toBeUndefined();
  });
});
