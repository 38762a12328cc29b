import type { TyphoonFeatureCollection } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { frameDelay, nextFrame, previousFrame } from './radar-loop';
import { CATEGORY_COLORS, pointsOf, typhoonOption } from './typhoon-option';

describe('the radar loop', () => {
  it('wraps both ways and lingers on the last frame', () => {
    expect([nextFrame(0, 3), nextFrame(2, 3), previousFrame(0, 3), nextFrame(0, 0)]).toEqual([1, 0, 2, 0]);
    expect(frameDelay(2, 3)).toBeGreaterThan(frameDelay(0, 3));
  });
});

describe('the typhoon map', () => {
  const fc: TyphoonFeatureCollection = {
    type: 'FeatureCollection',
    year: 2023,
    message: null,
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [135.4, 11.7],
            [150.2, 20],
          ],
        },
        properties: {
          kind: 'track',
          id: '2023-9',
          year: 2023,
          international: '2305',
          nameEn: 'DOKSURI',
          nameCn: '杜苏芮',
          maxCategoryName: '超强台风',
          minPressure: 915,
          maxWind: 62,
          start: '2023-07-21 02:00:00',
          end: '2023-07-21 08:00:00',
          points: 2,
        },
      },
      ...[
        [135.4, 11.7, 1],
        [150.2, 20, 6],
      ].map(([lon = 0, lat = 0, category = 0]) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon, lat] as [number, number] },
        properties: {
          kind: 'point' as const,
          time: '2023-07-21 02:00:00',
          category,
          categoryCode: 'TD',
          categoryName: '热带低压',
          pressure: 1004,
          wind: 15,
        },
      })),
    ],
  };

  it('draws one dot per point in its grade colour, and frames a track reaching past 135°E', () => {
    const option = typhoonOption(fc) as {
      series: { data: { itemStyle?: { color: string } }[] }[];
      geo: { center: number[]; zoom: number };
    };
    expect(pointsOf(fc)).toHaveLength(2);
    expect(option.series[1]?.data.map((d) => d.itemStyle?.color)).toEqual([CATEGORY_COLORS[1], CATEGORY_COLORS[6]]);
    expect(option.geo.center[0]).toBeCloseTo((108 + 152.2) / 2);
    expect(option.geo.zoom).toBeGreaterThan(1);
  });
});
