import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import {
  AGGREGATION_RULES,
  aggregateDay,
  aggregateDays,
  aggregateHour,
  aggregateHours,
  aggregationMethodOf,
  dayBucketOf,
  energyMean,
  expectedSamplesPerHour,
  type HourInput,
  hourBucketOf,
  hoursOfDayBucket,
  minValidMinutes,
  type TelemetrySample,
  vectorMeanDirection,
} from './aggregate';

const H16 = chinaTime(2024, 5, 1, 16);
/** The minute values of the hour labelled 16:00: stamped 15:01 … 16:00. */
const minutesOfHour = (values: readonly (number | null)[], flags: readonly (string | null)[] = []): TelemetrySample[] =>
  values.map((value, i) => ({ t: H16 - 3600 + (i + 1) * 60, value, flag: flags[i] ?? null }));
const repeat = <T>(n: number, v: T): T[] => new Array<T>(n).fill(v);

/** Angular distance in degrees, 0–180. */
const angleBetween = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

describe('buckets (hours labelled by their end, days of China time)', () => {
  it('puts 15:00:01 … 16:00:00 in the hour labelled 16:00', () => {
    expect(hourBucketOf(chinaTime(2024, 5, 1, 15, 0, 1))).toBe(H16);
    expect(hourBucketOf(chinaTime(2024, 5, 1, 15, 1))).toBe(H16);
    expect(hourBucketOf(chinaTime(2024, 5, 1, 15, 59, 59))).toBe(H16);
    expect(hourBucketOf(H16)).toBe(H16);
    expect(hourBucketOf(chinaTime(2024, 5, 1, 15))).toBe(H16 - 3600);
    expect(hourBucketOf(chinaTime(2024, 5, 1, 16, 0, 1))).toBe(H16 + 3600);
  });

  it('makes a day of (00:00, 24:00] China time, labelled by its 00:00', () => {
    const may1 = chinaTime(2024, 5, 1);
    const may2 = chinaTime(2024, 5, 2);
    expect(dayBucketOf(chinaTime(2024, 5, 1, 0, 0, 1))).toBe(may1);
    expect(dayBucketOf(chinaTime(2024, 5, 1, 12, 30))).toBe(may1);
    expect(dayBucketOf(chinaTime(2024, 5, 1, 23, 59, 59))).toBe(may1);
    // The minute stamped 24:00 and the hour labelled 24:00 end May 1st.
    expect(dayBucketOf(may2)).toBe(may1);
    expect(dayBucketOf(chinaTime(2024, 5, 1, 1))).toBe(may1);
    // 08:00 China time is 00:00 UTC: China's day, not UTC's.
    expect(dayBucketOf(chinaTime(2024, 5, 1, 7, 30))).toBe(may1);
    expect(dayBucketOf(chinaTime(2024, 5, 1, 8, 30))).toBe(may1);
  });

  it('lists the 24 hour labels of a day, 01:00 … 24:00', () => {
    const hours = hoursOfDayBucket(chinaTime(2024, 5, 1));
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe(chinaTime(2024, 5, 1, 1));
    expect(hours[23]).toBe(chinaTime(2024, 5, 2));
    expect(hours.every((h) => dayBucketOf(h) === chinaTime(2024, 5, 1))).toBe(true);
    expect(() => hoursOfDayBucket(chinaTime(2024, 5, 1, 1))).toThrow(RangeError);
  });
});

describe('how many valid values an hour needs (75 % of those expected)', () => {
  it('follows the device interval', () => {
    expect(AGGREGATION_RULES.hour.minValidMinutes).toBe(45);
    expect(minValidMinutes()).toBe(45);
    expect(minValidMinutes(60)).toBe(45);
    expect(expectedSamplesPerHour(300)).toBe(12);
    expect(minValidMinutes(300)).toBe(9);
    expect(minValidMinutes(600)).toBe(5);
    expect(minValidMinutes(900)).toBe(3);
    expect(minValidMinutes(3600)).toBe(1);
    expect(minValidMinutes(7200)).toBe(1);
    expect(() => minValidMinutes(0)).toThrow(RangeError);
  });
});

describe('hour values', () => {
  it('is valid with 45 valid minutes and not with 44', () => {
    const ok = aggregateHour('a34004', minutesOfHour([...repeat(45, 40), ...repeat(15, null)]));
    expect(ok).toEqual({ value: 40, min: 40, max: 40, count: 60, validCount: 45, required: 45, valid: true });
    const short = aggregateHour('a34004', minutesOfHour(repeat(44, 40)));
    expect(short).toMatchObject({ value: 40, count: 44, validCount: 44, valid: false });
  });

  it('leaves out flagged values (only N or no flag counts)', () => {
    const values = [...repeat(44, 10), ...repeat(8, 999), ...repeat(8, 20)];
    const flags = [...repeat(44, 'N'), 'F', 'M', 'S', 'D', 'C', 'T', 'B', 'D', ...repeat(8, null)];
    const row = aggregateHour('a34004', minutesOfHour(values, flags));
    expect(row.validCount).toBe(52);
    expect(row.count).toBe(60);
    expect(row.max).toBe(20);
    expect(row.value).toBeCloseTo((44 * 10 + 8 * 20) / 52, 12);
    expect(row.valid).toBe(true);

    const flaggedAway = aggregateHour('a34004', minutesOfHour(repeat(60, 10), [...repeat(16, 'D')]));
    expect(flaggedAway).toMatchObject({ validCount: 44, valid: false });
  });

  it('keeps full precision', () => {
    const row = aggregateHour('a34004', minutesOfHour([1, 2, 2]), { minValid: 1 });
    expect(row.value).toBe(5 / 3);
  });

  it('needs 9 of 12 values for a 5-minute device', () => {
    const fiveMinutely = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ t: H16 - 3600 + (i + 1) * 300, value: 1 }));
    expect(aggregateHour('a24088', fiveMinutely(9), { intervalSeconds: 300 }).valid).toBe(true);
    expect(aggregateHour('a24088', fiveMinutely(8), { intervalSeconds: 300 }).valid).toBe(false);
  });

  it('gives a row without a value when nothing is valid', () => {
    expect(aggregateHour('a34004', [])).toEqual({
      value: null,
      min: null,
      max: null,
      count: 0,
      validCount: 0,
      required: 45,
      valid: false,
    });
    expect(aggregateHour('a34004', minutesOfHour(repeat(60, 5), repeat(60, 'M')))).toMatchObject({
      value: null,
      count: 60,
      validCount: 0,
      valid: false,
    });
  });

  it('counts a resent value once (the last one wins)', () => {
    const samples = [...minutesOfHour(repeat(45, 10)), { t: H16 - 3600 + 60, value: 30 }];
    const row = aggregateHour('a34004', samples);
    expect(row.count).toBe(45);
    expect(row.max).toBe(30);
    expect(row.min).toBe(10);
    expect(row.value).toBeCloseTo((44 * 10 + 30) / 45, 12);
  });

  it('refuses values of two hours', () => {
    expect(() =>
      aggregateHour('a34004', [
        { t: H16, value: 1 },
        { t: H16 + 1, value: 1 },
      ]),
    ).toThrow(RangeError);
  });

  it('averages noise as energy: 60 and 70 dB(A) make 67.4', () => {
    expect(aggregationMethodOf('LA')).toBe('energy');
    expect(aggregationMethodOf('LAeq')).toBe('energy');
    expect(energyMean([60, 70])).toBeCloseTo(67.4036, 4);
    const row = aggregateHour('LA', minutesOfHour([...repeat(30, 60), ...repeat(30, 70)]));
    expect(row.value).toBeCloseTo(67.4, 1);
    expect(row.valid).toBe(true);
    // The arithmetic mean would be 65.
    expect(aggregateHour('a34004', minutesOfHour([...repeat(30, 60), ...repeat(30, 70)])).value).toBe(65);
    // Equal levels stay themselves; absurd levels do not overflow.
    expect(energyMean([55, 55, 55])).toBe(55);
    expect(energyMean([4000, 4000])).toBe(4000);
  });

  it('averages wind direction as vectors: 350° and 10° make 0°, not 180°', () => {
    expect(aggregationMethodOf('a01008')).toBe('vector');
    const unitMean = vectorMeanDirection([350, 10]);
    expect(unitMean).not.toBeNull();
    expect(angleBetween(unitMean ?? 180, 0)).toBeLessThan(1e-9);
    expect(unitMean).toBeGreaterThanOrEqual(0);
    expect(unitMean).toBeLessThan(360);

    const row = aggregateHour('a01008', minutesOfHour([...repeat(30, 350), ...repeat(30, 10)]));
    expect(angleBetween(row.value ?? 180, 0)).toBeLessThan(1e-9);
    expect(row.valid).toBe(true);
    expect(vectorMeanDirection([90, 180])).toBeCloseTo(135, 9);
    expect(vectorMeanDirection([270, 0])).toBeCloseTo(315, 9);
  });

  it('weights wind direction by speed when every direction has one', () => {
    const directions = minutesOfHour([...repeat(30, 90), ...repeat(30, 180)]);
    const speeds = minutesOfHour([...repeat(30, 3), ...repeat(30, 1)]);
    const weighted = aggregateHour('a01008', directions, { windSpeed: speeds });
    expect(weighted.value).toBeCloseTo((Math.atan2(3, -1) * 180) / Math.PI, 9); // 108.43°
    // One speed missing (flagged): the unit-vector mean.
    const gappy = speeds.map((s, i) => (i === 0 ? { ...s, flag: 'D' } : s));
    expect(aggregateHour('a01008', directions, { windSpeed: gappy }).value).toBeCloseTo(135, 9);
    // All calm: the unit-vector mean too.
    expect(aggregateHour('a01008', directions, { windSpeed: minutesOfHour(repeat(60, 0)) }).value).toBeCloseTo(135, 9);
    // Speeds only matter for direction.
    expect(aggregateHour('a34004', directions, { windSpeed: speeds }).value).toBe(135);
  });

  it('has no direction when the vectors cancel out', () => {
    expect(vectorMeanDirection([0, 180])).toBeNull();
    const row = aggregateHour('a01008', minutesOfHour([...repeat(30, 0), ...repeat(30, 180)]));
    expect(row).toMatchObject({ value: null, validCount: 60, valid: false });
  });

  it('groups values of many hours into rows labelled by the hour end', () => {
    const samples: TelemetrySample[] = [
      ...minutesOfHour(repeat(60, 10)),
      ...minutesOfHour(repeat(50, 20)).map((s) => ({ ...s, t: s.t + 3600 })),
    ];
    const rows = aggregateHours('a34004', samples.reverse());
    expect(rows.map((r) => [r.t, r.value, r.valid])).toEqual([
      [H16, 10, true],
      [H16 + 3600, 20, true],
    ]);
  });

  it('keeps the mean between the smallest and largest valid value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a34004', 'LA'),
        fc.array(
          fc.record({
            value: fc.option(fc.double({ min: -50, max: 500, noNaN: true }), { nil: null }),
            flag: fc.constantFrom(null, 'N', 'D', 'M'),
          }),
          { maxLength: 60 },
        ),
        (factor, list) => {
          const row = aggregateHour(
            factor,
            list.map((s, i) => ({ t: H16 - i * 60, ...s })),
          );
          const valid = list.filter((s) => s.value !== null && (s.flag === null || s.flag === 'N'));
          expect(row.validCount).toBe(valid.length);
          expect(row.valid).toBe(valid.length >= 45);
          if (valid.length === 0) {
            expect(row.value).toBeNull();
            return;
          }
          expect(row.value).not.toBeNull();
          expect(row.min).not.toBeNull();
          expect(row.max).not.toBeNull();
          expect(row.value ?? Number.NaN).toBeGreaterThanOrEqual(row.min ?? Number.NaN);
          expect(row.value ?? Number.NaN).toBeLessThanOrEqual(row.max ?? Number.NaN);
        },
      ),
    );
  });

  it('never makes the energy mean smaller than the arithmetic mean', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 20, max: 130, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (levels) => {
          const arithmetic = levels.reduce((a, b) => a + b, 0) / levels.length;
          expect(energyMean(levels)).toBeGreaterThanOrEqual(arithmetic - 1e-9);
        },
      ),
    );
  });

  it('gives vector means in [0, 360)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 360, noNaN: true }), { minLength: 1, maxLength: 60 }), (dirs) => {
        const mean = vectorMeanDirection(dirs);
        if (mean === null) return;
        expect(mean).toBeGreaterThanOrEqual(0);
        expect(mean).toBeLessThan(360);
      }),
    );
  });
});

describe('day values', () => {
  const MAY1 = chinaTime(2024, 5, 1);
  const hoursOf = (values: readonly (number | null)[], valid: (i: number) => boolean = () => true): HourInput[] =>
    values.map((value, i) => ({ t: MAY1 + (i + 1) * 3600, value, valid: valid(i) }));

  it('needs 20 valid hours (GB 3095-2012)', () => {
    expect(AGGREGATION_RULES.day.minValidHours).toBe(20);
    expect(aggregateDay('a34004', hoursOf(repeat(20, 35)))).toEqual({
      value: 35,
      min: 35,
      max: 35,
      count: 20,
      validCount: 20,
      required: 20,
      valid: true,
    });
    expect(aggregateDay('a34004', hoursOf(repeat(19, 35)))).toMatchObject({ value: 35, validCount: 19, valid: false });
  });

  it('leaves out invalid hours', () => {
    const values = Array.from({ length: 24 }, (_, i) => (i < 21 ? 10 : 500));
    const row = aggregateDay(
      'a34004',
      hoursOf(values, (i) => i < 21),
    );
    expect(row).toMatchObject({ value: 10, max: 10, count: 24, validCount: 21, valid: true });
    const fewValid = aggregateDay(
      'a34004',
      hoursOf(values, (i) => i < 19),
    );
    expect(fewValid).toMatchObject({ value: 10, validCount: 19, valid: false });
    expect(aggregateDay('a34004', hoursOf(repeat(24, null))).value).toBeNull();
  });

  it('takes the hour labelled 24:00 (00:00 of the next day) and refuses other days', () => {
    const day = hoursOf(repeat(24, 1));
    expect(day[23]?.t).toBe(chinaTime(2024, 5, 2));
    expect(aggregateDay('a34004', day).valid).toBe(true);
    expect(() => aggregateDay('a34004', [{ t: MAY1, value: 1, valid: true }, ...day])).toThrow(RangeError);
    expect(() => aggregateDay('a34004', [{ t: MAY1 + 1800, value: 1, valid: true }])).toThrow(RangeError);
  });

  it('averages noise and wind direction by their own methods', () => {
    const noise = aggregateDay('LA', hoursOf([...repeat(12, 60), ...repeat(12, 70)]));
    expect(noise.value).toBeCloseTo(67.4036, 4);
    const wind = aggregateDay('a01008', hoursOf([...repeat(12, 350), ...repeat(12, 10)]));
    expect(angleBetween(wind.value ?? 180, 0)).toBeLessThan(1e-9);
    const weighted = aggregateDay('a01008', hoursOf([...repeat(12, 90), ...repeat(12, 180)]), {
      windSpeed: hoursOf([...repeat(12, 3), ...repeat(12, 1)]),
    });
    expect(weighted.value).toBeCloseTo(108.4349, 4);
  });

  it('groups hour rows into China days', () => {
    const rows = aggregateDays('a34004', [
      ...hoursOf(repeat(24, 10)),
      ...hoursOf(repeat(24, 20)).map((h) => ({ ...h, t: h.t + 86_400 })),
    ]);
    expect(rows.map((r) => [r.t, r.value, r.valid])).toEqual([
      [MAY1, 10, true],
      [chinaTime(2024, 5, 2), 20, true],
    ]);
  });

  it('chains with hour aggregation', () => {
    const samples: TelemetrySample[] = [];
    for (let m = 1; m <= 24 * 60; m++) samples.push({ t: MAY1 + m * 60, value: m <= 4 * 60 ? null : 8 });
    const hours = aggregateHours('a34004', samples);
    expect(hours).toHaveLength(24);
    const day = aggregateDay('a34004', hours);
    expect(day).toMatchObject({ value: 8, count: 24, validCount: 20, valid: true });
  });
});
