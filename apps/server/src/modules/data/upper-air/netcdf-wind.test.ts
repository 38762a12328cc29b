import { describe, expect, it } from 'vitest';
import { cfFile, GRID } from './demo-upper-air';
import { NetcdfWindError, readNetcdfWind } from './netcdf-wind';
import { writeNetcdf } from './netcdf-writer';

const START = Date.UTC(2026, 10, 28, 0) / 1000;
const N = GRID.nx * GRID.ny;
const names = { u: 'u10', v: 'v10' };

/** Two hours of a field whose u is the column and v the row, so each cell is recognisable. */
function sample() {
  const u = new Float32Array(2 * N);
  const v = new Float32Array(2 * N);
  for (let h = 0; h < 2; h++)
    for (let r = 0; r < GRID.ny; r++)
      for (let c = 0; c < GRID.nx; c++) {
        u[h * N + r * GRID.nx + c] = c / 10 + h;
        v[h * N + r * GRID.nx + c] = -r / 10;
      }
  u[5] = Number.NaN;
  return cfFile(START, 2, '10m', u, v, 'test');
}

const failure = (bytes: Uint8Array) => {
  try {
    readNetcdfWind(bytes, names);
  } catch (err) {
    if (err instanceof NetcdfWindError) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('CF NetCDF wind files', () => {
  it('reads back what the classic-format writer wrote: times, a regular grid north edge first, fill values', () => {
    const file = readNetcdfWind(writeNetcdf(sample()), names);
    expect(file.level).toBe('10m');
    expect(file.demo).toBe(true);
    expect(file.grids.map((g) => g.time)).toEqual([START, START + 3600]);
    const g = file.grids[1];
    expect(g).toMatchObject({ nx: 63, ny: 37, lo1: 73, la1: 54, dx: 1, dy: 1 });
    expect(g?.u[2 * GRID.nx + 7]).toBeCloseTo(1.7, 5);
    expect(g?.v[2 * GRID.nx + 7]).toBeCloseTo(-0.2, 5);
    expect(Number.isNaN(file.grids[0]?.u[5])).toBe(true);
  });

  it('turns a south-to-north file around', () => {
    const f = sample();
    const lat = f.variables.find((v) => v.name === 'lat');
    if (!lat) throw new Error('no lat');
    lat.data = Array.from(lat.data).reverse();
    const g = readNetcdfWind(writeNetcdf(f), names).grids[0];
    // Row 0 of the file is now the south edge: it comes out as the last row.
    expect(g?.la1).toBe(54);
    expect(g?.v[(GRID.ny - 1) * GRID.nx]).toBeCloseTo(0, 5);
    expect(g?.v[0]).toBeCloseTo(-3.6, 5);
  });

  it('refuses corrupted copies with the variable at fault', () => {
    const good = writeNetcdf(sample());
    expect(failure(good.subarray(0, 200))).toContain('文件');
    const bad = Buffer.from(good);
    bad[0] = 0x58;
    expect(failure(bad)).toContain('不是 NetCDF');

    const wrongUnits = sample();
    const v10 = wrongUnits.variables.find((v) => v.name === 'v10');
    if (!v10) throw new Error('no v10');
    v10.attributes.units = { type: 'char', value: 'knots' };
    expect(failure(writeNetcdf(wrongUnits))).toBe('v10：单位应为 m s-1，实为「knots」');

    const noTime = sample();
    const time = noTime.variables.find((v) => v.name === 'time');
    if (!time) throw new Error('no time');
    time.attributes.units = { type: 'char', value: 'since yesterday' };
    expect(failure(writeNetcdf(noTime))).toContain('time：时间单位');

    const irregular = sample();
    const lon = irregular.variables.find((v) => v.name === 'lon');
    if (!lon) throw new Error('no lon');
    lon.data = Array.from(lon.data, (x, i) => (i === 10 ? x + 0.5 : x));
    expect(failure(writeNetcdf(irregular))).toContain('lon：坐标不等距');

    const wild = sample();
    const u10 = wild.variables.find((v) => v.name === 'u10');
    if (!u10) throw new Error('no u10');
    u10.data = Array.from(u10.data, (x, i) => (i === 100 ? 500 : x));
    expect(failure(writeNetcdf(wild))).toContain('u10：第 100 个值 500 m/s 不合理');

    expect(() => readNetcdfWind(good, { u: 'U', v: 'V' })).toThrow('U：文件中没有这个变量');
  });
});
