import { describe, expect, it } from 'vitest';
import { compareOption, outlineCodeOf } from './charts';

describe('分表计电 charts', () => {
  it('draws a nationwide operator’s enterprises on their province when they share one', () => {
    expect(outlineCodeOf('100000', [{ areaCode: '110112' }, { areaCode: '110111' }])).toBe('110000');
    expect(outlineCodeOf('100000', [{ areaCode: '110112' }, { areaCode: '310101' }])).toBe('100000');
    expect(outlineCodeOf('110105', [{ areaCode: '110105' }])).toBe('110105');
    expect(outlineCodeOf('100000', [])).toBe('100000');
  });

  it('shades the abnormal episodes on the first series, lines before facilities', () => {
    const option = compareOption({
      enterpriseId: '1',
      date: '2026-12-01',
      interval: 15,
      times: ['14:00', '14:15', '14:30'],
      series: [
        { siteId: '1', name: '喷涂线', kind: 'production', powerKw: [38, 38, 38] },
        { siteId: '2', name: 'VOCs', kind: 'treatment', powerKw: [0.6, 0.6, null] },
      ],
      episodes: [
        {
          siteId: '2',
          siteName: 'VOCs',
          kind: 'treatment_stopped',
          kindName: '生产运行、治污停运',
          start: '2026-12-01 14:00:00',
          end: '2026-12-01 14:30:00',
          minutes: 30,
        },
      ],
    });
    expect(option.series.map((s) => s.name)).toEqual(['生产·喷涂线', '治污·VOCs']);
    expect(option.series[0]).toHaveProperty('markArea.data.0.0.xAxis', '14:00');
    expect(option.series[0]).toHaveProperty('markArea.data.0.1.xAxis', '14:30');
  });
});
