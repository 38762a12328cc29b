import { describe, expect, it } from 'vitest';
import { areaForecastText } from './forecast-text';

const f = (
  cityName: string,
  date: string,
  levelMin: number,
  levelMax: number,
  primary: ('pm2_5' | 'o3_8h')[] = [],
) => ({
  cityName,
  date,
  levelMin,
  levelMax,
  primary,
});

describe('areaForecastText', () => {
  it('is null without forecasts', () => {
    expect(areaForecastText('河北省', [])).toBeNull();
  });

  it('counts cities per level by the upper end and names the polluted ones and their pollutant', () => {
    const text = areaForecastText('河北省', [
      f('石家庄市', '2026-11-29', 2, 3, ['pm2_5']),
      f('保定市', '2026-11-29', 3, 4, ['pm2_5']),
      f('张家口市', '2026-11-29', 1, 1),
    ]);
    expect(text).toBe(
      '11月29日，河北省3个城市中，预计优1个、轻度污染1个、中度污染1个；保定市、石家庄市可能出现中度污染，首要污染物为PM2.5。',
    );
  });

  it('says the days are mostly good when none is polluted, and gives the tendency over the days', () => {
    const text = areaForecastText('北京市', [
      f('北京市', '2026-11-30', 1, 2),
      f('北京市', '2026-11-29', 3, 4, ['pm2_5']),
    ]);
    expect(text).toContain('11月30日，北京市1个城市中，预计良1个；各城市空气质量以优良为主。');
    expect(text?.indexOf('11月29日')).toBe(0);
    expect(text).toMatch(/未来2天北京市空气质量趋于好转。$/);
  });
});
