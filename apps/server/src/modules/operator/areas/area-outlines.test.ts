import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childrenOf } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { MapFiles } from '../../data/maps';
import { AreaOutlines, boundsOf } from './area-outlines';

const square = (adcode: number, name: string, [x, y]: [number, number], extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  properties: { adcode, name, ...extra },
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [x, y],
          [x + 1, y],
          [x + 1, y + 1],
          [x, y],
        ],
      ],
    ],
  },
});

/** A made-up map folder: the country's file with 北京 and 广东, 北京's with two districts; nothing else. */
function mapDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'outlines-'));
  for (const [code, body] of Object.entries(files)) {
    writeFileSync(path.join(dir, `${code}.json`), typeof body === 'string' ? body : JSON.stringify(body));
  }
  return dir;
}

const COUNTRY = {
  type: 'FeatureCollection',
  features: [square(110000, '北京市', [116, 39], { centroid: [116.4, 40.2] }), square(440000, '广东省', [113, 23])],
};
const BEIJING = {
  type: 'FeatureCollection',
  features: [square(110105, '朝阳区', [116.4, 39.9]), square(110108, '海淀区', [116.2, 39.9])],
};

describe('AreaOutlines', () => {
  it('finds an area in the nearest enclosing file, and the country as its whole file', async () => {
    const outlines = new AreaOutlines(new MapFiles(mapDir({ '100000': COUNTRY, '110000': BEIJING })));
    expect((await outlines.outlineOf('110105')).features.map((f) => f.properties.name)).toEqual(['朝阳区']);
    expect((await outlines.outlineOf('110000')).features.map((f) => f.properties.centroid)).toEqual([[116.4, 40.2]]);
    expect((await outlines.outlineOf('100000')).features).toHaveLength(2);
    // 深圳 is in no file here: 广东 has none, and the country's holds only provinces.
    await expect(outlines.outlineOf('440300')).rejects.toMatchObject({ status: 404, msg: '该地区没有地图轮廓' });
  });

  it('gives the children of an area its own file, or those of its listed children the map has', async () => {
    const outlines = new AreaOutlines(new MapFiles(mapDir({ '100000': COUNTRY, '110000': BEIJING })));
    expect((await outlines.childrenOf('110000', childrenOf('110000'))).features).toHaveLength(2);
    expect(await outlines.childrenOf('440000', childrenOf('440000'))).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
  });

  it('fails loudly on a file that is not a collection of area features, and answers 503 without the package', async () => {
    const broken = new AreaOutlines(
      new MapFiles(mapDir({ '100000': { type: 'FeatureCollection', features: [{ type: 'Feature' }] } })),
    );
    await expect(broken.outlineOf('100000')).rejects.toMatchObject({
      code: ErrorCode.INTERNAL,
      msg: '地图文件格式不符',
    });
    await expect(new AreaOutlines(new MapFiles(undefined)).outlineOf('110105')).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe('boundsOf', () => {
  it('spans every coordinate of every feature, and is null without any', () => {
    const features = [square(1, 'a', [116, 39]), square(2, 'b', [113.5, 23.25])].map((f) => ({
      ...f,
      type: 'Feature' as const,
    }));
    expect(boundsOf(features)).toEqual([
      [113.5, 23.25],
      [117, 40],
    ]);
    expect(boundsOf([])).toBeNull();
  });
});
