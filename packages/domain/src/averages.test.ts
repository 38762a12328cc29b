import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dailyMaxEightHourMean,
  dailyMean,
  dailySummary,
  type HourlyValue,
  hoursOfDay,
  meanOfValid,
  movingMeans8h,
  movingMeans24h,
  trailingMeans,
} from './averages';
import { chinaTime, daysFromCivil } from './time';

const day = (values: (number | null)[]) => values;
const full = (v: number) => new Array<number>(24).fill(v);
const withNulls = (base: (number | null)[], indices: number[]) => base.map((v, i) => (indices.includes(i) ? null : v));

describe('24-hour means (GB 3095-2012: at least 20 valid hours)', () => {
  it('needs 20 valid hours', () => {
    expect(dailyMean(withNulls(full(10), [0, 1, 2, 3]))).toBe(10);
    expect(dailyMean(withNulls(full(10), [0, 1, 2, 3, 4]))).toBeNull();
  });

  it('averages only the valid hours: missing is missing, never 0', () => {
    const values = withNulls(
      full(0).map((_, i) => i),
      [0, 1],
    );
    expect(dailyMean(values)).toBe((276 - 1) / 22);
    expect(dailyMean(day([...full(30).slice(0, 22), Number.NaN, -5]))).toBe(30);
  });

  it('insists on 24 values', () => {
    expect(() => dailyMean([1, 2, 3])).toThrow(RangeError);
  });

  it('moves hour by hour', () => {
    const series = Array.from({ length: 48 }, (_, i) => i);
    const means = movingMeans24h(series);
    expect(means[18]).toBeNull();
    expect(means[19]).toBe(9.5); // 20 hours inside the series
    expect(means[23]).toBe(11.5);
    expect(means[47]).toBe(35.5);
  });
});

describe('O3 8-hour means (at least 6 of 8 hours) and daily maximum (at least 14 of 17 windows)', () => {
  it('needs 6 valid hours in each 8', () => {
    const series = [1, 2, null, 4, 5, 6, 7, null, 9];
    const means = movingMeans8h(series);
    expect(means[7]).toBe(25 / 6);
    expect(means[6]).toBe(25 / 6);
    expect(means[4]).toBeNull();
    expect(movingMeans8h([1, null, null, 4, 5, 6, 7, 8])[7]).toBe(31 / 6);
    expect(movingMeans8h([1, null, null, null, 5, 6, 7, 8])[7]).toBeNull();
  });

  it('takes the largest of the windows ending 08:00 … 24:00', () => {
    const values = full(50);
    values[20] = 130; // one high hour lifts the windows covering it by 10
    expect(dailyMaxEightHourMean(values)).toBe(60);
  });

  it('needs 14 valid windows: hours 1–5 missing leaves 14, hours 1–6 missing leaves 13', () => {
    expect(dailyMaxEightHourMean(withNulls(full(80), [0, 1, 2, 3, 4]))).toBe(80);
    expect(dailyMaxEightHourMean(withNulls(full(80), [0, 1, 2, 3, 4, 5]))).toBeNull();
  });

  it('agrees with a direct computation (property)', () => {
    const hour = fc.option(fc.integer({ min: 0, max: 400 }), { nil: null, freq: 4 });
    fc.assert(
      fc.property(fc.array(hour, { minLength: 24, maxLength: 24 }), (values) => {
        const windows: (number | null)[] = [];
        for (let end = 7; end < 24; end++) {
          const inside = values.slice(end - 7, end + 1).filter((v): v is number => v !== null);
          windows.push(inside.length >= 6 ? inside.reduce((a, b) => a + b, 0) / inside.length : null);
        }
        const valid = windows.filter((w): w is number => w !== null);
        const expected = valid.length >= 14 ? Math.max(...valid) : null;
        const actual = dailyMaxEightHourMean(values);
        if (expected === null) expect(actual).toBeNull();
        else expect(actual).toBeCloseTo(expected, 9);
      }),
    );
  });
});

describe('trailingMeans', () => {
  it('matches a direct window mean (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        (values, window, minValid) => {
          const out = trailingMeans(values, window, minValid);
          values.forEach((_, i) => {
            const inside = values.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null);
            const expected = inside.length >= minValid ? inside.reduce((a, b) => a + b, 0) / inside.length : null;
            if (expected === null) expect(out[i]).toBeNull();
            else expect(out[i]).toBeCloseTo(expected, 9);
          });
        },
      ),
    );
  });

  it('rejects a window that is not a positive integer', () => {
    expect(() => trailingMeans([1], 0, 1)).toThrow(RangeError);
  });

  it('meanOfValid has no mean without values', () => {
    expect(meanOfValid([], 0)).toBeNull();
    expect(meanOfValid([null, undefined], 0)).toBeNull();
  });
});

describe('hours of a China day', () => {
  const d = daysFromCivil(2018, 2, 20);

  it('orders the hours ending 01:00 … 24:00, leaving out other days', () => {
    const points: HourlyValue[] = [
      { time: chinaTime(2018, 2, 20, 0), value: 999 }, // 23:00–24:00 of the 19th
      { time: chinaTime(2018, 2, 20, 1), value: 1 },
      { time: chinaTime(2018, 2, 20, 16), value: 16 },
      { time: chinaTime(2018, 2, 21, 0), value: 24 },
      { time: chinaTime(2018, 2, 21, 1), value: 999 },
    ];
    const hours = hoursOfDay(points, d);
    expect(hours[0]).toBe(1);
    expect(hours[15]).toBe(16);
    expect(hours[23]).toBe(24);
    expect(hours.filter((h) => h !== null)).toHaveLength(3);
  });

  it('refuses labels off the hour and repeated hours', () => {
    expect(() => hoursOfDay([{ time: chinaTime(2018, 2, 20, 1, 30), value: 1 }], d)).toThrow(RangeError);
    const t = chinaTime(2018, 2, 20, 5);
    expect(() =>
      hoursOfDay(
        [
          { time: t, value: 1 },
          { time: t, value: 2 },
        ],
        d,
      ),
    ).toThrow(/twice/);
  });

  it('summarises a day', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({ time: chinaTime(2018, 2, 20, 1) + i * 3600, value: 40 }));
    expect(dailySummary(points, d)).toEqual({ validHours: 24, mean: 40, maxEightHourMean: 40 });
    // 19 hours are too few for a 24-hour mean, but the windows ending 08:00 … 21:00 are 14 valid ones.
    expect(dailySummary(points.slice(0, 19), d)).toEqual({ validHours: 19, mean: null, maxEightHourMean: 40 });
    expect(dailySummary(points.slice(0, 18), d)).toEqual({ validHours: 18, mean: null, maxEightHourMean: null });
  });
});
