import { describe, expect, it } from 'vitest';
import { clickTarget, hotspotColor, lidarMapOption, roadLines, shiftTime } from './lidar-map';

describe('the lidar map', () => {
  it('moves China times across days', () => {
    expect(shiftTime('2026-11-25 07:30:00', -24 * 3600)).toBe('2026-11-24 07:30:00');
    expect(shiftTime('2026-11-25 23:45:00', 1800)).toBe('2026-11-26 00:15:00');
  });

  it('places the overlay on the scan’s rectangle and tells clicks apart', () => {
    const scan = {
      rectangle: {
        west: 116.38,
        east: 116.52,
        south: 39.88,
        north: 39.99,
        radius: 6000,
        center: [116.45, 39.935] as [number, number],
      },
      overlayUrl: '/servlet/LidarSpreadShadowServlet?deviceId=1',
    } as never;
    const option = lidarMapOption({
      mapName: 'lt-area-110105',
      devices: [],
      scan,
      hotspots: [],
      plots: [],
      selected: null,
    }) as {
      series: Array<{
        id: string;
        renderItem?: (p: unknown, api: unknown) => { style: { x: number; width: number; image: string } };
      }>;
      geo: { center: number[] };
    };
    const overlay = option.series.find((s) => s.id === 'overlay');
    const drawn = overlay?.renderItem?.({}, { coord: ([lon, lat]: [number, number]) => [lon * 100, -lat * 100] });
    expect(drawn?.style.x).toBeCloseTo(11638, 6);
    expect(drawn?.style.width).toBeCloseTo(14, 6);
    expect(drawn?.style.image).toContain('LidarSpreadShadowServlet');
    expect(option.geo.center).toEqual([116.45, 39.935]);
    expect(clickTarget({ hotspotId: '7' })).toEqual({ kind: 'hotspot', id: '7' });
    expect(clickTarget({ deviceId: '3' })).toEqual({ kind: 'device', id: '3' });
    expect(clickTarget('x')).toBeUndefined();
  });

  it('colours hot spots by review state and road segments by warning level', () => {
    expect(hotspotColor('confirmed')).toBe('#cf1322');
    const lines = roadLines([
      {
        roadId: '1',
        name: '京港澳高速',
        minVisibility: 120,
        level: 2,
        levelName: '橙色预警',
        segments: [
          { from: [116, 39], to: [116.01, 39.01], visibility: 120, grade: '强浓雾', level: 2 },
          { from: [116.01, 39.01], to: [116.02, 39.02], visibility: 3000, grade: '轻雾', level: null },
          { from: [116.02, 39.02], to: [116.03, 39.03], visibility: null, grade: '无数据', level: null },
        ],
      },
    ]);
    expect(lines.map((l) => l.lineStyle.color)).toEqual(['#fa8c16', '#52c41a', '#bfbfbf']);
  });
});
