import type { InterpolationGrid } from '@lantian/contracts';
import { type IndexKey, LEVELS, levelBreaks } from '@lantian/domain';

/** Pixels per grid cell: the grid is at most 80 cells wide, so the picture stays under ~720 px. */
export function cellPixels(grid: Pick<InterpolationGrid, 'ncols' | 'nrows'>, maxWidth = 720): number {
  return Math.max(2, Math.floor(maxWidth / Math.max(grid.ncols, grid.nrows)));
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * A value's colour on a continuous ramp through the level colours (HJ 633-2012 hourly breakpoints):
 * each level's colour sits at the middle of its band and the colours blend in between, so a field
 * lying within one level still shows where it is higher, while a value well inside a level keeps
 * that level's colour. Below the first band's middle: its green; above the last one's: its maroon.
 */
export function rampColour(index: IndexKey, value: number): string {
  const breaks = levelBreaks(index, 'HOUR');
  const anchors = ([1, 2, 3, 4, 5, 6] as const).map((level) => ({
    at: ((breaks[level - 1] ?? 0) + (breaks[level] ?? 0)) / 2,
    colour: LEVELS[level].color,
  }));
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  if (first === undefined || last === undefined) return '#999999';
  if (value <= first.at) return first.colour;
  if (value >= last.at) return last.colour;
  for (let i = 1; i < anchors.length; i++) {
    const low = anchors[i - 1];
    const high = anchors[i];
    if (low === undefined || high === undefined || value > high.at) continue;
    const t = (value - low.at) / (high.at - low.at);
    const [a, b] = [rgb(low.colour), rgb(high.colour)];
    const mix = a.map((c, k) => Math.round(c + ((b[k] ?? c) - c) * t));
    return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return last.colour;
}

/** The colour of each cell on the level ramp, null where the grid has no value. */
export function cellColours(grid: Pick<InterpolationGrid, 'values' | 'index'>): (string | null)[][] {
  return grid.values.map((row) => row.map((v) => (v === null ? null : rampColour(grid.index as IndexKey, v))));
}

/** Where a lon/lat falls on the picture (row 0 is the north edge). */
export function pixelOf(
  grid: Pick<InterpolationGrid, 'xllcorner' | 'yllcorner' | 'cellsize' | 'nrows'>,
  px: number,
  lon: number,
  lat: number,
): { x: number; y: number } {
  return {
    x: ((lon - grid.xllcorner) / grid.cellsize) * px,
    y: (grid.nrows - (lat - grid.yllcorner) / grid.cellsize) * px,
  };
}
