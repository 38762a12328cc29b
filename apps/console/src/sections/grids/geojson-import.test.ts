import { describe, expect, it } from 'vitest';
import { checkImportFile } from './geojson-import';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [116.38, 39.97],
      [116.39, 39.97],
      [116.39, 39.98],
      [116.38, 39.97],
    ],
  ],
};
const feature = (properties: Record<string, unknown>, geometry: unknown = square) => ({
  type: 'Feature',
  properties,
  geometry,
});
const file = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

describe('checking a GeoJSON file before import', () => {
  it('refuses what is not a FeatureCollection, too big, or empty', () => {
    expect(checkImportFile('{', 10)).toEqual({ ok: false, message: '文件不是有效的 JSON' });
    expect(checkImportFile('{"type":"Feature"}', 10)).toMatchObject({
      ok: false,
      message: '应为 GeoJSON FeatureCollection',
    });
    expect(checkImportFile(file([]), 10)).toMatchObject({ ok: false, message: '文件中没有要导入的网格' });
    expect(checkImportFile(file([]), 6 * 1024 * 1024)).toMatchObject({
      ok: false,
      message: expect.stringContaining('5 MB'),
    });
    const many = file(Array.from({ length: 2001 }, () => feature({ name: 'a', areaCode: '110105' })));
    expect(checkImportFile(many, 100)).toMatchObject({ ok: false, message: expect.stringContaining('2000') });
  });

  it('previews the features and lists each one’s problems', () => {
    const check = checkImportFile(
      `\uFEFF${file([
        feature({ name: '安慧里', areaCode: '110105' }),
        feature({ parentCode: '110105001' }),
        feature({ name: '无上级' }),
        feature({ name: '坏边界', areaCode: '110105' }, { type: 'Point', coordinates: [1, 2] }),
        'junk',
      ])}`,
      100,
    );
    if (!check.ok) throw new Error(check.message);
    expect(check.preview.features).toHaveLength(5);
    expect(check.preview.names).toEqual(['安慧里', null, '无上级', '坏边界', null]);
    expect(check.preview.problems).toEqual([
      { index: 1, name: null, message: '缺少名称（properties.name）' },
      { index: 2, name: '无上级', message: expect.stringContaining('缺少上级') },
      { index: 3, name: '坏边界', message: '边界应为 GeoJSON Polygon 或 MultiPolygon' },
      { index: 4, name: null, message: '不是 GeoJSON Feature' },
    ]);
  });

  it('gives the chosen parent to features that name none', () => {
    const check = checkImportFile(
      file([feature({ name: 'a' }), feature({ name: 'b', parentCode: '110105002' })]),
      100,
      '110105001',
    );
    if (!check.ok) throw new Error(check.message);
    expect(check.preview.problems).toEqual([]);
    expect(check.preview.features).toMatchObject([
      { properties: { name: 'a', parentCode: '110105001' } },
      { properties: { name: 'b', parentCode: '110105002' } },
    ]);
    const county = checkImportFile(file([feature({ name: 'a' })]), 100, '110105');
    expect(county.ok && county.preview.features[0]).toMatchObject({ properties: { areaCode: '110105' } });
  });
});
