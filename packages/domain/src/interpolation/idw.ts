/**
 * Inverse-distance weighting (Shepard) over a regular grid, for the pollutant fields of the image
 * analysis: the value at a point is Σ wᵢ·vᵢ / Σ wᵢ with wᵢ = 1 / dᵢ^power over the `neighbours`
 * nearest samples within `radius`. Exact at a sample (distance 0 gives its own value), bounded by the
 * neighbours' minimum and maximum, and undefined (NaN) where no sample is within the radius, so that
 * a map shows "no data" instead of inventing values far from any station.
 *
 * Coordinates are planar and in one unit (the callers project lon/lat to kilometres with
 * {@link projectKm}); distances are Euclidean in that plane.
 */

export interface Sample {
  x: number;
  y: number;
  value: number;
}

export interface IdwOptions {
  /** Exponent of the distance in the weights; 2 is the usual choice (a station's pull falls with d²). */
  power: number;
  /** How many nearest samples take part (fewer when fewer lie within the radius). */
  neighbours: number;
  /** Samples farther than this do not take part; with none inside, the point has no value (NaN). */
  radius: number;
}

/** A regular grid: the centre of cell (col, row) is (x0 + col·dx, y0 + row·dy); dy may be negative. */
export interface GridSpec {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  cols: number;
  rows: number;
}

/** Kilometres per degree of latitude (mean), and of longitude at the equator. */
const KM_PER_DEGREE = 111.2;

/**
 * Lon/lat (degrees) → planar kilometres, equirectangular about the latitude `lat0`: within an area
 * the size of China the error of distances is a few percent at the edges, far below what separates
 * stations, and it keeps the nearest-neighbour search a plain planar one.
 */
export function projectKm(lon: number, lat: number, lat0: number): { x: number; y: number } {
  return { x: lon * KM_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180), y: lat * KM_PER_DEGREE };
}

/**
 * The samples in square buckets of side `cell` (a compressed grid: the samples sorted by bucket in
 * flat arrays, each bucket an offset into them), searched ring by ring outwards from the query's
 * bucket: dense areas stop after a ring or two, sparse ones go on until the radius is covered.
 */
export class SampleIndex {
  private readonly cell: number;
  private readonly minBx: number;
  private readonly minBy: number;
  private readonly cols: number;
  private readonly rows: number;
  /** Samples of bucket b are at [start[b], start[b + 1]). */
  private readonly start: Int32Array;
  /** The samples' coordinates and values, by the index {@link nearest} reports. */
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly vs: Float64Array;
  private readonly maxRing: number;
  private readonly bestD2: Float64Array;
  private readonly bestI: Int32Array;
  readonly size: number;

  constructor(
    samples: readonly Sample[],
    private readonly options: IdwOptions,
  ) {
    if (!(options.power > 0) || !(options.neighbours >= 1) || !(options.radius > 0)) {
      throw new RangeError('IDW needs power > 0, neighbours ≥ 1 and radius > 0');
    }
    const valid = samples.filter((s) => Number.isFinite(s.x) && Number.isFinite(s.y) && Number.isFinite(s.value));
    this.size = valid.length;
    // Eight buckets across the radius: dense areas stop after a ring or two of small buckets.
    this.cell = options.radius / 8;
    this.maxRing = 9;
    let minBx = 0;
    let minBy = 0;
    let maxBx = 0;
    let maxBy = 0;
    if (valid.length > 0) {
      minBx = Number.POSITIVE_INFINITY;
      minBy = Number.POSITIVE_INFINITY;
      maxBx = Number.NEGATIVE_INFINITY;
      maxBy = Number.NEGATIVE_INFINITY;
      for (const s of valid) {
        const bx = Math.floor(s.x / this.cell);
        const by = Math.floor(s.y / this.cell);
        if (bx < minBx) minBx = bx;
        if (by < minBy) minBy = by;
        if (bx > maxBx) maxBx = bx;
        if (by > maxBy) maxBy = by;
      }
    }
    this.minBx = minBx;
    this.minBy = minBy;
    this.cols = maxBx - minBx + 1;
    this.rows = maxBy - minBy + 1;
    const bucketOf = (s: Sample) =>
      (Math.floor(s.y / this.cell) - minBy) * this.cols + (Math.floor(s.x / this.cell) - minBx);
    const counts = new Int32Array(this.cols * this.rows + 1);
    for (const s of valid) counts[bucketOf(s) + 1] = (counts[bucketOf(s) + 1] ?? 0) + 1;
    for (let b = 1; b < counts.length; b++) counts[b] = (counts[b] ?? 0) + (counts[b - 1] ?? 0);
    this.start = counts;
    const fill = counts.slice(0, -1);
    this.xs = new Float64Array(valid.length);
    this.ys = new Float64Array(valid.length);
    this.vs = new Float64Array(valid.length);
    for (const s of valid) {
      const b = bucketOf(s);
      const at = fill[b] ?? 0;
      fill[b] = at + 1;
      this.xs[at] = s.x;
      this.ys[at] = s.y;
      this.vs[at] = s.value;
    }
    this.bestD2 = new Float64Array(options.neighbours);
    this.bestI = new Int32Array(options.neighbours);
  }

  /**
   * The nearest samples to (x, y) within the radius, at most `neighbours`, nearest first: their
   * indices into xs/ys/vs and squared distances are written to `index` and `d2`; returns how many.
   * The arrays are reused by the next call.
   */
  nearest(x: number, y: number): { count: number; index: Int32Array; d2: Float64Array } {
    const { neighbours: k, radius } = this.options;
    const r2 = radius * radius;
    const { bestD2, bestI, xs, ys, start, cols, rows, cell } = this;
    let found = 0;
    let kth = Number.POSITIVE_INFINITY;
    const bx = Math.floor(x / cell) - this.minBx;
    const by = Math.floor(y / cell) - this.minBy;
    for (let ring = 0; ring <= this.maxRing; ring++) {
      // Every sample in this ring is at least (ring - 1) · cell away, wherever the query sits in its bucket.
      const near = ring === 0 ? 0 : ((ring - 1) * cell) ** 2;
      if (near > r2 || (found === k && kth <= near)) break;
      const j0 = by - ring;
      const j1 = by + ring;
      if (j1 < 0 || j0 >= rows || bx + ring < 0 || bx - ring >= cols) continue;
      for (let j = Math.max(j0, 0); j <= Math.min(j1, rows - 1); j++) {
        const edgeRow = j === j0 || j === j1;
        const step = edgeRow || ring === 0 ? 1 : 2 * ring;
        for (let i = bx - ring; i <= bx + ring; i += step) {
          if (i < 0 || i >= cols) continue;
          const b = j * cols + i;
          const end = start[b + 1] ?? 0;
          for (let n = start[b] ?? 0; n < end; n++) {
            const ddx = (xs[n] ?? 0) - x;
            const ddy = (ys[n] ?? 0) - y;
            const d2 = ddx * ddx + ddy * ddy;
            if (d2 > r2 || (found === k && d2 >= kth)) continue;
            let p = found < k ? found++ : k - 1;
            while (p > 0 && (bestD2[p - 1] ?? 0) > d2) {
              bestD2[p] = bestD2[p - 1] ?? 0;
              bestI[p] = bestI[p - 1] ?? 0;
              p--;
            }
            bestD2[p] = d2;
            bestI[p] = n;
            if (found === k) kth = bestD2[k - 1] ?? 0;
          }
        }
      }
    }
    return { count: found, index: bestI, d2: bestD2 };
  }

  /** The IDW value at (x, y), or NaN when no sample lies within the radius. */
  valueAt(x: number, y: number): number {
    const { count, index, d2 } = this.nearest(x, y);
    return idwOf(this.vs, count, index, d2, this.options.power);
  }
}

/** IDW of the first `count` neighbours found by {@link SampleIndex.nearest} (exact on a sample). */
export function idwOf(vs: Float64Array, count: number, index: Int32Array, d2s: Float64Array, power: number): number {
  if (count === 0) return Number.NaN;
  // Nearest first: a sample at the point itself is the answer.
  if ((d2s[0] ?? 1) === 0) return vs[index[0] ?? 0] ?? Number.NaN;
  let sumW = 0;
  let sumWV = 0;
  const half = power / 2;
  for (let n = 0; n < count; n++) {
    const d2 = d2s[n] ?? 1;
    // d^power = (d²)^(power/2); power 2 needs no pow at all.
    const w = half === 1 ? 1 / d2 : 1 / d2 ** half;
    sumW += w;
    sumWV += w * (vs[index[n] ?? 0] ?? 0);
  }
  return sumWV / sumW;
}

/**
 * The IDW field over `grid`, row by row (row 0 first), NaN where no sample is within the radius.
 * `include(col, row)` may skip cells (outside the area's outline) to save their work; skipped cells are NaN.
 */
export function idwGrid(
  samples: readonly Sample[],
  grid: GridSpec,
  options: IdwOptions,
  include?: (col: number, row: number) => boolean,
): Float32Array {
  const index = new SampleIndex(samples, options);
  const out = new Float32Array(grid.cols * grid.rows);
  for (let row = 0; row < grid.rows; row++) {
    const y = grid.y0 + row * grid.dy;
    for (let col = 0; col < grid.cols; col++) {
      const at = row * grid.cols + col;
      if (include !== undefined && !include(col, row)) {
        out[at] = Number.NaN;
        continue;
      }
      out[at] = index.valueAt(grid.x0 + col * grid.dx, y);
    }
  }
  return out;
}
