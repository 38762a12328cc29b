import { describe, expect, it } from 'vitest';
import {
  chinaClock,
  chinaTimeMs,
  clock,
  eventIdOf,
  formatDistance,
  gridTreeOptions,
  patrolParams,
  positionAt,
  type TrackTuple,
  trackBounds,
  trackMapOption,
  walkedBy,
} from './patrol-view';

const track: TrackTuple[] = [
  [116.0, 39.0, 1000],
  [116.1, 39.0, 2000],
  [116.1, 39.2, 4000],
];

describe('patrolParams', () => {
  it('keeps well-formed filters and drops the rest', () => {
    expect(
      patrolParams({
        pageNum: 2,
        pageSize: 20,
        keyword: '张',
        status: 'active',
        gridCode: '110105001',
        patrolTools: 'walk',
        startTime: '2025-05-01 00:00:00',
        sortBy: 'x',
      }),
    ).toEqual({
      pageNum: 2,
      pageSize: 20,
      keyword: '张',
      status: 'active',
      gridCode: '110105001',
      patrolTools: 'walk',
      startTime: '2025-05-01 00:00:00',
    });
    expect(patrolParams({ status: 'lost', gridCode: '11', patrolTools: '1x', endTime: '2025-05-01' })).toEqual({});
  });
});

describe('words', () => {
  it('says distances and stopwatch times', () => {
    expect(formatDistance(0)).toBe('0 米');
    expect(formatDistance(850.4)).toBe('850 米');
    expect(formatDistance(12_345)).toBe('12.35 公里');
    expect(clock(307)).toBe('05:07');
    expect(clock(3729)).toBe('1:02:09');
    expect(clock(-5)).toBe('00:00');
  });

  it('reads and writes China time', () => {
    const ms = chinaTimeMs('2025-05-01 09:05:07');
    expect(ms).toBe(Date.UTC(2025, 4, 1, 1, 5, 7));
    expect(chinaClock(ms)).toBe('09:05:07');
    expect(chinaTimeMs('2025-05-01')).toBeNaN();
  });
});

describe('gridTreeOptions', () => {
  it('lets a county or a grid be chosen, and uses grid codes', () => {
    const options = gridTreeOptions([
      {
        code: '110100',
        name: '北京市',
        level: 'city',
        kind: 'area',
        children: [
          {
            code: '110105',
            name: '朝阳区',
            level: 'county',
            kind: 'area',
            children: [
              { code: '110105001', gridCode: '110105001', name: '街道', level: 'grid', kind: 'grid', children: [] },
            ],
          },
        ],
      },
    ]);
    expect(options[0]?.selectable).toBe(false);
    expect(options[0]?.children[0]?.selectable).toBe(true);
    expect(options[0]?.children[0]?.children[0]).toEqual({
      value: '110105001',
      title: '街道',
      selectable: true,
      children: [],
    });
  });
});

describe('replay', () => {
  it('interpolates the position between points', () => {
    expect(positionAt(track, 0)).toEqual({ lon: 116.0, lat: 39.0, index: 1 });
    expect(positionAt(track, 1500)).toEqual({ lon: 116.05, lat: 39.0, index: 1 });
    expect(positionAt(track, 2000)).toEqual({ lon: 116.1, lat: 39.0, index: 2 });
    const mid = positionAt(track, 3000);
    expect(mid.lat).toBeCloseTo(39.1);
    expect(mid.index).toBe(2);
    expect(positionAt(track, 9000)).toEqual({ lon: 116.1, lat: 39.2, index: 3 });
    expect(positionAt([], 0).index).toBe(0);
  });

  it('draws the walked part up to the moving marker', () => {
    expect(walkedBy(track, 1500)).toEqual([
      [116.0, 39.0],
      [116.05, 39.0],
    ]);
    expect(walkedBy(track, 2000)).toEqual([
      [116.0, 39.0],
      [116.1, 39.0],
    ]);
    expect(walkedBy(track, 5000)).toHaveLength(3);
    expect(walkedBy([], 5000)).toEqual([]);
  });

  it('frames the track with a margin', () => {
    const [[left, top], [right, bottom]] = trackBounds(track.map(([lon, lat]) => [lon, lat] as const)) ?? [
      [0, 0],
      [0, 0],
    ];
    expect(left).toBeLessThan(116.0);
    expect(right).toBeGreaterThan(116.1);
    expect(top).toBeGreaterThan(39.2);
    expect(bottom).toBeLessThan(39.0);
    expect(trackBounds([])).toBeUndefined();
  });

  it('builds the map with the track, the ends and clickable events', () => {
    const option = trackMapOption(
      track,
      [{ eventId: '9', title: '扬尘', stateName: '已上报', longitude: 116.1, latitude: 39.1, reportedAt: 'x' }],
      'lt-map',
      1000,
    );
    const series = option.series as { id: string; data: unknown[] }[];
    expect(series.map((s) => s.id)).toEqual(['track', 'walked', 'cursor', 'ends', 'events']);
    expect(series.find((s) => s.id === 'ends')?.data).toHaveLength(2);
    const pin = series.find((s) => s.id === 'events')?.data[0];
    expect(eventIdOf(pin)).toBe('9');
    expect(eventIdOf({ value: [1, 2] })).toBeUndefined();
    expect((option.geo as { map: string }).map).toBe('lt-map');
    expect(trackMapOption(track, [], undefined, 0).geo).toBeUndefined();
  });
});
