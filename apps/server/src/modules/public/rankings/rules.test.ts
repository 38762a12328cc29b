import { chinaTime } from '@lantian/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodOf, previousPeriod } from './periods';
import { rankAscending } from './ranking';
import { assess, attainment, largestSingleIndex } from './standards';

describe('rankAscending', () => {
  it('gives each valued item 1 + the number of strictly smaller values, and lists unvalued items last', () => {
    const item = fc.record({ code: fc.stringMatching(/^\d{6}$/), value: fc.option(fc.integer({ min: 0, max: 500 })) });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (i) => i.code, maxLength: 40 }), (items) => {
        const ranked = rankAscending(
          items,
          (i) => i.value,
          (i) => i.code,
        );
        expect(ranked).toHaveLength(items.length);
        const valued = items.filter((i) => i.value !== null);
        ranked.forEach(({ item: i, rank }, index) => {
          if (i.value === null) {
            expect(rank).toBeNull();
            expect(index).toBeGreaterThanOrEqual(valued.length);
          } else {
            expect(rank).toBe(1 + valued.filter((v) => (v.value ?? 0) < (i.value ?? 0)).length);
          }
        });
        // Order: by value, then by code.
        for (let k = 1; k < valued.length; k++) {
          const a = ranked[k - 1]?.item;
          const b = ranked[k]?.item;
          if (a === undefined || b === undefined) continue;
          expect((a.value ?? 0) < (b.value ?? 0) || ((a.value ?? 0) === (b.value ?? 0) && a.code < b.code)).toBe(true);
        }
      }),
    );
  });
});

describe('attainment rules', () => {
  it('exceeds only above the limit, with the multiple of the excess', () => {
    expect(assess('pm2_5', 75, 75, '24 小时平均', 0)).toMatchObject({
      exceeded: false,
      ratio: 1,
      exceedMultiple: null,
    });
    expect(assess('pm2_5', 112.5, 75, '24 小时平均', 1)).toMatchObject({
      exceeded: true,
      ratio: 1.5,
      exceedMultiple: 0.5,
    });
    expect(assess('co', null, 4, '24 小时平均', null)).toMatchObject({ exceeded: null, ratio: null, unit: 'mg/m³' });
  });

  it('attains only when all six are known and within limits', () => {
    const within = assess('so2', 10, 60, '年平均', 0);
    const over = assess('no2', 50, 40, '年平均', 3);
    const unknown = assess('co', null, 4, '日均值第 95 百分位数', null);
    expect(attainment([within, within])).toBe(true);
    expect(attainment([within, unknown])).toBeNull();
    expect(attainment([over, unknown])).toBe(false);
  });

  it('names the pollutants with the largest single index, all of them when tied', () => {
    const base = { so2: 6, no2: 10, pm10: 35, co: 1, o3_8h: 80, pm2_5: 17.5 };
    expect(largestSingleIndex(base)).toEqual(['pm10', 'o3_8h', 'pm2_5']);
    expect(largestSingleIndex({ ...base, no2: 40 })).toEqual(['no2']);
    expect(largestSingleIndex({ so2: null, no2: null, pm10: null, co: null, o3_8h: null, pm2_5: null })).toEqual([]);
  });
});

describe('periods', () => {
  it('steps back across month and year boundaries', () => {
    const january = periodOf('month', chinaTime(2024, 1, 15));
    expect(january.key).toBe(202401);
    expect(previousPeriod(january)).toEqual({ timeType: 'month', key: 202312, start: chinaTime(2023, 12, 1) });
    const newYearHour = periodOf('hour', chinaTime(2024, 1, 1, 0, 30));
    expect(previousPeriod(newYearHour).start).toBe(chinaTime(2023, 12, 31, 23));
    expect(periodOf('day', chinaTime(2024, 3, 1, 23, 59)).start).toBe(chinaTime(2024, 3, 1));
  });
});
