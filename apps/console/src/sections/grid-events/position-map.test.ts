import { describe, expect, it } from 'vitest';
import { mergeOutlines, positionMapOption, usablePoint } from './position-map';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 39],
    ],
  ],
};

describe('the report form’s map', () => {
  it('draws the grids over the area, each as a region of its own', () => {
    const merged = mergeOutlines(
      { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: '朝阳区' }, geometry: square }] },
      {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { name: '亚运村街道', gridCode: '110105001' }, geometry: square }],
      },
    );
    expect(merged.gridNames).toEqual(['网格·亚运村街道']);
    expect(merged.empty).toBe(false);
    const parsed = JSON.parse(merged.text) as { features: { properties: { name: string } }[] };
    expect(parsed.features.map((f) => f.properties.name)).toEqual(['朝阳区', '网格·亚运村街道']);
    expect(positionMapOption('m', merged.gridNames, [116.4, 39.98]).geo.regions).toHaveLength(1);
  });
  it('works without grids (the call refused) and says when there is nothing to draw', () => {
    expect(mergeOutlines(undefined, undefined).empty).toBe(true);
    expect(positionMapOption('m', [], undefined).series[0]?.data).toEqual([]);
  });
  it('takes only points inside China', () => {
    expect(usablePoint([116.4, 39.9])).toBe(true);
    expect(usablePoint([Number.NaN, 39.9])).toBe(false);
    expect(usablePoint([10, 39.9])).toBe(false);
    expect(usablePoint(undefined)).toBe(false);
  });
});
