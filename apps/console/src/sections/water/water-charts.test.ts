import { describe, expect, it } from 'vitest';
import { CLASS_LEGEND, factorChartOption, stationIdOf } from './water-charts';

describe('water charts', () => {
  it('has the six classes in order', () => {
    expect(CLASS_LEGEND.map((c) => c.name)).toEqual(['Ⅰ类', 'Ⅱ类', 'Ⅲ类', 'Ⅳ类', 'Ⅴ类', '劣Ⅴ类']);
  });

  it('colours each hour by its class and draws the Ⅲ limit', () => {
    const option = factorChartOption({
      factor: 'w21003',
      name: '氨氮',
      unit: 'mg/L',
      limitIII: 1,
      points: [
        { time: '2026-11-20 14:00:00', value: 0.4, waterClass: 2 },
        { time: '2026-11-20 15:00:00', value: 2.6, waterClass: 6 },
      ],
    }) as {
      series: Array<{ data: Array<{ itemStyle: { color: string } }>; markLine: { data: Array<{ yAxis: number }> } }>;
    };
    expect(option.series[0]?.data.map((d) => d.itemStyle.color)).toEqual(['#1890ff', '#f5222d']);
    expect(option.series[0]?.markLine.data[0]?.yAxis).toBe(1);
    expect(stationIdOf({ deviceId: '3' })).toBe('3');
  });
});
