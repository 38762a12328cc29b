import { describe, expect, it } from 'vitest';
import {
  addVertex,
  canClose,
  closeDrawing,
  drawingBoundary,
  drawingFromBoundary,
  EMPTY_DRAWING,
  isComplexBoundary,
  isSecondClick,
  undoVertex,
} from './drawing';

const triangle = [addVertex, addVertex, addVertex].reduce(
  (d, add, i) => add(d, [116.4 + i * 0.01, 39.9 + (i === 1 ? 0.01 : 0)]),
  EMPTY_DRAWING,
);

describe('drawing a boundary', () => {
  it('adds vertices, ignoring a repeat of the last one and non-numbers', () => {
    const one = addVertex(EMPTY_DRAWING, [116.4, 39.9]);
    expect(addVertex(one, [116.4, 39.9])).toBe(one);
    expect(addVertex(one, [Number.NaN, 39.9])).toBe(one);
    expect(addVertex(one, [116.41, 39.9]).vertices).toHaveLength(2);
  });

  it('closes only with three distinct vertices', () => {
    const two = addVertex(addVertex(EMPTY_DRAWING, [1, 1]), [2, 2]);
    expect(canClose(two)).toBe(false);
    expect(closeDrawing(two)).toBe(two);
    expect(canClose(triangle)).toBe(true);
    expect(closeDrawing(triangle).closed).toBe(true);
  });

  it('adds nothing once closed; undo reopens, then removes the last vertex', () => {
    const closed = closeDrawing(triangle);
    expect(addVertex(closed, [5, 5])).toBe(closed);
    const reopened = undoVertex(closed);
    expect(reopened).toEqual({ vertices: triangle.vertices, closed: false });
    expect(undoVertex(reopened).vertices).toHaveLength(2);
    expect(undoVertex(EMPTY_DRAWING)).toEqual(EMPTY_DRAWING);
  });

  it('gives a closed ring as a GeoJSON Polygon, rounded to 7 decimals', () => {
    expect(drawingBoundary(triangle)).toBeNull();
    const drawn = closeDrawing(addVertex(addVertex(addVertex(EMPTY_DRAWING, [1.123456789, 2]), [3, 2]), [3, 4]));
    expect(drawingBoundary(drawn)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [1.1234568, 2],
          [3, 2],
          [3, 4],
          [1.1234568, 2],
        ],
      ],
    });
  });

  it('starts editing from an existing boundary without its closing position', () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
    };
    expect(drawingFromBoundary(polygon)).toEqual({
      vertices: [
        [1, 1],
        [2, 1],
        [2, 2],
      ],
      closed: false,
    });
    expect(drawingFromBoundary({ type: 'MultiPolygon', coordinates: [polygon.coordinates] }).vertices).toHaveLength(3);
    expect(drawingFromBoundary(undefined)).toEqual(EMPTY_DRAWING);
    expect(isComplexBoundary(polygon)).toBe(false);
    expect(isComplexBoundary({ type: 'MultiPolygon', coordinates: [polygon.coordinates, polygon.coordinates] })).toBe(
      true,
    );
    expect(isComplexBoundary({ type: 'Polygon', coordinates: [polygon.coordinates[0], polygon.coordinates[0]] })).toBe(
      true,
    );
  });

  it('tells the second click of a double-click from a new click', () => {
    const first = { x: 100, y: 100, at: 1000 };
    expect(isSecondClick(undefined, first)).toBe(false);
    expect(isSecondClick(first, { x: 102, y: 101, at: 1200 })).toBe(true);
    expect(isSecondClick(first, { x: 140, y: 100, at: 1200 })).toBe(false);
    expect(isSecondClick(first, { x: 100, y: 100, at: 2000 })).toBe(false);
  });
});
