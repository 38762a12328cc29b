import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import {
  checkLineAgainstOrder,
  checkOrder,
  checkThresholds,
  daySlots,
  demoMeterReading,
  energyUsed,
  episodesOf,
  isFresh,
  linkageAt,
  meterState,
  orderActiveAt,
  problemTransition,
  toSlots,
} from '.';

const line = { standbyKw: 5, runningKw: 20 };
const treatment = { standbyKw: 2, runningKw: 10 };

describe('meter state', () => {
  it('reads stopped, standby and running from the power bands', () => {
    expect(meterState(1, line)).toBe('stopped');
    expect(meterState(5, line)).toBe('standby');
    expect(meterState(19.99, line)).toBe('standby');
    expect(meterState(20, line)).toBe('running');
    expect(meterState(null, line)).toBe('unknown');
    expect(meterState(Number.NaN, line)).toBe('unknown');
  });
  it('refuses thresholds that cannot be told apart', () => {
    expect(checkThresholds({ standbyKw: 10, runningKw: 5 })).toEqual(['运行功率阈值不能小于待机功率阈值']);
    expect(checkThresholds({ standbyKw: -1, runningKw: 0 })).toHaveLength(2);
    expect(checkThresholds(line)).toEqual([]);
  });
  it('a reading older than two intervals is not fresh', () => {
    expect(isFresh(1000, 1000 + 1800, 900)).toBe(true);
    expect(isFresh(1000, 1000 + 1801, 900)).toBe(false);
    expect(isFresh(2000, 1000, 900)).toBe(false);
  });
});

describe('production vs treatment', () => {
  const at = (lines: Array<'stopped' | 'standby' | 'running' | 'unknown'>, powerKw: number | null) =>
    linkageAt({ lines, treatment: { powerKw, thresholds: treatment, ratedKw: 30 }, minLoadPercent: 30 });

  it('finds a stopped or idling treatment while a served line runs', () => {
    expect(at(['running', 'stopped'], 0.5)).toMatchObject({
      productionRunning: true,
      treatmentStopped: true,
      underLoaded: false,
    });
    expect(at(['running'], 5).treatmentStopped).toBe(true);
  });
  it('finds nothing while production is stopped or unknown', () => {
    expect(at(['stopped', 'standby'], 0)).toMatchObject({ productionRunning: false, treatmentStopped: false });
    expect(at(['unknown'], 0).treatmentStopped).toBe(false);
  });
  it('finds an under-loaded treatment below the rated share', () => {
    const low = at(['running'], 10);
    expect(low).toMatchObject({ treatmentState: 'running', loadPercent: 33.3, underLoaded: false });
    expect(at(['running'], 9.5).treatmentState).toBe('standby');
    const under = linkageAt({
      lines: ['running'],
      treatment: { powerKw: 12, thresholds: treatment, ratedKw: 60 },
      minLoadPercent: 30,
    });
    expect(under).toMatchObject({
      treatmentState: 'running',
      loadPercent: 20,
      underLoaded: true,
      treatmentStopped: false,
    });
  });
  it('without a rated power there is no load finding', () => {
    const r = linkageAt({
      lines: ['running'],
      treatment: { powerKw: 12, thresholds: treatment, ratedKw: null },
      minLoadPercent: 30,
    });
    expect(r).toMatchObject({ loadPercent: null, underLoaded: false });
  });
});

describe('episodes with a minimum duration', () => {
  const q = 900;
  const series = (flags: Array<boolean | null>, start = 0) => flags.map((flag, i) => ({ t: start + i * q, flag }));

  it('keeps runs lasting the minimum duration and drops shorter ones', () => {
    // 14:00–15:30 in 15-minute points: six flagged points make 90 minutes.
    const points = series([false, true, true, true, true, true, true, false, true, false]);
    expect(episodesOf(points, q, 1800)).toEqual([{ start: q, end: 7 * q, durationSeconds: 6 * q }]);
    expect(episodesOf(points, q, 900)).toHaveLength(2);
  });
  it('a missing point or a gap ends a run', () => {
    expect(episodesOf(series([true, true, null, true, true]), q, 1800)).toEqual([
      { start: 0, end: 2 * q, durationSeconds: 1800 },
      { start: 3 * q, end: 5 * q, durationSeconds: 1800 },
    ]);
    const gap = [
      { t: 0, flag: true },
      { t: q, flag: true },
      { t: 4 * q, flag: true },
    ];
    expect(episodesOf(gap, q, 0)).toEqual([
      { start: 0, end: 2 * q, durationSeconds: 2 * q },
      { start: 4 * q, end: 5 * q, durationSeconds: q },
    ]);
  });
  it('refuses unsorted points', () => {
    expect(() =>
      episodesOf(
        [
          { t: q, flag: true },
          { t: 0, flag: true },
        ],
        q,
        0,
      ),
    ).toThrow(RangeError);
  });
});

describe('停限产 orders', () => {
  const lineMeter = { thresholds: { standbyKw: 20, runningKw: 60 }, baselineKw: 180 };
  const limit = { measure: 'limit' as const, ratio: 30, startAt: 100, endAt: 200 };

  it('a limited line may draw its share of the baseline', () => {
    expect(checkLineAgainstOrder(limit, lineMeter, 126)).toEqual({ violation: null, allowedKw: 126, usePercent: 100 });
    expect(checkLineAgainstOrder(limit, lineMeter, 168)).toEqual({
      violation: 'over_share',
      allowedKw: 126,
      usePercent: 133.3,
    });
  });
  it('a stopped line must not run; standby is allowed', () => {
    const stop = { measure: 'stop' as const, ratio: null, startAt: 100, endAt: 200 };
    expect(checkLineAgainstOrder(stop, lineMeter, 70).violation).toBe('running_under_stop');
    expect(checkLineAgainstOrder(stop, lineMeter, 30).violation).toBeNull();
    expect(checkLineAgainstOrder(stop, lineMeter, null).violation).toBeNull();
  });
  it('holds on [start, end) and checks its own fields', () => {
    expect(orderActiveAt(limit, 100)).toBe(true);
    expect(orderActiveAt(limit, 200)).toBe(false);
    expect(checkOrder({ ...limit, ratio: 0 })).toEqual(['限产比例应为 1–99 之间的百分数']);
    expect(checkOrder({ ...limit, endAt: 100 })).toEqual(['结束时间应晚于开始时间']);
  });
});

describe('problem forms', () => {
  it('walks 待指派 → 整改中 → 待复核 → 已办结, a failed review going back', () => {
    expect(problemTransition('open', 'assign')).toEqual({ ok: true, to: 'assigned' });
    expect(problemTransition('assigned', 'rectify')).toEqual({ ok: true, to: 'rectified' });
    expect(problemTransition('rectified', 'reject')).toEqual({ ok: true, to: 'assigned' });
    expect(problemTransition('rectified', 'approve')).toEqual({ ok: true, to: 'closed' });
  });
  it('refuses out-of-order steps with a reason, and closed is final', () => {
    expect(problemTransition('open', 'approve')).toEqual({ ok: false, message: '问题单待指派，不能复核通过' });
    expect(problemTransition('closed', 'close').ok).toBe(false);
    expect(problemTransition('closed', 'assign').ok).toBe(false);
  });
});

describe('series arithmetic', () => {
  const day = chinaTime(2026, 12, 1);
  it('a day has 96 slots of 15 minutes; missing slots stay null', () => {
    const slots = daySlots(day, 15);
    expect(slots).toHaveLength(96);
    const values = toSlots(
      [
        [day, 10],
        [day + 300, 20],
        [day + 1800, null],
      ],
      slots,
      15,
    );
    expect(values[0]).toBe(15);
    expect(values[1]).toBeNull();
    expect(values[2]).toBeNull();
    expect(() => daySlots(day, 7)).toThrow(RangeError);
  });
  it('energy sums the rises of the register and skips a reset', () => {
    expect(energyUsed([100, 110, null, 125])).toBe(25);
    expect(energyUsed([100, 110, 3, 8])).toBe(15);
    expect(energyUsed([100])).toBeNull();
  });
});

describe('demo meters', () => {
  const day = chinaTime(2026, 12, 1);
  it('the furniture factory treatment stands by from 14:00 to 15:30 while the spray line runs', () => {
    const t = day + 14 * 3600 + 30 * 60;
    expect(meterState(demoMeterReading('spray_line', 1, t).powerKw, line)).toBe('running');
    expect(meterState(demoMeterReading('voc_treatment', 2, t).powerKw, treatment)).toBe('stopped');
    expect(meterState(demoMeterReading('voc_treatment', 2, day + 10 * 3600).powerKw, treatment)).toBe('running');
  });
  it('the register never falls, across midnight too', () => {
    let last = 0;
    for (let t = day - 3600; t < day + 2 * 86_400; t += 900) {
      const e = demoMeterReading('kiln', 3, t).energyKwh;
      expect(e).toBeGreaterThanOrEqual(last);
      last = e;
    }
  });
});
