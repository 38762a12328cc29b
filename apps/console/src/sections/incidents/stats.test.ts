import { describe, expect, it } from 'vitest';
import { exportHref } from './incidents.api';
import { breakdownOption, filterParams, handlingFigures, percent, periodOption, totals } from './stats';

const row = (name: string, total: number, overdue = 0) => ({
  key: name,
  name,
  total,
  open: total - 1,
  handled: 0,
  closed: 1,
  rejected: 0,
  overdue,
});

describe('the statistics', () => {
  it('reads the filters from the address', () => {
    const params = new URLSearchParams('startTime=2026-11-01+00:00:00&catalog=dust&grid=110105001');
    expect(filterParams(params)).toEqual({
      startTime: '2026-11-01 00:00:00',
      endTime: undefined,
      eventClassification: 'dust',
    });
  });

  it('stacks the standings and draws the overdue', () => {
    const option = breakdownOption([row('扬尘', 5, 2), row('噪声', 2)]);
    expect(option.series.map((s) => s.name)).toEqual(['待处置', '已处置', '已结案', '已驳回', '逾期']);
    expect(option.series[0]?.data).toEqual([4, 1]);
    expect(option.series[4]?.data).toEqual([2, null]);
    expect(breakdownOption([row('a', 1)], true).yAxis).toMatchObject({ type: 'category', data: ['a'] });
    expect(periodOption([row('2026-11-01', 3)]).series[0]?.data).toEqual([3]);
  });

  it('adds up a breakdown', () => {
    expect(totals([row('a', 5, 2), row('b', 2, 1)])).toEqual({
      total: 7,
      open: 5,
      handled: 0,
      closed: 2,
      rejected: 0,
      overdue: 3,
    });
  });

  it('shows the handling figures as durations and a rate', () => {
    const none = { count: 0, averageSeconds: null, medianSeconds: null };
    const figures = handlingFigures({
      events: 4,
      response: { count: 3, averageSeconds: 5400, medianSeconds: 3600 },
      dispatch: none,
      handling: none,
      total: none,
      overdue: 1,
      overdueRate: 0.25,
    });
    expect(figures[0]).toEqual({
      key: 'response',
      label: '响应（上报 → 受理）',
      average: '1 小时 30 分钟',
      median: '1 小时',
      count: 3,
    });
    expect(figures[1]?.average).toBe('—');
    expect(percent(0.25)).toBe('25.0%');
    expect(percent(null)).toBe('—');
  });

  it('links the export with the same filters', () => {
    expect(exportHref('byGrid', { startTime: '2026-11-01 00:00:00', gridCode: undefined })).toBe(
      '/adm/statistics/export?startTime=2026-11-01+00%3A00%3A00&sheet=byGrid',
    );
  });
});
