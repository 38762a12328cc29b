import { describe, expect, it } from 'vitest';
import { cellColours, cellPixels, pixelOf, rampColour } from './grid-paint';

const grid = { ncols: 4, nrows: 2, xllcorner: 116, yllcorner: 39.5, cellsize: 0.25, index: 'aqi' as const };

describe('the interpolation picture', () => {
  it('sizes cells to fit the width', () => {
    expect(cellPixels(grid, 720)).toBe(180);
    expect(cellPixels({ ncols: 80, nrows: 40 }, 720)).toBe(9);
  });

  it('colours cells on the level ramp and leaves cells without a value empty', () => {
    // The middles of the AQI bands: 25 优 (green), 75 良 (yellow), 175 中度 (red); 50 is halfway green → yellow.
    expect(cellColours({ ...grid, values: [[20, 25, 50, null, 75, 175]] })).toEqual([
      ['#00e400', '#00e400', '#80f200', null, '#ffff00', '#ff0000'],
    ]);
  });

  it('places the south-west corner at the bottom left and the north edge at row 0', () => {
    expect(pixelOf(grid, 10, 116, 39.5)).toEqual({ x: 0, y: 20 });
    expect(pixelOf(grid, 10, 117, 40)).toEqual({ x: 40, y: 0 });
  });
});

describe('rampColour', () => {
  it("uses each pollutant's own breaks", () => {
    // PM2.5 bands 0–35, 35–75: middles 17.5 and 55.
    expect(rampColour('pm2_5', 17.5)).toBe('#00e400');
    expect(rampColour('pm2_5', 55)).toBe('#ffff00');
    expect(rampColour('pm2_5', 1000)).toBe('#7e0023');
  });
});
