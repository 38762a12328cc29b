import { describe, expect, it } from 'vitest';
import {
  type AreaGeometry,
  areaKm2,
  boundaryProblem,
  boundingBox,
  containsPoint,
  inBox,
  inRing,
  labelPoint,
  type PolygonGeometry,
} from './geometry';

/** A square from (x, y) with side `s`, counter-clockwise, closed. */
const square = (x: number, y: number, s: number): number[][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];

const withHole: PolygonGeometry = { type: 'Polygon', coordinates: [square(0, 0, 10), square(4, 4, 2)] };
const twoIslands: AreaGeometry = {
  type: 'MultiPolygon',
  coordinates: [[square(0, 0, 1)], [square(5, 5, 2), square(5.5, 5.5, 1)]],
};

describe('containsPoint', () => {
  it('finds points inside a polygon and refuses points outside', () => {
    const plain: AreaGeometry = { type: 'Polygon', coordinates: [square(0, 0, 10)] };
    expect(containsPoint(plain, 5, 5)).toBe(true);
    expect(containsPoint(plain, 0.001, 9.999)).toBe(true);
    expect(containsPoint(plain, -0.001, 5)).toBe(false);
    expect(containsPoint(plain, 10.001, 5)).toBe(false);
    expect(containsPoint(plain, 5, 11)).toBe(false);
  });

  it('counts a point on an edge or a vertex as inside', () => {
    const plain: AreaGeometry = { type: 'Polygon', coordinates: [square(0, 0, 10)] };
    expect(containsPoint(plain, 0, 5)).toBe(true);
    expect(containsPoint(plain, 10, 10)).toBe(true);
    expect(containsPoint(plain, 5, 0)).toBe(true);
    expect(inRing(10, 3, square(0, 0, 10))).toBe(true);
    // A slanted edge: the triangle (0,0) (4,0) (0,4) has (2,2) on its hypotenuse.
    const triangle: AreaGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [4, 0],
          [0, 4],
        ],
      ],
    };
    expect(containsPoint(triangle, 2, 2)).toBe(true);
    expect(containsPoint(triangle, 2.01, 2.01)).toBe(false);
  });

  it('leaves holes out, but a hole’s edge belongs to the polygon', () => {
    expect(containsPoint(withHole, 5, 5)).toBe(false);
    expect(containsPoint(withHole, 4.5, 5.9)).toBe(false);
    expect(containsPoint(withHole, 3, 5)).toBe(true);
    expect(containsPoint(withHole, 4, 5)).toBe(true);
    expect(containsPoint(withHole, 6, 6)).toBe(true);
  });

  it('finds points in any part of a multipolygon, with the parts’ holes', () => {
    expect(containsPoint(twoIslands, 0.5, 0.5)).toBe(true);
    expect(containsPoint(twoIslands, 5.2, 5.2)).toBe(true);
    expect(containsPoint(twoIslands, 6, 6)).toBe(false);
    expect(containsPoint(twoIslands, 3, 3)).toBe(false);
    expect(containsPoint(twoIslands, 1, 1)).toBe(true);
  });

  it('works on open rings too (the closing position left out)', () => {
    const open: AreaGeometry = { type: 'Polygon', coordinates: [square(0, 0, 2).slice(0, 4)] };
    expect(containsPoint(open, 1, 1)).toBe(true);
    expect(containsPoint(open, 0, 1)).toBe(true);
    expect(containsPoint(open, 3, 1)).toBe(false);
  });
});

describe('boundingBox, areaKm2, labelPoint', () => {
  it('bounds the outer rings of every part', () => {
    expect(boundingBox(twoIslands)).toEqual({ minLon: 0, minLat: 0, maxLon: 7, maxLat: 7 });
    const box = boundingBox(withHole);
    expect(inBox(box, 10, 10)).toBe(true);
    expect(inBox(box, 10.1, 10)).toBe(false);
  });

  it('measures km² with holes subtracted, near the equator and at Beijing’s latitude', () => {
    const degree: AreaGeometry = { type: 'Polygon', coordinates: [square(0, 0, 1)] };
    expect(areaKm2(degree)).toBeCloseTo(111.32 * 111.32 * Math.cos((0.5 * Math.PI) / 180), 3);
    // 0.01° × 0.01° at 40° N: about 0.949 km².
    const small: AreaGeometry = { type: 'Polygon', coordinates: [square(116.4, 39.995, 0.01)] };
    expect(areaKm2(small)).toBeCloseTo(0.949, 2);
    // The hole (4 of 100 square degrees) is taken out; ring direction does not matter.
    const reversed: AreaGeometry = { type: 'Polygon', coordinates: [square(0, 0, 10).reverse(), square(4, 4, 2)] };
    expect(areaKm2(reversed) / areaKm2({ type: 'Polygon', coordinates: [square(0, 0, 10)] })).toBeCloseTo(0.96, 2);
  });

  it('puts the label at the centroid of the largest part', () => {
    expect(labelPoint({ type: 'Polygon', coordinates: [square(2, 2, 2)] })).toEqual([3, 3]);
    const [lon, lat] = labelPoint(twoIslands);
    expect(lon).toBeCloseTo(6, 9);
    expect(lat).toBeCloseTo(6, 9);
    // A degenerate ring (no area): the middle of its box.
    const flat: AreaGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [4, 0],
        ],
      ],
    };
    expect(labelPoint(flat)).toEqual([2, 0]);
  });
});

describe('boundaryProblem', () => {
  it('accepts polygons and multipolygons with holes', () => {
    expect(boundaryProblem(withHole)).toBeNull();
    expect(boundaryProblem(twoIslands)).toBeNull();
    expect(boundaryProblem({ type: 'Polygon', coordinates: [square(116, 39, 0.1).slice(0, 3)] })).toBeNull();
  });

  it('names what is wrong, in Chinese', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /Polygon 或 MultiPolygon/],
      ['Polygon', /Polygon 或 MultiPolygon/],
      [{ type: 'Point', coordinates: [1, 2] }, /Polygon 或 MultiPolygon/],
      [{ type: 'LineString', coordinates: square(0, 0, 1) }, /Polygon 或 MultiPolygon/],
      [{ type: 'Polygon' }, /没有坐标/],
      [{ type: 'Polygon', coordinates: [] }, /没有坐标/],
      [{ type: 'MultiPolygon', coordinates: [[]] }, /没有外环/],
      [{ type: 'MultiPolygon', coordinates: ['x'] }, /没有外环/],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
        /至少需要 3 个点/,
      ],
      [{ type: 'Polygon', coordinates: [[[0, 0], [1], [1, 1]]] }, /\[经度, 纬度\]/],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              ['1', 1],
              [1, 1],
            ],
          ],
        },
        /应为数字/,
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [Number.NaN, 1],
              [1, 1],
            ],
          ],
        },
        /应为数字/,
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [181, 1],
              [1, 1],
            ],
          ],
        },
        /超出经纬度范围/,
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 91],
              [1, 1],
            ],
          ],
        },
        /超出经纬度范围/,
      ],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [0, 0],
              [1, 1],
            ],
          ],
        },
        /3 个不同的点/,
      ],
    ];
    for (const [value, problem] of cases) {
      expect(boundaryProblem(value), JSON.stringify(value)).toMatch(problem);
    }
  });
});
