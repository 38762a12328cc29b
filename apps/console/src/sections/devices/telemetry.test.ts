import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { DeviceSeries } from './devices.api';
import { defaultRange, flagColor, flagName, formatValue, hasPoints, limitBreach, seriesChartOption } from './telemetry';

const SERIES: DeviceSeries = {
  deviceId: '7',
  resolution: 'hour',
  factors: [
    {
      code: 'a34004',
      name: 'PM2.5',
      unit: 'μg/m³',
      points: [
        ['2025-03-01 08:00:00', 35, 'valid'],
        ['2025-03-01 09:00:00', 80, 'invalid'],
        ['2025-03-01 10:00:00', null, null],
      ],
    },
    { code: 'a34002', name: 'PM10', unit: 'μg/m³', points: [['2025-03-01 08:00:00', 60, 'valid']] },
    { code: 'a01001', name: '温度', unit: '℃', points: [['2025-03-01 08:00:00', 12.5, 'valid']] },
  ],
};

type Series = { name: string; yAxisIndex: number; data: unknown[]; markLine?: { data: { yAxis: number }[] } };

describe('seriesChartOption', () => {
  const option = seriesChartOption(SERIES, { upper: { a34004: 75 } });
  const series = option.series as Series[];

  it('draws a line per factor, with a value axis per unit', () => {
    expect(series.map((s) => s.name)).toEqual(['PM2.5（μg/m³）', 'PM10（μg/m³）', '温度（℃）']);
    expect((option.yAxis as { name: string }[]).map((a) => a.name)).toEqual(['μg/m³', '℃']);
    expect(series.map((s) => s.yAxisIndex)).toEqual([0, 0, 1]);
  });

  it('greys out points whose data are not valid, and keeps gaps as gaps', () => {
    expect(series[0]?.data[0]).toEqual(['2025-03-01 08:00:00', 35]);
    expect(series[0]?.data[1]).toMatchObject({ value: ['2025-03-01 09:00:00', 80], itemStyle: { color: '#bfbfbf' } });
    expect(series[0]?.data[2]).toEqual(['2025-03-01 10:00:00', null]);
  });

  it('draws the upper limit of a factor that has one', () => {
    expect(series[0]?.markLine?.data).toEqual([{ yAxis: 75 }]);
    expect(series[1]?.markLine).toBeUndefined();
  });

  it('shows the first four factors of many, the rest one click away', () => {
    const many: DeviceSeries = {
      ...SERIES,
      factors: Array.from({ length: 6 }, (_, i) => ({ code: `f${i}`, name: `F${i}`, unit: '', points: [] })),
    };
    const legend = seriesChartOption(many).legend as { selected: Record<string, boolean> };
    expect(Object.values(legend.selected)).toEqual([true, true, true, true, false, false]);
  });
});

describe('values and flags', () => {
  it('rounds to a precision that suits the size', () => {
    expect(formatValue(132)).toBe('132');
    expect(formatValue(132.46)).toBe('132.5');
    expect(formatValue(35.456)).toBe('35.46');
    expect(formatValue(0.86249)).toBe('0.862');
    expect(formatValue(null)).toBe('—');
  });

  it('names and colours HJ 212 flags', () => {
    expect(flagName('N')).toBe('正常');
    expect(flagName('D')).toBe('故障');
    expect(flagName('Q')).toBe('Q');
    expect(flagColor('D')).toBe('error');
    expect(flagColor('M')).toBe('warning');
    expect(flagColor(null)).toBe('success');
  });

  it('knows an empty series', () => {
    expect(hasPoints(SERIES)).toBe(true);
    expect(
      hasPoints({
        ...SERIES,
        factors: [{ code: 'x', name: 'x', unit: '', points: [['2025-03-01 08:00:00', null, null]] }],
      }),
    ).toBe(false);
    expect(hasPoints(undefined)).toBe(false);
  });
});

describe('defaultRange', () => {
  const now = dayjs('2025-03-10 14:37:20');
  it('looks back 6 hours of minutes, 7 days of hours, 30 days of days', () => {
    const fmt = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD HH:mm:ss'));
    expect(fmt(defaultRange('minute', now))).toEqual(['2025-03-10 08:37:00', '2025-03-10 14:37:00']);
    expect(fmt(defaultRange('hour', now))).toEqual(['2025-03-03 00:00:00', '2025-03-10 14:59:59']);
    expect(fmt(defaultRange('day', now))).toEqual(['2025-02-08 00:00:00', '2025-03-10 23:59:59']);
  });
});

describe('limitBreach', () => {
  it('says which limit a value is beyond', () => {
    expect(limitBreach(80, { upper: 75, lower: null })).toBe('upper');
    expect(limitBreach(-1, { upper: 75, lower: 0 })).toBe('lower');
    expect(limitBreach(75, { upper: 75, lower: 0 })).toBeUndefined();
    expect(limitBreach(null, { upper: 75, lower: 0 })).toBeUndefined();
    expect(limitBreach(80, undefined)).toBeUndefined();
  });
});
